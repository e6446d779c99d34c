// Test support: a pid that is certainly dead, and the artifacts lapp leaves beside files (temps, locks, copies).
import { readdirSync } from "node:fs";

/** A pid that belonged to a process which has exited (and, on a quiet machine, is not reused yet). */
export function deadProcessId(): number {
  const pid = Bun.spawnSync(["true"]).pid;
  try {
    process.kill(pid, 0);
  } catch {
    return pid;
  }
  throw new Error(`pid ${pid} is alive again`);
}

/** Names of lapp's own files (temp copies, locks, recovery copies) anywhere under `directory`. */
export function leftovers(directory: string): string[] {
  return readdirSync(directory, { recursive: true })
    .map(String)
    .filter((name) => name.includes(".lapp-"));
}
