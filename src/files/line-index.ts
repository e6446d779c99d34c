// Where the lines of a big file start, learned by the full scan of one streamed page read (page-stream.ts) and kept
// for the next page of the same version: it then scans from the checkpoint before its first line instead of from
// byte 0 (a page near the end of a 110 MiB file: one scan of ~40 ms, then about a millisecond per page).
// A version is the file's identity (device, inode, size, nanosecond times); the reader checks it after scanning.

import type { Encoding } from "../text/document.ts";

/** Lines between two checkpoints: a page scans at most this many lines before its own. */
export const CHECKPOINT_LINES = 4096;
/** Files whose index is kept (a few big files paged through at a time); each costs ~8 bytes per 4,096 lines. */
const MAX_FILES = 8;

export interface LineIndex {
  encoding: Encoding;
  bom: boolean;
  totalLines: number;
  /** `every` lines apart: checkpoints[k] is the byte offset where line `1 + k·every` starts. */
  every: number;
  checkpoints: number[];
}

/** The indexes of recently paged files, by real path, each for one version (the newest one seen). */
export class LineIndexes {
  private readonly entries = new Map<string, { version: string; index: LineIndex }>();

  get(realPath: string, version: string): LineIndex | undefined {
    const entry = this.entries.get(realPath);
    if (entry?.version !== version) return undefined;
    this.entries.delete(realPath);
    this.entries.set(realPath, entry);
    return entry.index;
  }

  set(realPath: string, version: string, index: LineIndex): void {
    this.entries.delete(realPath);
    this.entries.set(realPath, { version, index });
    if (this.entries.size > MAX_FILES) this.entries.delete(this.entries.keys().next().value!);
  }
}
