// One page of a large file without loading it: a chunked scan counts lines, checks UTF-8 validity and notes
// where the page's lines start; then only those lines are read and decoded. Memory: one chunk plus one line.
// Refs and rows are identical to a whole-file read (tests/files/page-stream.test.ts holds both side by side).

import { isUtf8 } from "node:buffer";
import { readSync } from "node:fs";
import { rowTokens } from "../budget/budget.ts";
import { formatRow } from "../hashline/format.ts";
import type { Page, PageBudget } from "../hashline/page.ts";
import { lastNewlineEnd, scanNewlines, terminatorWidth, utf8WholePrefix } from "../text/chunk-scan.ts";
import { bomOf, decodeLineBytes } from "../text/codec.ts";
import type { Encoding } from "../text/document.ts";
import { CHECKPOINT_LINES, type LineIndex } from "./line-index.ts";

/** Bytes read per scan step (even, for UTF-16); tests pass tiny chunks to exercise every boundary. */
const CHUNK_BYTES = 1 << 20;
/** Smallest row plus its newline (`1#ZZ:` and `\n`): no page can hold more rows than maxBytes / this. */
const MIN_ROW_BYTES = 6;

export interface StreamedPage {
  encoding: Encoding;
  bom: boolean;
  /** Rows from `offset`; empty when the file has no lines or `offset` is past the end (see totalLines). */
  page: Page;
}

interface Scan {
  encoding: Encoding;
  bom: boolean;
  totalLines: number;
  /** Start offsets of lines offset, offset+1, … (as many as a page can show), then where the next one starts. */
  starts: number[];
}

/**
 * Reads rows `offset…` of the open file `fd` (`size` bytes), at most `limit` rows and `budget` of output,
 * with the same stopping rule as hashline/page.ts. `onShown(line, text)` sees every row shown (served memory).
 */
export function readPageStreaming(
  fd: number,
  size: number,
  offset: number,
  limit: number,
  budget: number | PageBudget,
  onShown: (line: number, text: string) => void = () => {},
  chunkBytes = CHUNK_BYTES,
  index: IndexUse = {},
): StreamedPage {
  const { bytes: maxBytes, tokens: maxTokens = Number.POSITIVE_INFINITY } =
    typeof budget === "number" ? { bytes: budget } : budget;
  const wanted = Math.min(limit, Math.floor(maxBytes / MIN_ROW_BYTES) + 1);
  let scan = index.known && scanFromIndex(fd, size, offset, wanted, chunkBytes, index.known);
  if (!scan) {
    const full = scanFile(fd, size, offset, wanted, chunkBytes, index.every ?? CHECKPOINT_LINES);
    index.learned?.(full.index);
    scan = full;
  }
  const page: Page = { rows: [], firstLine: offset, lastLine: offset - 1, totalLines: scan.totalLines };
  const result = { encoding: scan.encoding, bom: scan.bom, page };
  if (offset > scan.totalLines) return result;

  const lines = new LineReader(fd, size, chunkBytes);
  let bytes = 0;
  let tokens = 0;
  const last = Math.min(scan.totalLines, offset + wanted - 1);
  for (let line = offset; line <= last; line++) {
    const start = scan.starts[line - offset]!;
    const end = scan.starts[line - offset + 1] ?? size;
    const raw = lines.read(start, end);
    const text = decodeLineBytes(
      raw.subarray(0, raw.length - terminatorWidth(raw, scan.encoding)),
      scan.encoding,
    );
    const row = formatRow(line, text);
    const rowBytes = Buffer.byteLength(row) + 1; // UTF-8 bytes, as the whole-file page counts them
    const cost = rowTokens(row);
    if (page.rows.length > 0 && (bytes + rowBytes > maxBytes || tokens + cost > maxTokens)) break;
    page.rows.push(row);
    bytes += rowBytes;
    tokens += cost;
    page.lastLine = line;
    onShown(line, text);
  }
  return result;
}

/** The file's line index: what an earlier full scan of this version learned, and where this one's goes. */
export interface IndexUse {
  known?: LineIndex;
  learned?: (index: LineIndex) => void;
  /** Lines between checkpoints of a new index (tests use a few). */
  every?: number;
}

/**
 * The page's starts from a known index: scanning begins at the checkpoint before `offset`. Undefined when the
 * checkpoint does not sit right after a newline (the file is not the version indexed): then the full scan runs.
 */
