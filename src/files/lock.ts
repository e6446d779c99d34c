// A short cross-process lock beside the target file, held only around "check unchanged, then rename".
// Two lapp processes therefore never both commit against the same version; a lock left by a killed process
// (its pid no longer alive) is taken over.

import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const WAIT_MS = 5_000;

export function lockPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.lapp-lock`);
}

/** Takes the lock, runs `body`, releases. Throws when the lock cannot be had within a few seconds. */
export function withFileLock<T>(target: string, body: () => T): T {
  const lockPath = lockPathFor(target);
  const deadline = Date.now() + WAIT_MS;
  while (true) {
    try {
      const fd = openSync(lockPath, "wx", 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (holderIsDead(lockPath)) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`another process holds ${basename(lockPath)}`);
      Bun.sleepSync(2);
    }
  }
  try {
    return body();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

function holderIsDead(lockPath: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath, "utf8"));
  } catch {
    return false; // vanished or being written: retry
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
