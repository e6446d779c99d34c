// The IO guard every tool goes through: lexical containment, real-path containment, and the block list.
// A new file is judged by the real path of its nearest existing ancestor; the identity checked here is
// compared again when the file is opened (no-follow), so a symlink swapped in meanwhile is caught.

import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, resolve as resolvePath } from "node:path";
import { fail, ok, type Result } from "../errors.ts";
import type { Blocklist } from "./blocklist.ts";
import { containPath, type PathFlavor } from "./containment.ts";
import { blockedPath, symlinkOutside, unresolvable } from "./messages.ts";
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
  ) {}

  resolve(input: string): Result<GuardedPath> {
    const lexical = containPath(this.root, input, this.flavor);
    if (!lexical.ok) return lexical;
    const { absolute, relative } = lexical.value;
    if (this.blocklist.isBlocked(relative)) return blocked(relative);

    const real = realPathOf(absolute);
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
    });
  }

  /** Whether a root-relative path is blocked (for listings and search). */
  isBlocked(relative: string): boolean {
    return this.blocklist.isBlocked(relative);
  }
}

function blocked(relative: string): Result<never> {
  const { summary, details } = blockedPath(relative);
  return fail("PATH_BLOCKED", summary, details);
}

const MAX_LINK_HOPS = 40;

/**
 * Whether the directory that will hold `real` still resolves to itself, i.e. no directory on the way was
 * swapped for a symlink since the guard checked it. The writer asks right before creating its temp file and
 * again right before the rename; Node has no renameat(2), so this narrows the window to microseconds.
 */
export function directoryUnchanged(real: string): boolean {
  const directory = dirname(real);
  try {
    return realpathSync(directory) === directory;
  } catch {
    return false;
  }
}

type RealPath = { path: string; exists: boolean; checked: CheckedIdentity | undefined };

/** Real path of `absolute`; for a path that does not exist yet, the real path of its nearest existing ancestor. */
function realPathOf(absolute: string): Result<RealPath> {
  try {
    const path = realpathSync(absolute);
    const stats = lstatSync(path, { bigint: true });
    return ok({ path, exists: true, checked: { dev: stats.dev, ino: stats.ino } });
  } catch (error) {
    if (!isMissing(error)) return ioFailure(absolute, error);
  }
  // Missing: follow a dangling symlink by hand so a link to an outside, not-yet-existing file is still caught.
  let current = absolute;
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    let target: string | undefined;
    try {
      if (lstatSync(current).isSymbolicLink()) target = readlinkSync(current);
    } catch (error) {
      if (!isMissing(error)) return ioFailure(current, error);
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
      if (!isMissing(error)) return ioFailure(ancestor, error);
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

function ioFailure(path: string, error: unknown): Result<never> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "EIO";
  return fail("NOT_FOUND", unresolvable(path, code));
}
