// The IO guard every tool goes through: lexical containment, real-path containment, and the block list.
// A new file is judged by the real path of its nearest existing ancestor (dangling links followed by hand); the
// identity checked here is compared again when the file is opened beneath the root (src/files/beneath.ts).

import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, resolve as resolvePath } from "node:path";
import { fail, ok, type Result } from "../errors.ts";
import { failFromErrno } from "../disk/errno.ts";
import { isRootGone, rootGoneFailure } from "../disk/root-gone.ts";
import { pathTooLong } from "../disk/messages.ts";
import type { Blocklist } from "./blocklist.ts";
import { containPath, normalizePosix, type PathFlavor } from "./containment.ts";
import { BlockedInodes } from "./blocked-inodes.ts";
import { blockedPath, strayEscape, symlinkOutside, unresolvable } from "./messages.ts";
import { byteLength, canonicalName, decodeName, fsPath, strayUnit } from "../text/byte-names.ts";
import { parentPath } from "../text/path-strings.ts";
import { quotePath } from "../text/quote-path.ts";

export interface GuardedPath {
  /** Root-relative path as requested, `/`-separated: what messages show. */
  display: string;
  /** The real path to open: symlinks resolved (for a new file: real parent + remaining names). */
  real: string;
  /** Root-relative real path. */
  realRelative: string;
  exists: boolean;
  /**
   * Device and inode of the real path when it was checked (undefined for a new file). What lapp later
   * opens with no-follow must be this same file, else something was swapped in between check and use.
   */
  checked: CheckedIdentity | undefined;
  /** The root's real path: files are opened beneath it, one name at a time (src/files/beneath.ts). */
  root?: string;
  /** Whether a file with this device and inode is a blocked file under another name (a hard link). */
  isBlockedInode?: (dev: bigint, ino: bigint) => boolean;
}

export interface CheckedIdentity {
  dev: bigint;
  ino: bigint;
}

export class PathGuard {
  constructor(
    readonly root: string,
    readonly blocklist: Blocklist,
    readonly flavor: PathFlavor = process.platform === "win32" ? "win32" : "posix",
  ) {
    this.blockedInodes = new BlockedInodes(root, (relative) => this.isBlocked(relative));
    this.resolvedBase = realBase(root);
  }

  /**
   * The root when it is its own real path: resolution then starts there. Its ancestors are the user's choice and
   * trusted, as every open beneath the root trusts them (src/files/beneath.ts); checking them name by name on
   * every call cost a system call each (half of them in a search that records dozens of shown files).
   */
  private readonly resolvedBase: string | undefined;

  private readonly blockedInodes: BlockedInodes;

  /**
   * `input` is an exact path: escaped bytes (src/text/byte-names.ts) name exactly their file. (A model's path in the
   * quoted form lapp shows is unquoted before: src/server/call.ts.)
   */
  resolve(input: string): Result<GuardedPath> {
    const stray = strayUnit(input);
    if (stray !== undefined) return fail("INVALID_ARGUMENTS", strayEscape(input, stray));
    const lexical = containPath(this.root, canonicalName(input), this.flavor);
    if (!lexical.ok) return lexical;
    const { absolute, relative } = lexical.value;
    if (this.blocklist.isBlocked(relative)) return blocked(relative);
    if (tooLong(absolute)) return fail("PATH_TOO_LONG", pathTooLong(relative));

    const real =
      this.flavor === "posix"
        ? resolvePosix(absolute, relative, this.resolvedBase)
        : realPathOf(absolute, relative);
    // Nothing under a deleted root exists: say so, not "does not exist" or "a directory on the way was replaced".
    if ((!real.ok || !real.value.exists) && isRootGone(this.root)) return rootGoneFailure(this.root);
    if (!real.ok) return real;
    const contained = containPath(this.root, real.value.path, this.flavor);
    if (!contained.ok) {
      const { summary, details } = symlinkOutside(input);
      return fail("PATH_OUTSIDE_ROOT", summary, details);
    }
    if (this.blocklist.isBlocked(contained.value.relative)) return blocked(relative);
    return ok({
      display: relative === "" ? "." : quotePath(relative),
      real: real.value.path,
      realRelative: contained.value.relative,
      exists: real.value.exists,
      checked: real.value.checked,
      root: this.root,
      isBlockedInode: (dev, ino) => this.blockedInodes.has(dev, ino),
    });
  }

  /**
   * Whether a root-relative path is blocked (for listings and search). One function for the guard's life, which
   * always answers the same for the same path: a search keeps its verdicts with kept folder listings (walk.ts).
   */
  readonly isBlocked = (relative: string): boolean => this.blocklist.isBlocked(relative);
}

function blocked(relative: string): Result<never> {
  const { summary, details } = blockedPath(relative);
  return fail("PATH_BLOCKED", summary, details);
}

const MAX_LINK_HOPS = 40;
/** PATH_MAX (Linux 4096, macOS 1024, terminating NUL included) and NAME_MAX: longer cannot be opened anyway. */
const PATH_MAX = process.platform === "darwin" ? 1024 : process.platform === "win32" ? 32_767 : 4096;
const NAME_MAX = 255;

