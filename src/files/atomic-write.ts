// The only code that writes user files, all through one verified directory descriptor (src/files/beneath.ts): a
// temp copy beside the target (exclusive create, fsync), then — under the version lock, after checking the file is
// exactly what was loaded — rename over it, fsync the directory, and check that what landed is what was written.
// Removing a file (a patch's Delete File) goes through the same directory descriptor, lock and check.

import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  writeSync,
} from "node:fs";
import type { BigIntStats } from "node:fs";
import { lastName, parentPath } from "../text/path-strings.ts";
import { fail, ok, type Result } from "../errors.ts";
import { fileExists } from "../messages.ts";
import { closeLater } from "./close-later.ts";
import { tempName } from "./artifacts.ts";
import { openDirectoryBeneath, type DirectoryHandle } from "./beneath.ts";
import { errnoOf, ESCAPED, isPermissionErrno } from "../disk/errno.ts";
import { NONBLOCK } from "./fs-native.ts";
import { contentDigest, identityOf, sameIdentity, type FileIdentity } from "./identity.ts";
import { descriptorHolds, digestOfDescriptor } from "./load.ts";
import {
  directoryMoved,
  disappearedAfterWrite,
  fileChanged,
  fileInUse,
  inPlaceNoSpace,
  inPlaceWriteFailed,
  otherWriter,
  writeFailed,
} from "./messages.ts";
import { permissionDenied } from "../disk/messages.ts";
import { isRootGone, rootGoneFailure } from "../disk/root-gone.ts";
import { sweepIn } from "./sweep.ts";
import { lockVersion, unlinkQuietly } from "./version-lock.ts";

export interface WriteRequest {
  /** Real path of the target (symlinks already resolved, so a link stays a link). */
  real: string;
  display: string;
  bytes: Uint8Array;
  /** Identity (with digest) at load time; undefined for a new file, which must then still not exist. */
  expected: FileIdentity | undefined;
  /** The bytes `expected` describes, while they are still at hand: compared instead of read whole and hashed. */
  expectedBytes?: () => Uint8Array | undefined;
  /** The root's real path and the target's root-relative real path: the directory is opened beneath the root. */
  root?: string;
  realRelative?: string;
}

const READ = constants.O_RDONLY | NONBLOCK;
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NONBLOCK;

/**
 * Writes atomically. FILE_CHANGED when the target moved on since `expected` (or a directory on the way was
 * swapped); FILE_EXISTS when a new file's name is taken; PERMISSION_DENIED when lapp's user may not write it;
 * WRITE_FAILED for other IO errors. Nothing is written in any failure case (except an interrupted in-place
 * overwrite past its reservation, which says so and keeps a recovery copy).
 */
export function writeFileAtomic(
  request: WriteRequest,
  /** Opens the target's directory (a test may watch what is done through it). */
  openDirectory: (request: WriteRequest) => DirectoryHandle = openParent,
): Result<FileIdentity> {
  const { display } = request;
  const name = lastName(request.real);
  const opened = openParentChecked(request, openDirectory);
  if (!opened.ok) return opened;
  const directory = opened.value;
  const temp = tempName(name);
  let committed = false;
  let writable: number | undefined;
  try {
    const target = statEntry(directory, name);
    if (target === "symlink") return fail("FILE_CHANGED", fileChanged(display));
    if (request.expected === undefined && target) return fail("FILE_EXISTS", fileExists(display));
    // The file vanished, or became a directory or something else, since it was loaded.
    if (request.expected !== undefined && !target?.isFile())
      return fail("FILE_CHANGED", fileChanged(display));
    if (target) {
      // Writability first: a file lapp's user may not write is refused before anything is created.
      try {
        writable = directory.open(name, constants.O_WRONLY | NONBLOCK);
      } catch (error) {
        if (isPermissionErrno(errnoOf(error))) return fail("PERMISSION_DENIED", permissionDenied(display));
        throw error;
      }
    }
    const written = writeTemp(directory, temp, request.bytes, target || undefined);
    const inPlace = written.inPlace;
    // Writable, and not needed for an in-place overwrite: released before the rename, which Windows (and volumes
    // without POSIX rename semantics) refuse over a file still open. Nothing it proved can change by closing it.
    if (!inPlace && writable !== undefined) {
      closeSync(writable);
      writable = undefined;
    }
    const done =
      request.expected === undefined
        ? publishNew(directory, temp, name, request)
        : replaceExisting(directory, temp, name, request, request.expected, inPlace ? writable : undefined);
    if (!done.ok) return done;
    committed = true;
    // What landed is the temp's inode (renamed or linked), or the target's own when overwritten in place.
    const landed = inPlace && target ? target : written.stats;
    return verifyLanded(directory, name, request, landed);
  } catch (error) {
    return failureOf(error, display);
  } finally {
    if (writable !== undefined) closeSync(writable);
    unlinkQuietly(directory, temp);
    sweepIn(directory, name, { whole: committed });
    directory.close();
  }
}

