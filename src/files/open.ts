// Opens what the guard checked, and only that: no-follow for the last name, non-blocking (a FIFO must not hang
// the server), then the opened file's device and inode must equal the ones the guard saw.

import { closeSync, constants, fstatSync, openSync, type BigIntStats } from "node:fs";
import { fail, ok, type Result } from "../errors.ts";
import type { GuardedPath } from "../security/guard.ts";
import { cannotOpen, notFound, notRegularFile, swappedWhileOpening } from "./messages.ts";

export interface OpenedFile {
  fd: number;
  stats: BigIntStats;
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Opens `path.real` for reading. NOT_FOUND when it is gone; FILE_CHANGED when it is now a symlink or another
 * file than the guard checked (a swap between check and use: retrying re-runs the guard); NOT_FOUND for
 * FIFOs, sockets and devices. Directories open fine: the caller lists them. The caller closes `fd`.
 */
export function openChecked(path: GuardedPath): Result<OpenedFile> {
  let fd: number;
  try {
    fd = openSync(path.real, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return fail("NOT_FOUND", notFound(path.display));
    // O_NOFOLLOW on a symlink fails with ELOOP (EMLINK on some BSDs).
    if (code === "ELOOP" || code === "EMLINK") return fail("FILE_CHANGED", swappedWhileOpening(path.display));
    return fail("NOT_FOUND", cannotOpen(path.display, code ?? "error"));
  }
  const stats = fstatSync(fd, { bigint: true });
  const checked = path.checked;
  if (checked && (stats.dev !== checked.dev || stats.ino !== checked.ino)) {
    closeSync(fd);
    return fail("FILE_CHANGED", swappedWhileOpening(path.display));
  }
  if (!stats.isFile() && !stats.isDirectory()) {
    closeSync(fd);
    return fail("NOT_FOUND", notRegularFile(path.display));
  }
  return ok({ fd, stats });
}
