// Creates the missing parent directories of a new file, one level at a time, each checked to be a real directory
// inside the checked ancestor (never a symlink swapped in), and removes them again if the write then fails.

import { lstatSync, mkdirSync, realpathSync, rmdirSync } from "node:fs";
import { dirname } from "node:path";
import { fail, ok, type Result } from "../errors.ts";
import type { GuardedPath } from "../security/guard.ts";
import { directoryMoved, parentNotCreated } from "./messages.ts";

/** Creates what is missing of `dirname(path.real)`; returns the directories it created, outermost first. */
export function createParentDirectories(path: GuardedPath): Result<string[]> {
  const missing: string[] = [];
  let existing = dirname(path.real);
  while (!exists(existing)) {
    missing.unshift(existing);
    const parent = dirname(existing);
    if (parent === existing) break;
    existing = parent;
  }
  if (isPlainFile(existing))
    return fail("WRITE_FAILED", parentNotCreated(path.display, "a file is in the way"));
  if (!isRealDirectory(existing)) return fail("FILE_CHANGED", directoryMoved(path.display));
  const created: string[] = [];
  for (const directory of missing) {
    try {
      mkdirSync(directory);
      created.push(directory);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EEXIST") {
        removeDirectories(created);
        return fail("WRITE_FAILED", parentNotCreated(path.display, code ?? String(error)));
      }
    }
    if (!isRealDirectory(directory)) {
      removeDirectories(created);
      return fail("FILE_CHANGED", directoryMoved(path.display));
    }
  }
  return ok(created);
}

/** Removes directories this call created (innermost first), if they are still empty. */
export function removeDirectories(created: readonly string[]): void {
  for (const directory of [...created].reverse()) {
    try {
      rmdirSync(directory);
    } catch {
      return; // not empty any more: someone else uses it now
    }
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function isPlainFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** A directory, not a symlink to one, at its own real path. */
function isRealDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory() && realpathSync(path) === path;
  } catch {
    return false;
  }
}