/** The target's directory, opened beneath the root; PERMISSION_DENIED or FILE_CHANGED (moved) when it cannot be. */
function openParentChecked<R extends WriteRequest | RemoveRequest>(
  request: R,
  openDirectory: (request: R) => DirectoryHandle,
): Result<DirectoryHandle> {
  try {
    return ok(openDirectory(request));
  } catch (error) {
    if (isPermissionErrno(errnoOf(error)))
      return fail("PERMISSION_DENIED", permissionDenied(request.display));
    if (isRootGone(request.root)) return rootGoneFailure(request.root!);
    return fail("FILE_CHANGED", directoryMoved(request.display));
  }
}

/** An IO error while writing or removing, as the code a model can act on; nothing was written. */
function failureOf(error: unknown, display: string): Result<never> {
  const errno = errnoOf(error);
  if (isPermissionErrno(errno)) return fail("PERMISSION_DENIED", permissionDenied(display));
  // The directory or the file moved under lapp's feet (ESCAPED: not where it was verified); nothing was written.
  if (errno === ESCAPED) return fail("FILE_CHANGED", fileChanged(display));
  return fail("WRITE_FAILED", writeFailed(display, describe(error)));
}

export function openParent(request: Pick<WriteRequest, "real" | "root" | "realRelative">): DirectoryHandle {
  if (request.root !== undefined && request.realRelative !== undefined) {
    const slash = request.realRelative.lastIndexOf("/");
    return openDirectoryBeneath(request.root, slash === -1 ? "" : request.realRelative.slice(0, slash));
  }
  // No root given (a caller outside the tools): the parent itself is the trusted base.
  return openDirectoryBeneath(parentPath(request.real), "");
}

