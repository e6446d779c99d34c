// Removes what killed lapp processes left beside a file: temp copies of dead pids, locks of versions that are no
// longer current, and recovery copies once the file is whole again. Best effort, never throws.

import { closeSync, constants, fstatSync } from "node:fs";
import { lastName, parentPath } from "../text/path-strings.ts";
import { artifactPrefix, parseArtifact, processAlive } from "./artifacts.ts";
import { openDirectoryBeneath, type DirectoryHandle } from "./beneath.ts";
import { NONBLOCK } from "./fs-native.ts";
import { contentDigest, identityOf, versionKey, type FileIdentity } from "./identity.ts";
import { digestOfDescriptor } from "./load.ts";
import { unlinkQuietly } from "./version-lock.ts";

/** Sweeps at most this often per file and process: a readdir per commit would cost too much in huge directories. */
const SWEEP_INTERVAL_MS = 5_000;
const lastSwept = new Map<string, number>();

export interface SweepOptions {
  /** Sweep even if this file was swept a moment ago. */
  force?: boolean;
  /**
   * A commit of a complete, verified version just landed: recovery copies of dead processes (left by a crash in
   * the middle of an in-place overwrite) are obsolete now, whatever they hold.
   */
  whole?: boolean;
}

/** Path-based entry (tests, tools): sweeps beside `target`. */
export function sweepLeftovers(target: string, force = false): void {
  try {
    const directory = openDirectoryBeneath(parentPath(target), "");
    try {
      sweepIn(directory, lastName(target), { force });
    } finally {
      directory.close();
    }
  } catch {
    // Cleaning up is a courtesy.
  }
}

export function sweepIn(directory: DirectoryHandle, name: string, options: SweepOptions = {}): void {
  const key = `${directory.path}/${name}`;
  const now = Date.now();
  // A commit does not force a sweep: editing a file in a directory of thousands listed all of them at every call.
  // Recovery copies a commit made obsolete go at the next sweep of the file (its first commit, or 5 s later).
  if (options.force !== true && now - (lastSwept.get(key) ?? -Infinity) < SWEEP_INTERVAL_MS) return;
  lastSwept.set(key, now);
  if (lastSwept.size > 4096) lastSwept.clear();
  try {
    sweep(directory, name, options.whole === true);
  } catch {
    // Cleaning up is a courtesy; a failure here must not turn a successful write into an error.
  }
}

function sweep(directory: DirectoryHandle, name: string, whole: boolean) {
  const prefix = artifactPrefix(name);
  const names = directory
    .list()
    .map((entry) => entry.name)
    .filter((entry) => entry.startsWith(prefix));
  if (names.length === 0) return;
  const current = readVersion(directory, name);
  const currentKey = current ? versionKey(current.identity) : undefined;
  for (const artifactName of names) {
    const artifact = parseArtifact(artifactName.slice(prefix.length));
    if (!artifact) continue;
    // A lock on a version that is gone can never let two commits through: any commit under it fails its check.
    if (artifact.kind === "lock" && artifact.key !== currentKey) unlinkQuietly(directory, artifactName);
    if (artifact.kind === "temp" && !processAlive(artifact.pid)) unlinkQuietly(directory, artifactName);
    if (artifact.kind === "recovery" && !processAlive(artifact.pid)) {
      const copy = whole ? undefined : readVersion(directory, artifactName);
      if (whole || (copy && current && copy.digest === current.digest))
        unlinkQuietly(directory, artifactName);
    }
  }
}

function readVersion(
  directory: DirectoryHandle,
  name: string,
): { identity: FileIdentity; digest: bigint } | undefined {
  let fd: number;
  try {
    fd = directory.open(name, constants.O_RDONLY | NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile()) return undefined;
    return { identity: identityOf(stats), digest: digestOfDescriptor(fd, Number(stats.size)) };
  } finally {
    closeSync(fd);
  }
}
