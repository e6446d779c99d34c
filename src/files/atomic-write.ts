// The only code that writes user files: temp file beside the target, fsync, rename, fsync the directory.
// Keeps mode (and owner as root); hard-linked files are rewritten in place so every link sees the change.

import {
  chmodSync,
  chownSync,
  closeSync,
  fsyncSync,
  ftruncateSync,
  linkSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { fail, ok, type Result } from "../errors.ts";
import { currentIdentity, sameIdentity, type FileIdentity } from "./identity.ts";
import { withFileLock } from "./lock.ts";
import { fileChanged, writeFailed } from "./messages.ts";

export interface WriteRequest {
  /** Real path of the target (symlinks already resolved, so a link stays a link). */
  real: string;
  display: string;
  bytes: Uint8Array;
  /** Identity at load time; undefined for a new file (which must then still not exist). */
  expected: FileIdentity | undefined;
}

const DEFAULT_NEW_FILE_MODE = 0o644;

/** Writes atomically; FILE_CHANGED when the target moved on since `expected`; WRITE_FAILED otherwise. */
export function writeFileAtomic(request: WriteRequest): Result<FileIdentity> {
  const directory = dirname(request.real);
  const temp = join(directory, `.${basename(request.real)}.lapp-${process.pid}-${randomSuffix()}.tmp`);
  try {
    const target = statOrUndefined(request.real);
    const mode = target ? target.mode & 0o7777 : DEFAULT_NEW_FILE_MODE & ~currentUmask();
    writeTemp(temp, request.bytes, mode, target);
    const committed = withFileLock(request.real, () => {
      if (!sameIdentity(currentIdentity(request.real), request.expected)) return false;
      if (request.expected === undefined) return linkNew(temp, request.real);
      if (target && target.nlink > 1) overwriteInPlace(request.real, request.bytes);
      else renameSync(temp, request.real);
      return true;
    });
    if (!committed) return fail("FILE_CHANGED", fileChanged(request.display));
    fsyncDirectory(directory);
    const identity = currentIdentity(request.real);
    if (!identity) return fail("WRITE_FAILED", writeFailed(request.display, "the file vanished after writing"));
    return ok(identity);
  } catch (error) {
    return fail("WRITE_FAILED", writeFailed(request.display, describe(error)));
  } finally {
    rmSync(temp, { force: true });
  }
}

function writeTemp(temp: string, bytes: Uint8Array, mode: number, target: ReturnType<typeof statOrUndefined>) {
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeAll(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  chmodSync(temp, mode);
  if (target && process.getuid?.() === 0) chownSync(temp, target.uid, target.gid);
}

/** A new file appears with link(2), which never replaces a file that appeared meanwhile. */
function linkNew(temp: string, path: string): boolean {
  try {
    linkSync(temp, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code === "EPERM" || code === "ENOTSUP" || code === "EXDEV") {
      renameSync(temp, path); // filesystems without hard links: the lock still guards the check
      return true;
    }
    throw error;
  }
}

/** For hard links: the temp copy is complete and synced first, so a crash here still leaves a full copy. */
function overwriteInPlace(path: string, bytes: Uint8Array) {
  const fd = openSync(path, "r+");
  try {
    writeAll(fd, bytes, 0);
    ftruncateSync(fd, bytes.length);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, bytes: Uint8Array, position: number | null = null) {
  let written = 0;
  while (written < bytes.length) {
    written += writeSync(fd, bytes, written, bytes.length - written, position === null ? null : position + written);
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

function statOrUndefined(path: string) {
  try {
    const stats = statSync(path);
    return { mode: stats.mode, uid: stats.uid, gid: stats.gid, nlink: stats.nlink };
  } catch {
    return undefined;
  }
}

let cachedUmask: number | undefined;
function currentUmask(): number {
  // process.umask() without an argument is deprecated for its race; read it once at first use.
  cachedUmask ??= process.umask();
  return cachedUmask;
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10);
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

