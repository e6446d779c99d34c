// Reads a file for searching into one buffer reused by the thread (allocating per file costs more than reading).
// The bytes returned are only valid until the next call on the same thread.

import { closeSync, fstatSync, openSync, readSync } from "node:fs";

export type ReadOutcome = { kind: "ok"; bytes: Buffer } | { kind: "too-large" } | { kind: "unreadable" };

let shared = Buffer.allocUnsafe(1 << 20);

export function readForSearch(path: string, maxBytes: number): ReadOutcome {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return { kind: "unreadable" };
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) return { kind: "too-large" };
    // The file may grow between fstat and read; read what fits, plus one byte to notice growth past the limit.
    if (shared.length < size + 1) shared = Buffer.allocUnsafe(Math.max(size + 1, shared.length * 2));
    let filled = 0;
    while (filled < shared.length) {
      const read = readSync(fd, shared, filled, shared.length - filled, null);
      if (read === 0) break;
      filled += read;
      if (filled > maxBytes) return { kind: "too-large" };
    }
    return { kind: "ok", bytes: shared.subarray(0, filled) };
  } catch {
    return { kind: "unreadable" };
  } finally {
    closeSync(fd);
  }
}
