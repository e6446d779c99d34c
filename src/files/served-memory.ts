// What lapp last served of each file (per line: a 32-bit text hash and the shown ID), bounded in files and bytes.
// It catches the 1-in-256 case where a stale ref's ID happens to equal the ID of the line now on disk.

import { lineId, ID_ALPHABET } from "../hashline/hash.ts";

const BYTES_PER_LINE = 5;

interface Served {
  textHashes: Uint32Array;
  idIndexes: Uint8Array;
}

export class ServedMemory {
  private readonly entries = new Map<string, Served>();
  private bytes = 0;

  constructor(
    private readonly maxFiles = 512,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** Records the whole content as served (called after every read and every successful write). */
  remember(realPath: string, lines: readonly string[]): void {
    this.forget(realPath);
    const textHashes = new Uint32Array(lines.length);
    const idIndexes = new Uint8Array(lines.length);
    const entry = { textHashes, idIndexes };
    for (let index = 0; index < lines.length; index++) this.setRow(entry, index, lines[index]!);
    this.entries.set(realPath, entry);
    this.bytes += lines.length * BYTES_PER_LINE;
    this.evict();
  }

  /**
   * Records only some rows as served (those an error payload showed with fresh refs), keeping what was
   * remembered for the other lines. Without an entry there is no guard to update.
   */
  rememberRows(realPath: string, lines: readonly string[], lineNumbers: readonly number[]): void {
    const served = this.entries.get(realPath);
    if (!served || lineNumbers.length === 0) return;
    let entry = served;
    if (served.textHashes.length !== lines.length) {
      entry = { textHashes: new Uint32Array(lines.length), idIndexes: new Uint8Array(lines.length) };
      const keep = Math.min(lines.length, served.textHashes.length);
      entry.textHashes.set(served.textHashes.subarray(0, keep));
      entry.idIndexes.set(served.idIndexes.subarray(0, keep));
      // Lines beyond what was served never had refs shown: treat them as served as they are now.
      for (let index = keep; index < lines.length; index++) this.setRow(entry, index, lines[index]!);
      this.bytes += (lines.length - served.textHashes.length) * BYTES_PER_LINE;
      this.entries.set(realPath, entry);
    }
    for (const line of lineNumbers) {
      if (line >= 1 && line <= lines.length) this.setRow(entry, line - 1, lines[line - 1]!);
    }
  }

  private setRow(entry: Served, index: number, text: string) {
    entry.textHashes[index] = Bun.hash.xxHash32(text);
    entry.idIndexes[index] = idIndex(lineId(index + 1, text));
  }

  forget(realPath: string): void {
    const old = this.entries.get(realPath);
    if (!old) return;
    this.bytes -= old.textHashes.length * BYTES_PER_LINE;
    this.entries.delete(realPath);
  }

  /**
   * A checker for the edit engine: true when lapp served a *different* text on `line` whose ID was `id`,
   * so a ref that matches the current line by ID alone really names the older content.
   */
  staleChecker(realPath: string, currentLines: readonly string[]): (line: number, id: string) => boolean {
    const served = this.entries.get(realPath);
    if (!served) return () => false;
    // Refresh recency: a file being edited stays remembered.
    this.entries.delete(realPath);
    this.entries.set(realPath, served);
    return (line, id) => {
      const index = line - 1;
      if (index < 0 || index >= served.textHashes.length || index >= currentLines.length) return false;
      const current = currentLines[index]!;
      if (served.textHashes[index] === Bun.hash.xxHash32(current)) return false;
      return served.idIndexes[index] === idIndex(id);
    };
  }

  get size(): { files: number; bytes: number } {
    return { files: this.entries.size, bytes: this.bytes };
  }

  private evict() {
    for (const [path] of this.entries) {
      if (this.entries.size <= this.maxFiles && this.bytes <= this.maxBytes) break;
      this.forget(path);
    }
  }
}

function idIndex(id: string): number {
  return (ID_ALPHABET.indexOf(id[0]!) << 4) | ID_ALPHABET.indexOf(id[1]!);
}