/** The entry's metadata without following a symlink: undefined when absent, "symlink" for a link. */
function statEntry(directory: DirectoryHandle, name: string): BigIntStats | "symlink" | undefined {
  let fd: number;
  try {
    fd = directory.open(name, READ);
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === "ENOENT") return undefined;
    if (errno === "ELOOP" || errno === "EMLINK") return "symlink";
    throw error;
  }
  try {
    return fstatSync(fd, { bigint: true });
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes and syncs the complete new content to the temp file, with the target's mode (and owner, as root).
 * Returns true when the target must be overwritten in place instead of renamed over: it has other hard links
 * (they must see the change), or its owner or group cannot be given to a new file by this (non-root) user.
 */
function writeTemp(
  directory: DirectoryHandle,
  temp: string,
  bytes: Uint8Array,
  target: BigIntStats | undefined,
): { inPlace: boolean; stats: BigIntStats } {
  // A new file gets 0666 minus the umask, like any file a shell creates; an existing one keeps its exact mode.
  const mode = target ? 0o600 : 0o666 & ~process.umask();
  const fd = directory.open(temp, CREATE, mode);
  let inPlace = false;
  try {
    writeAll(fd, bytes);
    if (target) {
      inPlace = target.nlink > 1n || !keepOwner(fd, target);
      // chown clears set-id bits, so the mode is set after it.
      fchmodSync(fd, Number(target.mode & 0o7777n));
    } else {
      // Explicit: a variadic mode argument is not passed reliably through FFI on every platform.
      fchmodSync(fd, mode);
    }
    fsyncSync(fd);
    const stats = fstatSync(fd, { bigint: true });
    if (stats.size !== BigInt(bytes.length)) throw new Error("short write to the temp file");
    return { inPlace, stats };
  } finally {
    closeSync(fd);
  }
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
function publishNew(
  directory: DirectoryHandle,
  temp: string,
  name: string,
  request: WriteRequest,
): Result<true> {
  try {
    directory.link(temp, name);
  } catch (error) {
    const code = errnoOf(error);
    if (code === "EEXIST") return fail("FILE_EXISTS", fileExists(request.display));
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw error;
    // Filesystems without hard links: check, then rename (a creator racing in this instant would be replaced).
    if (statEntry(directory, name) !== undefined) return fail("FILE_EXISTS", fileExists(request.display));
    directory.rename(temp, name);
  }
  syncDirectory(directory);
  return ok(true);
}

/** Under the version lock: the file must still be exactly what was loaded, then rename (or overwrite in place). */
function replaceExisting(
  directory: DirectoryHandle,
  temp: string,
  name: string,
  request: WriteRequest,
  expected: FileIdentity,
  inPlaceFd: number | undefined,
): Result<true> {
  const lock = lockVersion({ directory, name }, expected);
  if (!lock.held) return fail("FILE_CHANGED", otherWriter(request.display));
  try {
    // The checked descriptor is held across the rename (see below) where the volume allows it.
    let holdChecked = !REPLACING_OPEN_FILE_REFUSED;
    for (let waits = 0; ;) {
      let checked = openUnchanged(directory, name, expected, request.expectedBytes);
      if (checked === undefined) return fail("FILE_CHANGED", fileChanged(request.display));
      try {
        if (inPlaceFd !== undefined) {
          checked = closeNow(checked);
          return overwriteInPlace(directory, temp, inPlaceFd, request, expected);
        }
        // Held across the rename, the checked descriptor keeps the replaced file's blocks until it is closed after the
        // answer (closeLater) instead of having them freed inside the rename: ~4.5 ms of an edit of a 9 MB file.
        if (!holdChecked) checked = closeNow(checked);
        directory.rename(temp, name);
        syncDirectory(directory);
        if (checked !== undefined) checked = closeLater(checked);
        return ok(true);
      } catch (error) {
        if (!inUse(errnoOf(error))) throw error;
        // A volume refusing to rename over an open file (a network share) may be refusing lapp's own descriptor.
        if (holdChecked) {
          holdChecked = false;
          continue;
        }
        const wait = IN_USE_WAITS_MS[waits++];
        if (wait === undefined) return fail("PERMISSION_DENIED", fileInUse(request.display));
        // Checked again before the next try: whoever held the file open may have changed it.
        Atomics.wait(PAUSE, 0, 0, wait);
      } finally {
        if (checked !== undefined) closeSync(checked);
      }
    }
  } finally {
    lock.release();
  }
}

/**
 * Windows refuses to rename over a file another program has open (an editor, a virus scanner, another lapp reading
 * it) unless the volume gives POSIX semantics; such a hold lasts milliseconds, so the rename is tried again, after
 * waits of these lengths (255 ms in all). EBUSY (a network share) is the same refusal anywhere.
 */
const IN_USE_WAITS_MS = [1, 2, 4, 8, 16, 32, 64, 128];
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

const inUse = (errno: string): boolean =>
  errno === "EBUSY" || (process.platform === "win32" && (errno === "EPERM" || errno === "EACCES"));

/** Windows (without POSIX semantics) refuses to rename over a file some descriptor still holds. */
const REPLACING_OPEN_FILE_REFUSED = process.platform === "win32";

/** Closes `fd` and gives undefined, for `checked = closeNow(checked)`. */
function closeNow(fd: number): undefined {
  closeSync(fd);
  return undefined;
}

/**
 * The file at `name`, opened, when it has the same inode and metadata as at load time, is not a symlink now, and
 * (when known) has the same bytes: compared with the loaded bytes while they are at hand, else by digest. Undefined
 * when it is not that file; the caller closes the descriptor.
 */
function openUnchanged(
  directory: DirectoryHandle,
  name: string,
  expected: FileIdentity,
  expectedBytes?: () => Uint8Array | undefined,
): number | undefined {
  let fd: number;
  try {
    fd = directory.open(name, READ);
  } catch {
    return undefined;
  }
  let unchanged = false;
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile() || !sameIdentity(identityOf(stats), expected)) return undefined;
    if (expected.digest === undefined) unchanged = true;
    else {
      const bytes = expectedBytes?.();
      unchanged =
        bytes !== undefined && BigInt(bytes.length) === expected.size
          ? descriptorHolds(fd, bytes)
          : digestOfDescriptor(fd, Number(expected.size)) === expected.digest;
    }
    return unchanged ? fd : undefined;
  } finally {
    if (!unchanged) closeSync(fd);
  }
}

/**
 * For hard links and foreign owners: the synced temp copy is first renamed to a recovery name, so if lapp dies in
 * the middle of the overwrite the complete new content survives beside the file. Then the target's own inode is
 * rewritten: the bytes past its old end first (that reserves the space, so a full disk fails before any old byte
 * changed, and the old length is restored), then the rest, truncated and synced.
 */
