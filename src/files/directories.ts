// Creates the missing parent directories of a new file, one level at a time with mkdirat inside the verified
// nearest existing ancestor (never through a symlink swapped in), and removes them again if the write then fails.

import { fail, ok, type Result } from "../errors.ts";
import type { GuardedPath } from "../security/guard.ts";
import { openDirectoryBeneath, type DirectoryHandle } from "./beneath.ts";
import { errnoOf, isPermissionErrno } from "../disk/errno.ts";
import { isRootGone, rootGoneFailure } from "../disk/root-gone.ts";
import { directoryMoved, parentNotCreated } from "./messages.ts";
import { permissionDenied } from "../disk/messages.ts";

/** Where each created directory lives, so removing it again also goes through a verified descriptor. */
const createdBeneath = new Map<string, { root: string; parent: string; name: string }>();

/** Creates what is missing of the parent of `path`; returns the directories it created, outermost first. */
export function createParentDirectories(path: GuardedPath): Result<string[]> {
  const root = path.root ?? rootOf(path);
  const names = path.realRelative.split("/").slice(0, -1);
  let directory: DirectoryHandle;
  try {
    directory = openDirectoryBeneath(root, "");
  } catch (error) {
    return failure(path, error);
  }
  const created: string[] = [];
  let relative = "";
  try {
    for (const name of names) {
      try {
        directory.mkdir(name, 0o777);
        const absolute = `${directory.path}/${name}`;
        created.push(absolute);
        createdBeneath.set(absolute, { root, parent: relative, name });
      } catch (error) {
        if (errnoOf(error) !== "EEXIST") throw error;
      }
      const next = directory.child(name);
      directory.close();
      directory = next;
      relative = relative === "" ? name : `${relative}/${name}`;
    }
    return ok(created);
  } catch (error) {
    removeDirectories(created);
    return failure(path, error);
  } finally {
    directory.close();
  }
}

function failure(path: GuardedPath, error: unknown): Result<never> {
  const errno = errnoOf(error);
  if (isPermissionErrno(errno)) return fail("PERMISSION_DENIED", permissionDenied(path.display));
  if (errno === "ENOTDIR")
    return fail("WRITE_FAILED", parentNotCreated(path.display, "a file is in the way"));
  if (errno === "ELOOP" || errno === "EMLINK" || errno === "ESCAPED" || errno === "ENOENT") {
    if (isRootGone(path.root)) return rootGoneFailure(path.root!);
    return fail("FILE_CHANGED", directoryMoved(path.display));
  }
  return fail("WRITE_FAILED", parentNotCreated(path.display, errno));
}

/** The root of a GuardedPath made without one: its real path minus its root-relative part. */
function rootOf(path: GuardedPath): string {
  return path.realRelative === "" ? path.real : path.real.slice(0, -(path.realRelative.length + 1)) || "/";
}

/** Removes directories this call created (innermost first), if they are still empty. */
export function removeDirectories(created: readonly string[]): void {
  for (const absolute of [...created].reverse()) {
    const where = createdBeneath.get(absolute);
    createdBeneath.delete(absolute);
    if (!where) return;
    try {
      const parent = openDirectoryBeneath(where.root, where.parent);
      try {
        parent.rmdir(where.name);
      } finally {
        parent.close();
      }
    } catch {
      return; // not empty any more (someone else uses it now), or moved: leave it
    }
  }
}
