// Finds the matching lines of one file's content: in raw bytes for a plain literal, in decoded text otherwise (pure).
// Lines are numbered from 1 and split at `\n`; a line is reported once however often it matches.

import type { Matcher } from "./matcher.ts";

export interface LineHits {
  /** Matching lines in total. */
  count: number;
  /** The first `keep` matching line numbers, ascending. */
  lines: number[];
}

const NEWLINE = 10;

/** A case-sensitive literal in `bytes[start, end)`; `start` is where line 1 begins (after a BOM). */
export function scanBytes(
  bytes: Buffer,
  start: number,
  end: number,
  needle: Uint8Array,
  keep: number,
): LineHits {
  const hits: LineHits = { count: 0, lines: [] };
  if (needle.length === 0) return everyLine(bytes, start, end, keep);
  let lineNumber = 1;
  let lineStart = start;
  let from = start;
  while (from < end) {
    const found = bytes.indexOf(needle, from);
    if (found === -1 || found + needle.length > end) break;
    if (hits.lines.length < keep) {
      while (true) {
        const newline = bytes.indexOf(NEWLINE, lineStart);
        if (newline === -1 || newline >= found) break;
        lineStart = newline + 1;
        lineNumber++;
      }
      hits.lines.push(lineNumber);
    }
    hits.count++;
    const lineEnd = bytes.indexOf(NEWLINE, found + needle.length);
    if (lineEnd === -1 || lineEnd >= end) break;
    from = lineEnd + 1;
    if (hits.lines.length < keep) {
      lineStart = from;
      lineNumber++;
    }
  }
  return hits;
}

/** How a candidate scan decodes one line's bytes (`[start, end)`, terminator excluded, a CRLF `\r` included). */
export type LineDecoder = (start: number, end: number) => string;

/** Candidate lines denser than this share of the bytes are cheaper to decode whole than line by line. */
const DENSE_SHARE = 0.5;
const DENSE_MIN_CANDIDATES = 64;

/**
 * A regex with a required literal over raw bytes: only lines holding the literal are decoded and tested, the way
 * ripgrep verifies literal hits. When candidates turn out dense, the rest of the region is decoded and scanned at
 * once instead (`rest`), which the caller merges.
 */
export function scanCandidates(
  bytes: Buffer,
  start: number,
  end: number,
  required: Uint8Array,
  line: RegExp,
  keep: number,
  decode: LineDecoder,
): { hits: LineHits; rest?: { start: number; firstLine: number } } {
  const hits: LineHits = { count: 0, lines: [] };
  // Line numbers are only worked out while rows are still wanted (counting newlines is the costly part).
  let lineNumber = 1;
  let counted = start; // line `lineNumber` starts here
  const lineNumberAt = (lineStart: number): number => {
    while (counted < lineStart) {
      const next = bytes.indexOf(NEWLINE, counted);
      if (next === -1 || next >= lineStart) break;
      counted = next + 1;
      lineNumber++;
    }
    return lineNumber;
  };
  let from = start;
  let candidates = 0;
  let candidateBytes = 0;
  while (from < end) {
    const found = bytes.indexOf(required, from);
    if (found === -1 || found + required.length > end) break;
    const lineStart = Math.max(from, bytes.lastIndexOf(NEWLINE, found) + 1);
    const newline = bytes.indexOf(NEWLINE, found);
    const lineEnd = newline === -1 || newline >= end ? end : newline;
    candidates++;
    candidateBytes += lineEnd - lineStart;
    if (line.test(decode(lineStart, lineEnd))) {
      if (hits.lines.length < keep) hits.lines.push(lineNumberAt(lineStart));
      hits.count++;
    }
    from = lineEnd + 1;
    if (from < end && candidates >= DENSE_MIN_CANDIDATES && candidateBytes > DENSE_SHARE * (from - start)) {
      // `firstLine` only matters while rows are wanted; otherwise skip the counting.
      return { hits, rest: { start: from, firstLine: hits.lines.length < keep ? lineNumberAt(from) : 1 } };
    }
  }
  return { hits };
}

/** Every line matches an empty literal (as in ripgrep). */
function everyLine(bytes: Buffer, start: number, end: number, keep: number): LineHits {
  const hits: LineHits = { count: 0, lines: [] };
  let lineStart = start;
  while (lineStart < end) {
    hits.count++;
    if (hits.lines.length < keep) hits.lines.push(hits.count);
    const newline = bytes.indexOf(NEWLINE, lineStart);
    if (newline === -1 || newline >= end) break;
    lineStart = newline + 1;
  }
  return hits;
}

