// Opens what the guard checked, and only that: beneath the root one name at a time with no symlink anywhere
// (src/files/beneath.ts), non-blocking (a FIFO must not hang the server), then the opened file's device and inode
// must equal the ones the guard saw, and a file with several links must not be a blocked file under another name.

import { closeSync, constants, fstatSync, openSync, type BigIntStats } from "node:fs";
import { fail, ok, type Result } from "../errors.ts";
import type { GuardedPath } from "../security/guard.ts";
import { blockedPath } from "../security/messages.ts";
import { fsPath } from "../text/byte-names.ts";
import { openBeneath } from "./beneath.ts";
import { failFromErrno } from "../disk/errno.ts";
import { NOFOLLOW, NONBLOCK } from "./fs-native.ts";
import { notRegularFile, swappedWhileOpening } from "../disk/messages.ts";

export interface OpenedFile {
  fd: number;
  stats: BigIntStats;
}

const READ_FLAGS = constants.O_RDONLY | NOFOLLOW | NONBLOCK;

/**
 * Opens `path.real` for reading. NOT_FOUND when it is gone; FILE_CHANGED when a name on the way is now a symlink or
 * the file is another than the guard checked (a swap between check and use: retrying re-runs the guard);
 * NOT_A_FILE for FIFOs, sockets and devices; PERMISSION_DENIED, PATH_TOO_LONG from the errno table. Directories
 * open fine: the caller lists them. The caller closes `fd`.
 */
export function openChecked(path: GuardedPath): Result<OpenedFile> {
  let fd: number;
  try {
    fd =
      path.root === undefined
        ? openSync(fsPath(path.real), READ_FLAGS)
        : openBeneath(path.root, path.realRelative, READ_FLAGS);
  } catch (error) {
    return failFromErrno(error, path.display);
  }
  const stats = fstatSync(fd, { bigint: true });
  const checked = path.checked;
  if (checked && (stats.dev !== checked.dev || stats.ino !== checked.ino)) {
    closeSync(fd);
    return fail("FILE_CHANGED", swappedWhileOpening(path.display));
  }
  if (!stats.isFile() && !stats.isDirectory()) {
    closeSync(fd);
    return fail("NOT_A_FILE", notRegularFile(path.display));
  }
  if (stats.isFile() && stats.nlink > 1n && path.isBlockedInode?.(stats.dev, stats.ino)) {
    closeSync(fd);
    const { summary, details } = blockedPath(path.display);
    return fail("PATH_BLOCKED", summary, details);
  }
  return ok({ fd, stats });
}
