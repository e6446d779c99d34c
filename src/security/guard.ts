// The IO guard every tool goes through: lexical containment, real-path containment, and the block list.
// A new file is judged by the real path of its nearest existing ancestor.

import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { dirname, resolve as resolvePath } from "node:path";
import { fail, ok, type Result } from "../errors.ts";
import type { Blocklist } from "./blocklist.ts";
import { containPath } from "./containment.ts";

export interface GuardedPath {
  /** Root-relative path as requested, `/`-separated: what messages show. */
  display: string;
  /** The real path to open: symlinks resolved (for a new file: real parent + remaining names). */
  real: string;
  /** Root-relative real path. */
  realRelative: string;
  exists: boolean;
}

export class PathGuard {
  constructor(
    readonly root: string,
    readonly blocklist: Blocklist,
  ) {}

  resolve(input: string): Result<GuardedPath> {
    const lexical = containPath(this.root, input);
    if (!lexical.ok) return lexical;
    const { absolute, relative } = lexical.value;
    if (this.blocklist.isBlocked(relative)) return blocked(relative);

    const real = realPathOf(absolute);
    if (!real.ok) return real;
    const contained = containPath(this.root, real.value.path);
    if (!contained.ok) {
      return fail(
        "PATH_OUTSIDE_ROOT",
        `${JSON.stringify(input)} resolves (through a symlink) to a place outside the root.`,
        "Symlinks that point out of the root are not followed. Use a path inside the root.",
      );
    }
    if (this.blocklist.isBlocked(contained.value.relative)) return blocked(relative);
    return ok({
      display: relative === "" ? "." : relative,
      real: real.value.path,
      realRelative: contained.value.relative,
      exists: real.value.exists,
    });
  }

  /** Whether a root-relative path is blocked (for listings and search). */
  isBlocked(relative: string): boolean {
    return this.blocklist.isBlocked(relative);
  }
}

function blocked(relative: string): Result<never> {
  return fail(
    "PATH_BLOCKED",
    `${relative} is blocked by lapp's block list (secrets and credentials are never read or written).`,
    "The user can unblock a pattern with --allow '<glob>' when starting lapp.",
  );
}

const MAX_LINK_HOPS = 40;

/** Real path of `absolute`; for a path that does not exist yet, the real path of its nearest existing ancestor. */
function realPathOf(absolute: string): Result<{ path: string; exists: boolean }> {
  try {
    return ok({ path: realpathSync(absolute), exists: true });
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
      return ok({ path: tail ? `${real === "/" ? "" : real}/${tail}` : real, exists: false });
    } catch (error) {
      if (!isMissing(error)) return ioFailure(ancestor, error);
      const parent = dirname(ancestor);
      if (parent === ancestor) return ok({ path: current, exists: false });
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
  return fail("NOT_FOUND", `cannot resolve ${path}: ${code}.`);
}
