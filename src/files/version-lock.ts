// A cross-process lock on one VERSION of a file (its dev/inode/size/times), held around "still unchanged? then
// rename". Two lapp processes committing against the same version contend for one name; a lock left by a killed
// process is never removed while its version is current — the next writer takes generation g+1 instead — so no
// interleaving of stale-lock takeovers can ever let two processes hold the lock at once.

import { closeSync, linkSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { lockPath, processAlive, tempPath } from "./artifacts.ts";
import { versionKey, type FileIdentity } from "./identity.ts";

/** Dead holders skipped before giving up (each is one SIGKILL during a commit of this very version). */
const MAX_GENERATIONS = 64;
const MAX_ATTEMPTS = 256;
/** A lock file still empty after this long was left by a holder killed while writing its pid (link-less FS). */
const EMPTY_LOCK_GRACE_MS = 10_000;

export type VersionLock = { held: true; release(): void } | { held: false };

/** Takes the lock for `expected`'s version of `target`, or reports that a live process holds it. */
export function lockVersion(target: string, expected: FileIdentity): VersionLock {
  const key = versionKey(expected);
  let generation = 0;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && generation < MAX_GENERATIONS; attempt++) {
    const path = lockPath(target, key, generation);
    if (createWithPid(target, path)) return { held: true, release: () => rmSync(path, { force: true }) };
    const holder = holderOf(path);
    if (holder === "alive") return { held: false };
    // "vanished": released between our attempt and our look, so try the same generation again.
    if (holder === "dead") generation++;
  }
  return { held: false };
}

/**
 * Creates `path` holding our pid, atomically: the pid is written to a private temp file first, then linked
 * into place (link(2) fails if the name exists), so nobody ever sees a lock without its holder.
 */
function createWithPid(target: string, path: string): boolean {
  const staging = tempPath(target);
  const fd = openSync(staging, "wx", 0o644);
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(staging, path);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "ENOSYS")
      return createDirectly(path);
    throw error;
  } finally {
    rmSync(staging, { force: true });
  }
}

/** Filesystems without hard links: exclusive create, then the pid (an empty lock is judged by its age). */
function createDirectly(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o644);
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

function holderOf(path: string): "alive" | "dead" | "vanished" {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return "vanished";
  }
  if (text === "") {
    try {
      return Date.now() - statSync(path).mtimeMs > EMPTY_LOCK_GRACE_MS ? "dead" : "alive";
    } catch {
      return "vanished";
    }
  }
  return processAlive(Number(text)) ? "alive" : "dead";
}
