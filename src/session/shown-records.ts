// The records of shown rows of every file this session touched: one record per FILE, whatever name reached it
// (hard links, a symlink inside the root, `./a`, an absolute path), bounded in files and bytes. The least recently
// used record is dropped first; the refs it had shown are kept (4 bytes each, bounded too; past that bound the file
// is only marked in a fixed-size filter), so a record made for it later knows which refs it forgot and refuses
// them instead of guessing (forgotten-keys.ts, docs/format.md).

import { statSync } from "node:fs";
import { fsPath } from "../text/byte-names.ts";
import { ForgottenKeys } from "./forgotten-keys.ts";
import { ShownRecord } from "./shown-record.ts";

/** Device and inode (or the platform's file id) of a file, and how many names (hard links) it has. */
export interface FileId {
  dev: bigint;
  ino: bigint;
  links: number;
}

export class ShownRecords {
  /** Insertion order is recency order: the first entry is the least recently used record. */
  private readonly recent = new Map<ShownRecord, { paths: Set<string>; ids: Set<string> }>();
  private readonly byPath = new Map<string, ShownRecord>();
  private readonly byId = new Map<string, ShownRecord>();
  /** Files whose record was dropped, beyond the kept refs below. */
  private readonly dropped = new DroppedFilter();
  /** The refs of dropped records, by each name of their file (path key or id). */
  private readonly ghosts = new Map<string, { keys: Uint32Array; names: readonly string[] }>();
  private ghostBytes = 0;

  constructor(
    private readonly maxFiles = 512,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /**
   * The record of the file at `realPath` (with `id` when it exists), created if needed, as the most recently used.
   * A name is one file's for as long as it holds it: the same real path finds the same record even after lapp or
   * an editor renamed a new file over it. A file with several hard links is found by its id from any of its names —
   * once one of the record's known names is checked to still be that file (an inode number is reused once freed).
   */
  obtain(realPath: string, id?: FileId): ShownRecord {
    const idKey = id === undefined ? undefined : `${id.dev}:${id.ino}`;
    let record = this.byPath.get(realPath);
    const alias = idKey !== undefined && id!.links > 1 ? this.byId.get(idKey) : undefined;
    if (alias !== undefined && alias !== record && this.stillNames(alias, idKey!)) {
      // Two records of one file meet (this name was known before its link to the other was): the other's refs
      // are kept, this one's may be forgotten, so refs the record does not know are refused from now on.
      if (record !== undefined) alias.forget(record.keysShown());
      record = alias;
    }
    if (record === undefined) {
      const keys = [pathKey(realPath), ...(idKey === undefined ? [] : [idKey])];
      record = new ShownRecord(this.forgottenOf(keys));
    }
    const names = this.recent.get(record) ?? { paths: new Set<string>(), ids: new Set<string>() };
    this.recent.delete(record);
    this.recent.set(record, names);
    const previous = this.byPath.get(realPath);
    if (previous !== undefined && previous !== record) this.recent.get(previous)?.paths.delete(realPath);
    this.byPath.set(realPath, record);
    names.paths.add(realPath);
    if (idKey !== undefined && id!.links > 1) {
      const other = this.byId.get(idKey);
      if (other !== undefined && other !== record) this.recent.get(other)?.ids.delete(idKey);
      this.byId.set(idKey, record);
      names.ids.add(idKey);
    }
    return record;
  }

  /** What a new record of a file dropped before must treat as forgotten: its refs, or all when they were not kept. */
  private forgottenOf(keys: readonly string[]): ForgottenKeys {
    for (const key of keys) {
      const ghost = this.ghosts.get(key);
      if (ghost === undefined) continue;
      for (const other of ghost.names) this.ghosts.delete(other);
      this.ghostBytes -= ghost.keys.byteLength;
      return new ForgottenKeys(ghost.keys);
    }
    return new ForgottenKeys(keys.some((key) => this.dropped.has(key)) ? "all" : []);
  }

  /** Keeps the refs a dropped record had shown, under each of its names; past the bound only the filter knows. */
  private remember(record: ShownRecord, names: readonly string[]): void {
    const ghost = { keys: Uint32Array.from(record.forgotAll ? [] : record.keysShown()), names };
    if (record.forgotAll) {
      for (const name of names) this.dropped.add(name);
      return;
    }
    for (const name of names) this.ghosts.set(name, ghost);
    this.ghostBytes += ghost.keys.byteLength;
    // Oldest first (a Map iterates in insertion order); a ghost's other names go with it.
    for (const old of this.ghosts.values()) {
      if (this.ghostBytes <= MAX_GHOST_BYTES) break;
      for (const other of old.names) {
        this.ghosts.delete(other);
        this.dropped.add(other);
      }
      this.ghostBytes -= old.keys.byteLength;
    }
  }

  /** Whether one of the names `record` was reached by still names the file `idKey`. */
  private stillNames(record: ShownRecord, idKey: string): boolean {
    for (const path of this.recent.get(record)?.paths ?? []) {
      try {
        // A real path may hold escaped bytes (src/text/byte-names.ts): it is stat'ed as exactly its bytes.
        const stats = statSync(fsPath(path), { bigint: true });
        if (`${stats.dev}:${stats.ino}` === idKey) return true;
      } catch {
        // gone: not this file any more
      }
    }
    return false;
  }

  /** The record of `realPath` if there is one (no recency change). */
  peek(realPath: string): ShownRecord | undefined {
    return this.byPath.get(realPath);
  }

  /** Drops least recently used records until both bounds hold (the one just used is dropped last). */
  settle(): void {
    let bytes = 0;
    for (const record of this.recent.keys()) bytes += record.bytes;
    for (const [record, names] of this.recent) {
      if (this.recent.size <= this.maxFiles && bytes <= this.maxBytes) break;
      if (this.recent.size === 1) break;
      bytes -= record.bytes;
      this.recent.delete(record);
      for (const path of names.paths) if (this.byPath.get(path) === record) this.byPath.delete(path);
      for (const id of names.ids) if (this.byId.get(id) === record) this.byId.delete(id);
      this.remember(record, [...[...names.paths].map(pathKey), ...names.ids]);
    }
  }

  get size(): { files: number; bytes: number } {
    let bytes = 0;
    for (const record of this.recent.keys()) bytes += record.bytes;
    return { files: this.recent.size, bytes };
  }
}

const pathKey = (realPath: string) => `path:${realPath}`;

/** Refs of dropped records kept at most (4 bytes each): a million refs. */
const MAX_GHOST_BYTES = 4 * 1024 * 1024;

/**
 * Files whose record was dropped, in a Bloom filter of fixed size (128 KiB): a file it names may have refs the
 * model still holds and lapp forgot. A false positive only makes lapp refuse a never-shown ref as too old.
 */
class DroppedFilter {
  private readonly bits = new Uint32Array(1 << 15);

  add(key: string): void {
    for (const bit of this.bitsOf(key)) this.bits[bit >>> 5]! |= 1 << (bit & 31);
  }

  has(key: string): boolean {
    return this.bitsOf(key).every((bit) => (this.bits[bit >>> 5]! & (1 << (bit & 31))) !== 0);
  }

  private bitsOf(key: string): number[] {
    const size = this.bits.length * 32;
    const first = Bun.hash.xxHash32(key, 0x9e3779b1);
    const second = Bun.hash.xxHash32(key, 0x85ebca77) | 1;
    return [0, 1, 2, 3].map((round) => ((first + Math.imul(round, second)) >>> 0) % size);
  }
}