function overwriteInPlace(
  directory: DirectoryHandle,
  temp: string,
  fd: number,
  request: WriteRequest,
  expected: FileIdentity,
): Result<true> {
  const opened = fstatSync(fd, { bigint: true });
  if (opened.dev !== expected.dev || opened.ino !== expected.ino)
    return fail("FILE_CHANGED", fileChanged(request.display));
  const recovery = temp.replace(/\.tmp$/, ".recovery");
  directory.rename(temp, recovery);
  syncDirectory(directory);
  const bytes = request.bytes;
  const oldSize = Number(opened.size);
  if (bytes.length > oldSize) {
    try {
      writeAll(fd, bytes.subarray(oldSize), oldSize);
      fsyncSync(fd);
    } catch (error) {
      try {
        ftruncateSync(fd, oldSize);
        fsyncSync(fd);
      } catch {
        return fail("WRITE_FAILED", inPlaceWriteFailed(request.display, describe(error), recovery));
      }
      unlinkQuietly(directory, recovery);
      return fail("WRITE_FAILED", inPlaceNoSpace(request.display, describe(error)));
    }
  }
  try {
    writeAll(fd, bytes.subarray(0, Math.min(oldSize, bytes.length)), 0);
    ftruncateSync(fd, bytes.length);
    fsyncSync(fd);
  } catch (error) {
    return fail("WRITE_FAILED", inPlaceWriteFailed(request.display, describe(error), recovery));
  }
  unlinkQuietly(directory, recovery);
  return ok(true);
}

/**
 * What landed must be what was written: same size and the same digest, read back through the directory. When the
 * name already holds another inode, a later writer replaced ours after it landed: that is its own later change.
 */
function verifyLanded(
  directory: DirectoryHandle,
  name: string,
  request: WriteRequest,
  landed: BigIntStats,
): Result<FileIdentity> {
  const fd = openLanded(directory, name);
  if (fd === undefined) return fail("WRITE_FAILED", disappearedAfterWrite(request.display));
  try {
    const stats = fstatSync(fd, { bigint: true });
    const size = request.bytes.length;
    if (stats.dev !== landed.dev || stats.ino !== landed.ino) return ok(identityOf(landed));
    if (!stats.isFile() || stats.size !== BigInt(size))
      return fail("WRITE_FAILED", disappearedAfterWrite(request.display));
    if (!descriptorHolds(fd, request.bytes))
      return fail("WRITE_FAILED", disappearedAfterWrite(request.display));
    return ok(identityOf(stats, contentDigest(request.bytes)));
  } finally {
    closeSync(fd);
  }
}

/**
 * The name's file, opened for the check of what landed. An open is refused when the file it opened is no longer at
 * its name by the time its place is checked: another writer renamed its own file over ours in that instant (two
 * servers editing one file). That is its later change, not a failed write — answered as one, the caller would be
 * told its landed edit failed, and do it again. So it is opened again, and the file there now tells which it is.
 */
function openLanded(directory: DirectoryHandle, name: string): number | undefined {
  for (let attempt = 1; ; attempt++) {
    try {
      return directory.open(name, READ);
    } catch (error) {
      if (errnoOf(error) === "ENOENT" || attempt >= LANDED_OPEN_ATTEMPTS) return undefined;
    }
  }
}

/** Opens of the landed file's name (see openLanded): a replacement is one rename, so a second open finds it. */
const LANDED_OPEN_ATTEMPTS = 3;

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

function syncDirectory(directory: DirectoryHandle) {
  try {
    directory.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename itself has already happened.
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

export interface RemoveRequest {
  real: string;
  display: string;
  /** The version that was loaded: the file is removed only while it is still exactly that. */
  expected: FileIdentity;
  root?: string;
  realRelative?: string;
}

/**
 * Removes a file (a patch's Delete File), through the same verified directory and under the same version lock as a
 * write: FILE_CHANGED when it moved on since `expected` was loaded, PERMISSION_DENIED when lapp's user may not remove
 * it. unlink(2) is atomic: the name is there with the loaded bytes, or gone.
 */
export function removeFileAtomic(request: RemoveRequest): Result<true> {
  const { display } = request;
  const name = lastName(request.real);
  const opened = openParentChecked(request, openParent);
  if (!opened.ok) return opened;
  const directory = opened.value;
  try {
    const target = statEntry(directory, name);
    if (target === undefined || target === "symlink" || !target.isFile())
      return fail("FILE_CHANGED", fileChanged(display));
    const lock = lockVersion({ directory, name }, request.expected);
    if (!lock.held) return fail("FILE_CHANGED", otherWriter(display));
    try {
      const checked = openUnchanged(directory, name, request.expected);
      if (checked === undefined) return fail("FILE_CHANGED", fileChanged(display));
      closeSync(checked);
      directory.unlink(name);
      syncDirectory(directory);
      return ok(true);
    } finally {
      lock.release();
    }
  } catch (error) {
    return failureOf(error, display);
  } finally {
    directory.close();
  }
}
