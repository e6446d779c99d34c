// A cross-process lock on one VERSION of a file (its dev/inode/size/times), held around "still unchanged? then
// rename". Two lapp processes committing against the same version contend for one name; a lock left by a killed
// process is never removed while its version is current — the next writer takes generation g+1 instead — so no
// interleaving of stale-lock takeovers can ever let two processes hold the lock at once.

import { closeSync, constants, fstatSync, readSync, writeSync } from "node:fs";
import { lastName, parentPath } from "../text/path-strings.ts";
import { lockName, processAlive, tempName } from "./artifacts.ts";
import { openDirectoryBeneath, type DirectoryHandle } from "./beneath.ts";
import { NONBLOCK } from "./fs-native.ts";
import { versionKey, type FileIdentity } from "./identity.ts";

/** Dead holders skipped before giving up (each is one SIGKILL during a commit of this very version). */
const MAX_GENERATIONS = 64;
const MAX_ATTEMPTS = 256;
/** A lock file still empty after this long was left by a holder killed while writing its pid (link-less FS). */
const EMPTY_LOCK_GRACE_MS = 10_000;

export type VersionLock = { held: true; release(): void } | { held: false };

const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;

/**
 * Takes the lock for `expected`'s version of `target` (a path, or a verified directory and a name in it), or
 * reports that a live process holds it.
 */
export function lockVersion(
  target: string | { directory: DirectoryHandle; name: string },
  expected: FileIdentity,
): VersionLock {
  if (typeof target === "string") {
    const directory = openDirectoryBeneath(parentPath(target), "");
    try {
      return lockIn(directory, lastName(target), expected, true);
    } catch (error) {
      directory.close();
      throw error;
    }
  }
  return lockIn(target.directory, target.name, expected, false);
}

function lockIn(
  directory: DirectoryHandle,
  name: string,
  expected: FileIdentity,
  owned: boolean,
): VersionLock {
  const key = versionKey(expected);
  let generation = 0;
  const done = () => {
    if (owned) directory.close();
  };
  for (let attempt = 0; attempt < MAX_ATTEMPTS && generation < MAX_GENERATIONS; attempt++) {
    const lock = lockName(name, key, generation);
    if (createWithPid(directory, name, lock)) {
      return {
        held: true,
        release: () => {
          unlinkQuietly(directory, lock);
          done();
        },
      };
    }
    const holder = holderOf(directory, lock);
    if (holder === "alive") break;
    // "vanished": released between our attempt and our look, so try the same generation again.
    if (holder === "dead") generation++;
  }
  done();
  return { held: false };
}

/**
 * Creates the lock holding our pid, atomically: the pid is written to a private staging file first, then linked
 * into place (link(2) fails if the name exists), so nobody ever sees a lock without its holder. The staging file
 * is removed on every path, a full disk included.
 */
function createWithPid(directory: DirectoryHandle, name: string, lock: string): boolean {
  const staging = tempName(name);
  const fd = directory.open(staging, CREATE | NONBLOCK, 0o644);
  try {
    try {
      writeSync(fd, String(process.pid));
    } finally {
      closeSync(fd);
    }
    directory.link(staging, lock);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS")
      return createDirectly(directory, lock);
    throw error;
  } finally {
    unlinkQuietly(directory, staging);
  }
}

/** Filesystems without hard links: exclusive create, then the pid (an empty lock is judged by its age). */
function createDirectly(directory: DirectoryHandle, lock: string): boolean {
  let fd: number;
  try {
    fd = directory.open(lock, CREATE | NONBLOCK, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  return true;
}

function holderOf(directory: DirectoryHandle, lock: string): "alive" | "dead" | "vanished" {
  let fd: number;
  try {
    fd = directory.open(lock, constants.O_RDONLY | NONBLOCK);
  } catch {
    return "vanished";
  }
  try {
    const buffer = Buffer.alloc(32);
    const text = buffer.toString("utf8", 0, readSync(fd, buffer, 0, buffer.length, 0));
    if (text === "") return Date.now() - fstatSync(fd).mtimeMs > EMPTY_LOCK_GRACE_MS ? "dead" : "alive";
    return processAlive(Number(text)) ? "alive" : "dead";
  } catch {
    return "vanished";
  } finally {
    closeSync(fd);
  }
}

export function unlinkQuietly(directory: DirectoryHandle, name: string): void {
  try {
    directory.unlink(name);
  } catch {
    // already gone
  }
}
