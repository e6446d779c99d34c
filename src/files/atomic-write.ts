// The only code that writes user files: a temp copy beside the target (exclusive create, fsync), then — under
// the version lock, after checking the file is exactly what was loaded — rename over it and fsync the directory.

import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
  type BigIntStats,
} from "node:fs";
import { basename, dirname } from "node:path";
import { fail, ok, type Result } from "../errors.ts";
import { fileExists } from "../messages.ts";
import { directoryUnchanged } from "../security/guard.ts";
import { recoveryPathFor, tempPath } from "./artifacts.ts";
import { contentDigest, currentIdentity, sameIdentity, type FileIdentity } from "./identity.ts";
import { readAll } from "./load.ts";
import { directoryMoved, fileChanged, inPlaceWriteFailed, otherWriter, writeFailed } from "./messages.ts";
import { sweepLeftovers } from "./sweep.ts";
import { lockVersion } from "./version-lock.ts";

export interface WriteRequest {
  /** Real path of the target (symlinks already resolved, so a link stays a link). */
  real: string;
  display: string;
  bytes: Uint8Array;
  /** Identity (with digest) at load time; undefined for a new file, which must then still not exist. */
  expected: FileIdentity | undefined;
}

/**
 * Writes atomically. FILE_CHANGED when the target moved on since `expected`; FILE_EXISTS when a new file's name
 * is taken; WRITE_FAILED for IO errors. Nothing is written in any failure case (except an interrupted in-place
 * overwrite, which says so and keeps a recovery copy).
 */
export function writeFileAtomic(request: WriteRequest): Result<FileIdentity> {
  const { real, display } = request;
  if (!directoryUnchanged(real)) return fail("FILE_CHANGED", directoryMoved(display));
  const target = lstatOrUndefined(real);
  if (request.expected === undefined && target) return fail("FILE_EXISTS", fileExists(display));
  // The file vanished, or became a symlink or directory, since it was loaded.
  if (request.expected !== undefined && !target?.isFile()) return fail("FILE_CHANGED", fileChanged(display));

  const temp = tempPath(real);
  try {
    const inPlace = writeTemp(temp, request.bytes, target);
    const committed =
      request.expected === undefined
        ? publishNew(temp, request)
        : replaceExisting(temp, request, request.expected, inPlace);
    if (!committed.ok) return committed;
    const identity = currentIdentity(real);
    if (!identity) return fail("WRITE_FAILED", writeFailed(display, "the file vanished right after writing"));
    return ok(identity);
  } catch (error) {
    return fail("WRITE_FAILED", writeFailed(display, describe(error)));
  } finally {
    rmSync(temp, { force: true });
    sweepLeftovers(real);
  }
}

/**
 * Writes and syncs the complete new content to `temp`, with the target's mode (and owner, as root). Returns
 * true when the target must be overwritten in place instead of renamed over: it has other hard links (they
 * must see the change), or its owner or group cannot be given to a new file by this (non-root) user.
 */
function writeTemp(temp: string, bytes: Uint8Array, target: BigIntStats | undefined): boolean {
  // A new file gets 0666 minus the umask, like any file a shell creates; an existing one keeps its exact mode.
  const fd = openSync(temp, "wx", target ? 0o600 : 0o666);
  let inPlace = false;
  try {
    writeAll(fd, bytes);
    if (target) {
      inPlace = target.nlink > 1n || !keepOwner(fd, target);
      // chown clears set-id bits, so the mode is set after it.
      fchmodSync(fd, Number(target.mode & 0o7777n));
    }
    fsyncSync(fd);
    if (fstatSync(fd).size !== bytes.length) throw new Error("short write to the temp file");
  } finally {
    closeSync(fd);
  }
  return inPlace;
}

/** Gives the temp file the target's owner and group; false when this user may not (then write in place). */
function keepOwner(fd: number, target: BigIntStats): boolean {
  const uid = Number(target.uid);
  const gid = Number(target.gid);
  const mine = fstatSync(fd);
  if (mine.uid === uid && mine.gid === gid) return true;
  try {
    fchownSync(fd, uid, gid);
    return true;
  } catch {
    return false;
  }
}

/** A new file appears with link(2), which never replaces a file that appeared meanwhile. */
function publishNew(temp: string, request: WriteRequest): Result<true> {
  if (!directoryUnchanged(request.real)) return fail("FILE_CHANGED", directoryMoved(request.display));
  try {
    linkSync(temp, request.real);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return fail("FILE_EXISTS", fileExists(request.display));
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
    // Filesystems without hard links: check, then rename (a creator racing in this instant would be replaced).
    if (currentIdentity(request.real)) return fail("FILE_EXISTS", fileExists(request.display));
    renameSync(temp, request.real);
  }
  fsyncDirectory(dirname(request.real));
  return ok(true);
}

/** Under the version lock: the file must still be exactly what was loaded, then rename (or overwrite in place). */
function replaceExisting(
  temp: string,
  request: WriteRequest,
  expected: FileIdentity,
  inPlace: boolean,
): Result<true> {
  const lock = lockVersion(request.real, expected);
  if (!lock.held) return fail("FILE_CHANGED", otherWriter(request.display));
  try {
    if (!unchangedSinceLoad(request.real, expected))
      return fail("FILE_CHANGED", fileChanged(request.display));
    if (!directoryUnchanged(request.real)) return fail("FILE_CHANGED", directoryMoved(request.display));
    if (inPlace) return overwriteInPlace(temp, request);
    renameSync(temp, request.real);
    fsyncDirectory(dirname(request.real));
    return ok(true);
  } finally {
    lock.release();
  }
}

/** Same inode and metadata as at load time, not a symlink now, and (when known) the same bytes. */
function unchangedSinceLoad(real: string, expected: FileIdentity): boolean {
  if (!sameIdentity(currentIdentity(real), expected)) return false;
  if (expected.digest === undefined) return true;
  const fd = openSync(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    return contentDigest(readAll(fd, Number(expected.size))) === expected.digest;
  } finally {
    closeSync(fd);
  }
}

/**
 * For hard links and foreign owners: the synced temp copy is first renamed to a recovery name, so if lapp dies
 * in the middle of the overwrite the complete new content survives beside the file (never swept while it
 * differs from the file). Then the target's own inode is rewritten, truncated and synced.
 */
function overwriteInPlace(temp: string, request: WriteRequest): Result<true> {
  const recovery = recoveryPathFor(temp);
  renameSync(temp, recovery);
  fsyncDirectory(dirname(request.real));
  try {
    const fd = openSync(request.real, constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0));
    try {
      writeAll(fd, request.bytes, 0);
      ftruncateSync(fd, request.bytes.length);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return fail("WRITE_FAILED", inPlaceWriteFailed(request.display, describe(error), basename(recovery)));
  }
  rmSync(recovery, { force: true });
  return ok(true);
}

function writeAll(fd: number, bytes: Uint8Array, position: number | null = null) {
  let written = 0;
  while (written < bytes.length) {
    written += writeSync(
      fd,
      bytes,
      written,
      bytes.length - written,
      position === null ? null : position + written,
    );
  }
}

function fsyncDirectory(directory: string) {
  try {
    const fd = openSync(directory, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some filesystems refuse fsync on directories; the rename itself has already happened.
  }
}

function lstatOrUndefined(path: string): BigIntStats | undefined {
  try {
    return lstatSync(path, { bigint: true });
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}
