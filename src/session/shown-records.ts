// The records of shown rows of every file this session touched, bounded in files and bytes: the least recently
// used file's record is dropped first, and its refs then fall back to the plain rule (docs/format.md).

import { ShownRecord } from "./shown-record.ts";

export class ShownRecords {
  /** Insertion order is recency order: the first entry is the least recently used file. */
  private readonly records = new Map<string, ShownRecord>();

  constructor(
    private readonly maxFiles = 512,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** The record of `realPath`, created if needed, as the most recently used. */
  obtain(realPath: string): ShownRecord {
    const record = this.records.get(realPath) ?? new ShownRecord();
    this.records.delete(realPath);
    this.records.set(realPath, record);
    return record;
  }

  peek(realPath: string): ShownRecord | undefined {
    return this.records.get(realPath);
  }

  forget(realPath: string): void {
    this.records.delete(realPath);
  }

  /** Drops least recently used records until both bounds hold (the one just used is dropped last). */
  settle(): void {
    let bytes = 0;
    for (const record of this.records.values()) bytes += record.bytes;
    for (const [path, record] of this.records) {
      if (this.records.size <= this.maxFiles && bytes <= this.maxBytes) break;
      if (this.records.size === 1) break;
      bytes -= record.bytes;
      this.records.delete(path);
    }
  }

  get size(): { files: number; bytes: number } {
    let bytes = 0;
    for (const record of this.records.values()) bytes += record.bytes;
    return { files: this.records.size, bytes };
  }
}
