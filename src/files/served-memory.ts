// What lapp last served of each file, per line number: a 32-bit hash of the text shown and its two-letter ID.
// Bounded in files and bytes. It catches the 1-in-256 case where a stale ref's ID equals the ID of the line now
// on disk: if lapp showed a different text with that ID on that line, the ref names the older content.

import { ID_ALPHABET, lineId } from "../hashline/hash.ts";

/** Lines per storage chunk: memory grows with the lines actually served, not with the file's length. */
const CHUNK_LINES = 1024;
const CHUNK_BYTES = CHUNK_LINES * (4 + 2);
const NOT_SERVED = 0;

interface Chunk {
  textHashes: Uint32Array;
  /** 1 + index of the ID in the 256 possible IDs; NOT_SERVED when the line was never shown. */
  ids: Uint16Array;
}

type Served = Map<number, Chunk>;

export class ServedMemory {
  /** Insertion order is recency order: the first entry is the least recently used file. */
  private readonly entries = new Map<string, Served>();
  private bytes = 0;

  constructor(
    private readonly maxFiles = 512,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  /** Records `lines` as served from `firstLine` on (a page of a read, or the whole file after a write). */
  remember(realPath: string, lines: readonly string[], firstLine = 1): void {
    const served = this.touch(realPath);
    for (let index = 0; index < lines.length; index++) this.setRow(served, firstLine + index, lines[index]!);
    this.evict();
  }

  /** Records one row as served (the streaming reader reports rows one by one, never holding the page's lines). */
  rememberRow(realPath: string, line: number, text: string): void {
    this.setRow(this.touch(realPath), line, text);
    this.evict();
  }

  /** Records only some rows of the current file as served (those an error payload showed with fresh refs). */
  rememberRows(realPath: string, lines: readonly string[], lineNumbers: readonly number[]): void {
    if (lineNumbers.length === 0) return;
    const served = this.touch(realPath);
    for (const line of lineNumbers) {
      if (line >= 1 && line <= lines.length) this.setRow(served, line, lines[line - 1]!);
    }
    this.evict();
  }

  forget(realPath: string): void {
    const served = this.entries.get(realPath);
    if (!served) return;
    this.bytes -= served.size * CHUNK_BYTES;
    this.entries.delete(realPath);
  }

  /**
   * A checker for the edit engine: true when lapp served a *different* text on `line` whose ID was `id`,
   * so a ref that matches the current line by ID alone really names the older content.
   */
  staleChecker(realPath: string, currentLines: readonly string[]): (line: number, id: string) => boolean {
    const served = this.entries.get(realPath);
    if (!served) return () => false;
    this.touch(realPath); // a file being edited stays remembered
    return (line, id) => {
      if (line < 1 || line > currentLines.length) return false;
      const chunk = served.get(Math.floor((line - 1) / CHUNK_LINES));
      const slot = (line - 1) % CHUNK_LINES;
      if (!chunk || chunk.ids[slot] === NOT_SERVED) return false;
      if (chunk.textHashes[slot] === Bun.hash.xxHash32(currentLines[line - 1]!)) return false;
      return chunk.ids[slot] === 1 + idIndex(id);
    };
  }

  get size(): { files: number; bytes: number } {
    return { files: this.entries.size, bytes: this.bytes };
  }

  /** The entry for `realPath`, created if needed and moved to the most recently used end. */
  private touch(realPath: string): Served {
    const served = this.entries.get(realPath) ?? new Map<number, Chunk>();
    this.entries.delete(realPath);
    this.entries.set(realPath, served);
    return served;
  }

  private setRow(served: Served, line: number, text: string) {
    const key = Math.floor((line - 1) / CHUNK_LINES);
    let chunk = served.get(key);
    if (!chunk) {
      chunk = { textHashes: new Uint32Array(CHUNK_LINES), ids: new Uint16Array(CHUNK_LINES) };
      served.set(key, chunk);
      this.bytes += CHUNK_BYTES;
    }
    const slot = (line - 1) % CHUNK_LINES;
    chunk.textHashes[slot] = Bun.hash.xxHash32(text);
    chunk.ids[slot] = 1 + idIndex(lineId(line, text));
  }

  /** Drops least recently used files until both bounds hold (a single file over the byte bound is dropped too). */
  private evict() {
    for (const [path] of this.entries) {
      if (this.entries.size <= this.maxFiles && this.bytes <= this.maxBytes) break;
      this.forget(path);
    }
  }
}

function idIndex(id: string): number {
  return (ID_ALPHABET.indexOf(id[0]!.toUpperCase()) << 4) | ID_ALPHABET.indexOf(id[1]!.toUpperCase());
}