function tooLong(absolute: string): boolean {
  if (byteLength(absolute) >= PATH_MAX) return true;
  return absolute.split(/[\\/]/).some((name) => byteLength(name) > NAME_MAX);
}

/**
 * Whether the directory that will hold `real` still resolves to itself, i.e. no directory on the way was
 * swapped for a symlink since the guard checked it. The writer asks right before creating its temp file and
 * again right before the rename; Node has no renameat(2), so this narrows the window to microseconds.
 */
export function directoryUnchanged(real: string): boolean {
  const directory = parentPath(real);
  try {
    return decodeName(realpathSync(fsPath(directory), { encoding: "buffer" })) === directory;
  } catch {
    return false;
  }
}

type RealPath = { path: string; exists: boolean; checked: CheckedIdentity | undefined };

/** `root` when it is a real path (resolution may start there), else undefined. */
function realBase(root: string): string | undefined {
  try {
    return realpathSync(root) === root ? root : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSIX: resolves `absolute` one name at a time (lstat, readlink), like realpath(3) but also through a missing tail
 * and dangling links at any depth: `link/new.txt` with `link -> ../outside/gone` resolves outside, not inside.
 * Exported for its test (tests/security/guard-base.test.ts): from a real `base` it must answer as from `/`.
 */
export function resolvePosix(absolute: string, display: string, base?: string): Result<RealPath> {
  // Below a real `base`, only the names after it need resolving (a symlink out of it restarts from `/`).
  const from = base !== undefined && base !== "/" && absolute.startsWith(`${base}/`) ? base : "/";
  const pending = absolute
    .slice(from === "/" ? 0 : from.length)
    .split("/")
    .filter(Boolean)
    .reverse();
  let resolved = from;
  let hops = 0;
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name === ".") continue;
    if (name === "..") {
      resolved = parentPath(resolved);
      continue;
    }
    const candidate = resolved === "/" ? `/${name}` : `${resolved}/${name}`;
    let stats;
    try {
      stats = lstatSync(fsPath(candidate), { bigint: true });
    } catch (error) {
      if (!isMissing(error)) return ioFailure(display, error);
      // Nothing below a missing name exists: the rest is lexical.
      const rest = [...pending].reverse().join("/");
      return ok({ path: normalizePosix(`${candidate}/${rest}`), exists: false, checked: undefined });
    }
    if (stats.isSymbolicLink()) {
      if (++hops > MAX_LINK_HOPS) return fail("NOT_FOUND", unresolvable(display, "ELOOP"));
      let target: string;
      try {
        target = decodeName(readlinkSync(fsPath(candidate), { encoding: "buffer" }));
      } catch (error) {
        return ioFailure(display, error);
      }
      if (target.startsWith("/")) resolved = "/";
      pending.push(...target.split("/").filter(Boolean).reverse());
      continue;
    }
    if (pending.length > 0 && !stats.isDirectory()) {
      // A file in the middle of the path: nothing can be below it.
      const rest = [...pending].reverse().join("/");
      return ok({ path: normalizePosix(`${candidate}/${rest}`), exists: false, checked: undefined });
    }
    resolved = candidate;
    if (pending.length === 0)
      return ok({ path: resolved, exists: true, checked: { dev: stats.dev, ino: stats.ino } });
  }
  // The base itself (the root, or `/`): gone when the root was deleted.
  let stats;
  try {
    stats = lstatSync(fsPath(resolved), { bigint: true });
  } catch (error) {
    return ioFailure(display, error);
  }
  return ok({ path: resolved, exists: true, checked: { dev: stats.dev, ino: stats.ino } });
}

/** Windows: real path of `absolute`; for a path that does not exist yet, that of its nearest existing ancestor. */
function realPathOf(absolute: string, display: string): Result<RealPath> {
  try {
    const path = realpathSync(absolute);
    const stats = lstatSync(path, { bigint: true });
    return ok({ path, exists: true, checked: { dev: stats.dev, ino: stats.ino } });
  } catch (error) {
    if (!isMissing(error)) return ioFailure(display, error);
  }
  // Missing: follow a dangling symlink by hand so a link to an outside, not-yet-existing file is still caught.
  let current = absolute;
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    let target: string | undefined;
    try {
      if (lstatSync(current).isSymbolicLink()) target = readlinkSync(current);
    } catch (error) {
      if (!isMissing(error)) return ioFailure(display, error);
    }
    if (target === undefined) break;
    current = resolvePath(dirname(current), target);
  }
  const missing: string[] = [];
  let ancestor = current;
  while (true) {
    try {
      const real = realpathSync(ancestor);
      const tail = missing.reverse().join("/");
      return ok({
        path: tail ? `${real === "/" ? "" : real}/${tail}` : real,
        exists: false,
        checked: undefined,
      });
    } catch (error) {
      if (!isMissing(error)) return ioFailure(display, error);
      const parent = dirname(ancestor);
      if (parent === ancestor) return ok({ path: current, exists: false, checked: undefined });
      missing.push(ancestor.slice(parent.length).replace(/^\//, ""));
      ancestor = parent;
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Through the one errno table: EACCES is PERMISSION_DENIED, ENAMETOOLONG is PATH_TOO_LONG (path shortened). */
function ioFailure(display: string, error: unknown): Result<never> {
  return failFromErrno(error, display);
}