/**
 * A regex matcher (or a literal in a text that is not searched as UTF-8 bytes) over a decoded text whose first
 * line is line `firstLine` of the file.
 */
export function scanText(text: string, matcher: Matcher, keep: number, firstLine = 1): LineHits {
  if (matcher.kind === "bytes") return scanTextLiteral(text, matcher.literal, keep, firstLine);
  if (matcher.everyLine) return scanEveryLine(text, matcher.line, keep, firstLine);
  return scanRegex(text, matcher.scan, matcher.line, keep, firstLine);
}

function scanTextLiteral(text: string, literal: string, keep: number, firstLine: number): LineHits {
  const hits: LineHits = { count: 0, lines: [] };
  const cursor = new LineCursor(text, firstLine);
  let from = 0;
  while (from <= text.length) {
    const found = text.indexOf(literal, from);
    if (found === -1 || !cursor.isLine(found)) break;
    cursor.moveTo(found);
    hits.count++;
    if (hits.lines.length < keep) hits.lines.push(cursor.lineNumber);
    const next = cursor.nextLineStart();
    if (next === undefined) break;
    from = next;
  }
  return hits;
}

/**
 * Scans for candidates with `scan` (multiline flags), then decides every line a candidate touches with `line`.
 * A line that matches alone always holds the start of a scan match found from its own start, so none is missed.
 */
function scanRegex(text: string, scan: RegExp, line: RegExp, keep: number, firstLine: number): LineHits {
  const hits: LineHits = { count: 0, lines: [] };
  const cursor = new LineCursor(text, firstLine);
  let from = 0;
  while (from <= text.length) {
    scan.lastIndex = from;
    const match = scan.exec(text);
    if (match === null) break;
    const start = match.index;
    if (!cursor.isLine(start)) break;
    const last = Math.max(start, start + match[0].length - 1);
    cursor.moveTo(start);
    let next: number | undefined;
    while (true) {
      if (line.test(cursor.text())) {
        hits.count++;
        if (hits.lines.length < keep) hits.lines.push(cursor.lineNumber);
      }
      next = cursor.nextLineStart();
      if (next === undefined || next > last) break;
      cursor.moveTo(next);
    }
    if (next === undefined) break;
    from = next;
  }
  return hits;
}

function scanEveryLine(text: string, line: RegExp, keep: number, firstLine: number): LineHits {
  const hits: LineHits = { count: 0, lines: [] };
  const cursor = new LineCursor(text, firstLine);
  if (!cursor.isLine(0)) return hits;
  while (true) {
    if (line.test(cursor.text())) {
      hits.count++;
      if (hits.lines.length < keep) hits.lines.push(cursor.lineNumber);
    }
    const next = cursor.nextLineStart();
    if (next === undefined) break;
    cursor.moveTo(next);
  }
  return hits;
}

/** Walks forward through a text's lines, keeping the current line's number, start and end. */
class LineCursor {
  private start = 0;
  private end: number;

  constructor(
    private readonly source: string,
    public lineNumber = 1,
  ) {
    this.end = this.findEnd(0);
  }

  /** Whether `offset` lies on a line (the position after a final `\n` starts no line, as in ripgrep). */
  isLine(offset: number): boolean {
    if (offset < this.source.length) return true;
    return this.source.length > 0 && this.source.charCodeAt(this.source.length - 1) !== NEWLINE;
  }

  /** Moves to the line containing `offset` (never backwards). */
  moveTo(offset: number): void {
    while (this.end < offset) {
      this.start = this.end + 1;
      this.lineNumber++;
      this.end = this.findEnd(this.start);
    }
  }

  /** The current line's text (a CRLF line keeps its `\r`). */
  text(): string {
    return this.source.slice(this.start, this.end);
  }

  /** Start of the next line, or undefined when the current line is the last. */
  nextLineStart(): number | undefined {
    const next = this.end + 1;
    return next < this.source.length ? next : undefined;
  }

  private findEnd(from: number): number {
    const newline = this.source.indexOf("\n", from);
    return newline === -1 ? this.source.length : newline;
  }
}
