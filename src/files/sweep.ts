// Removes what killed lapp processes left beside a file: temp copies of dead pids, locks of versions that are no
// longer current, and recovery copies whose content the file now holds anyway. Best effort, never throws.

import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { artifactPrefix, parseArtifact, processAlive } from "./artifacts.ts";
import { contentDigest, currentIdentity, versionKey } from "./identity.ts";

/** Sweeps at most this often per file and process: a readdir per commit would cost too much in huge directories. */
const SWEEP_INTERVAL_MS = 5_000;
const lastSwept = new Map<string, number>();

export function sweepLeftovers(target: string, force = false): void {
  const now = Date.now();
  if (!force && now - (lastSwept.get(target) ?? -Infinity) < SWEEP_INTERVAL_MS) return;
  lastSwept.set(target, now);
  if (lastSwept.size > 4096) lastSwept.clear();
  try {
    sweep(target);
  } catch {
    // Cleaning up is a courtesy; a failure here must not turn a successful write into an error.
  }
}

function sweep(target: string) {
  const directory = dirname(target);
  const prefix = artifactPrefix(target);
  const names = readdirSync(directory).filter((name) => name.startsWith(prefix));
  if (names.length === 0) return;
  const current = currentIdentity(target);
  const currentKey = current ? versionKey(current) : undefined;
  for (const name of names) {
    const artifact = parseArtifact(name.slice(prefix.length));
    if (!artifact) continue;
    const path = join(directory, name);
    // A lock on a version that is gone can never let two commits through: any commit under it fails its check.
    if (artifact.kind === "lock" && artifact.key !== currentKey) rmSync(path, { force: true });
    if (artifact.kind === "temp" && !processAlive(artifact.pid)) rmSync(path, { force: true });
    if (artifact.kind === "recovery" && !processAlive(artifact.pid) && sameContent(path, target)) {
      rmSync(path, { force: true });
    }
  }
}

/** A recovery copy is redundant once the file holds exactly its bytes (the in-place write completed). */
function sameContent(a: string, b: string): boolean {
  try {
    return contentDigest(readFileSync(a)) === contentDigest(readFileSync(b));
  } catch {
    return false;
  }
}
