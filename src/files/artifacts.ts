// Names of the files lapp itself creates beside a target (temp copies, recovery copies, version locks), and
// whether the process that made one is still alive. One place, so the writer and the sweeper always agree.

import { encodeName } from "../text/byte-names.ts";
import { childPath, lastName, parentPath } from "../text/path-strings.ts";

/** Longest basename kept verbatim in artifact names, so `.NAME.lapp-…` stays under NAME_MAX (255). */
const MAX_NAME_IN_ARTIFACT = 96;
/** How much of a longer name is kept before its hash. */
const KEPT_OF_LONG_NAME = 80;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** `.NAME.lapp-`: every artifact of `target` starts with this, and nothing of another file does. */
export function artifactPrefix(target: string): string {
  const name = lastName(target);
  if (name.length <= MAX_NAME_IN_ARTIFACT) return `.${name}.lapp-`;
  // Cut between characters: half a surrogate pair stands for no byte (byte-names.ts) and no file could be created.
  // The name's bytes are hashed: Bun hashes a string's escaped bytes all as U+FFFD, so two long names differing only
  // there would share their artifacts (and one's sweep remove the other's recovery copy).
  const cut = isHighSurrogate(name.charCodeAt(KEPT_OF_LONG_NAME - 1))
    ? KEPT_OF_LONG_NAME - 1
    : KEPT_OF_LONG_NAME;
  const short = `${name.slice(0, cut)}~${Bun.hash.wyhash(encodeName(name)).toString(36)}`;
  return `.${short}.lapp-`;
}

/** Names inside the target's directory (the writer works through a directory descriptor). */
export const tempName = (name: string): string =>
  `${artifactPrefix(name)}${process.pid}-${randomSuffix()}.tmp`;

export const lockName = (name: string, key: string, generation: number): string =>
  `${artifactPrefix(name)}lock-${key}-${generation}`;

const tempPath = (target: string): string => childPath(parentPath(target), tempName(lastName(target)));

const recoveryPathFor = (temp: string): string => temp.replace(/\.tmp$/, ".recovery");

export const lockPath = (target: string, key: string, generation: number): string =>
  childPath(parentPath(target), lockName(lastName(target), key, generation));

export type Artifact =
  | { kind: "temp"; pid: number }
  | { kind: "recovery"; pid: number }
  | { kind: "lock"; key: string; generation: number };

/** Parses the part of an artifact name after the prefix; undefined for anything else. */
export function parseArtifact(rest: string): Artifact | undefined {
  const copy = /^(\d+)-[a-z0-9]+\.(tmp|recovery)$/.exec(rest);
  if (copy) return { kind: copy[2] === "tmp" ? "temp" : "recovery", pid: Number(copy[1]) };
  const lock = /^lock-([a-z0-9]+)-(\d+)$/.exec(rest);
  if (lock) return { kind: "lock", key: lock[1]!, generation: Number(lock[2]) };
  return undefined;
}

/** True unless the process is certainly gone (ESRCH). A process of another user (EPERM) is alive. */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function randomSuffix(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, "0");
}