function scanFromIndex(
  fd: number,
  size: number,
  offset: number,
  wanted: number,
  chunkBytes: number,
  known: LineIndex,
): Scan | undefined {
  const { encoding, bom, totalLines } = known;
  const starts: number[] = [];
  if (offset > totalLines) return { encoding, bom, totalLines, starts };
  const checkpoint = Math.floor((offset - 1) / known.every);
  let line = checkpoint * known.every + 1;
  let position = known.checkpoints[checkpoint];
  if (position === undefined || (line > 1 && !afterNewline(fd, position, encoding))) return undefined;
  if (line === offset) starts.push(position);
  const window = { from: offset, to: offset + wanted };
  const buffer = Buffer.allocUnsafe(chunkBytes);
  while (position < size && starts.length <= wanted) {
    const length = readSync(fd, buffer, 0, Math.min(chunkBytes, size - position), position);
    if (length === 0) break;
    line = scanNewlines(buffer.subarray(0, length), position, encoding, line, window, (_line, start) =>
      starts.push(start),
    );
    position += length;
  }
  return { encoding, bom, totalLines, starts };
}

/** Whether the bytes just before `position` are a newline in `encoding`. */
function afterNewline(fd: number, position: number, encoding: Encoding): boolean {
  const wide = encoding === "utf-16le" || encoding === "utf-16be";
  const before = new Uint8Array(wide ? 2 : 1);
  if (position < before.length) return false;
  if (readSync(fd, before, 0, before.length, position - before.length) !== before.length) return false;
  if (encoding === "utf-16le") return before[0] === 0x0a && before[1] === 0;
  if (encoding === "utf-16be") return before[0] === 0 && before[1] === 0x0a;
  return before[0] === 0x0a;
}

/**
 * One pass over the file: line count, encoding (UTF-8 only if every chunk is valid), the page's starts, and the
 * start of every `every`-th line (the file's line index).
 */
function scanFile(
  fd: number,
  size: number,
  offset: number,
  wanted: number,
  chunkBytes: number,
  every: number,
): Scan & { index: LineIndex } {
  const head = new Uint8Array(4);
  const headLength = readSync(fd, head, 0, 4, 0);
  const announced = bomOf(head.subarray(0, headLength), size);
  let encoding: Encoding = announced.encoding;
  let utf8Valid = encoding === "utf-8";
  const starts: number[] = [];
  let line = 1; // the line that starts at the current newline end
  if (offset === 1) starts.push(announced.bomLength);
  // One more start than rows: where the last row ends.
  const window = { from: offset, to: offset + wanted };
  const onLineStart = (_line: number, start: number) => starts.push(start);
  const checkpoints = { every, next: 1 + every, starts: [] as number[] };
  let endOfLastNewline = -1;

  // A Buffer: its indexOf (memchr) finds the next newline ~25% faster than a plain Uint8Array's.
  const buffer = Buffer.allocUnsafe(chunkBytes);
  let position = announced.bomLength;
  while (position < size) {
    const length = readSync(fd, buffer, 0, Math.min(chunkBytes, size - position), position);
    if (length === 0) break;
    let usable = length;
    if (utf8Valid) {
      if (position + length < size) usable = utf8WholePrefix(buffer.subarray(0, length)) || length;
      if (!isUtf8(buffer.subarray(0, usable))) utf8Valid = false;
    }
    const chunk = buffer.subarray(0, usable);
    const before = line;
    line = scanNewlines(chunk, position, encoding, line, window, onLineStart, checkpoints);
    if (line !== before) endOfLastNewline = position + lastNewlineEnd(chunk, encoding);
    position += usable;
  }

  let bom = announced.bomLength > 0;
  if (encoding === "utf-8" && !utf8Valid) {
    // Invalid UTF-8 is Latin-1 for the whole file, a UTF-8 BOM included: line 1 then starts at byte 0.
    encoding = "latin1";
    if (bom && offset === 1) starts[0] = 0;
    bom = false;
  }
  const contentStart = announced.bomLength;
  // A terminator at the very end does not start another line.
  const totalLines = size <= contentStart ? 0 : endOfLastNewline === size ? line - 1 : line;
  // Line 1 starts after the BOM, or at byte 0 when the file fell back to Latin-1 (its BOM bytes are text then).
  const index = {
    encoding,
    bom,
    totalLines,
    every,
    checkpoints: [bom ? contentStart : 0, ...checkpoints.starts],
  };
  return { encoding, bom, totalLines, starts, index };
}

/** Reads byte ranges of the page's lines through one reused block, so short lines cost no syscall each. */
class LineReader {
  private block = new Uint8Array(0);
  private blockStart = 0;

  constructor(
    private readonly fd: number,
    private readonly size: number,
    private readonly blockBytes: number,
  ) {}

  read(start: number, end: number): Uint8Array {
    const blockEnd = this.blockStart + this.block.length;
    if (start >= this.blockStart && end <= blockEnd) {
      return this.block.subarray(start - this.blockStart, end - this.blockStart);
    }
    const length = Math.max(end - start, Math.min(this.blockBytes, this.size - start));
    const block = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      const read = readSync(this.fd, block, filled, length - filled, start + filled);
      if (read === 0) break;
      filled += read;
    }
    this.block = block.subarray(0, filled);
    this.blockStart = start;
    return this.block.subarray(0, Math.min(end - start, filled));
  }
}
