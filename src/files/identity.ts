// A file's identity on disk (device, inode, size, nanosecond times): if it is unchanged, the bytes are too.
// Used to detect a change behind lapp's back between loading a file and renaming the new version over it.

import { statSync, type BigIntStats } from "node:fs";

export interface FileIdentity {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
}

export function identityOf(stats: BigIntStats): FileIdentity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs };
}

/** The identity now, or undefined when the file is gone. */
export function currentIdentity(path: string): FileIdentity | undefined {
  try {
    return identityOf(statSync(path, { bigint: true }));
  } catch {
    return undefined;
  }
}

export function sameIdentity(a: FileIdentity | undefined, b: FileIdentity | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}
