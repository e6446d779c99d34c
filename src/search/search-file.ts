// Searches one file's bytes: skips binaries the way ripgrep does, finds matching lines, and for the matches the
// caller wants, returns rows with refs computed from exactly the text lapp_read shows (no IO here).

import { isUtf8 } from "node:buffer";
import { refOf } from "../hashline/hash.ts";
import { displayText } from "../hashline/format.ts";
import { isBinary } from "../text/binary.ts";
import { bomOf, decodeBytes, decodeDocument } from "../text/codec.ts";
import { RIPGREP_BUFFER_BYTES } from "./limits.ts";
import type { Matcher } from "./matcher.ts";

type RegexMatcher = Extract<Matcher, { kind: "regex" }>;
import { scanBytes, scanCandidates, scanText, type LineHits } from "./scan.ts";

/** A row as shown: line number, ref (from the full text) and the display text (long lines cut). */
export type Row = [line: number, ref: string, text: string];

export type FileResult =
  { kind: "binary" } | { kind: "searched"; count: number; matches: number[]; rows: Row[] };

export interface FileSearchOptions {
  matcher: Matcher;
  context: number;
  /** How many matching lines need rows (the rest are only counted). */
  keep: number;
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

export function searchFileBytes(bytes: Buffer, options: FileSearchOptions): FileResult {
  if (isBinary(bytes)) return { kind: "binary" };
  const announced = bomOf(bytes, bytes.length);
  let hits: LineHits;
  if (announced.encoding !== "utf-8") {
    // UTF-16 (ripgrep transcodes it too): search the decoded text, CRLF `\r`s included.
    hits = scanText(decodeBytes(bytes).text, options.matcher, options.keep);
  } else {
    const end = ripgrepSearchableEnd(bytes);
    if (end === 0 && bytes.length > 0) return { kind: "binary" };
    const bom = announced.bomLength === 3;
    const matcher = options.matcher;
    if (matcher.kind === "bytes" && (matcher.ascii || isUtf8(bom ? bytes.subarray(3) : bytes))) {
      // The fast path: no decoding. An ASCII needle has the same bytes in the UTF-8 and Latin-1 views.
      hits = scanBytes(bytes, bom ? 3 : 0, end, matcher.needle, options.keep);
    } else if (matcher.kind === "regex" && matcher.required) {
      hits = scanRequired(bytes, bom, end, matcher, options.keep);
    } else {
      hits = scanText(decodeRegion(bytes, bom, 0, end), matcher, options.keep);
    }
  }
  if (hits.count === 0 || hits.lines.length === 0)
    return { kind: "searched", count: hits.count, matches: [], rows: [] };
  return {
    kind: "searched",
    count: hits.count,
    matches: hits.lines,
    rows: rowsAround(bytes, hits.lines, options.context),
  };
}

/**
 * A regex with a required literal: only lines holding the literal are decoded and tested (no whole-file string
 * for a file that merely might match); dense candidates switch to decoding the rest at once.
 */
function scanRequired(
  bytes: Buffer,
  bom: boolean,
  end: number,
  matcher: RegexMatcher,
  keep: number,
): LineHits {
  const required = matcher.required!;
  const start = bom ? 3 : 0;
  const found = bytes.indexOf(required, start);
  if (found === -1 || found + required.length > end) return { count: 0, lines: [] };
  const utf8Text = isUtf8(bom ? bytes.subarray(3) : bytes);
  // A UTF-8 BOM before invalid UTF-8 is shown as Latin-1 characters of line 1, so it stays part of that line.
  const lineStart = utf8Text ? start : 0;
  const decode = utf8Text
    ? (from: number, to: number) => utf8.decode(bytes.subarray(from, to))
    : (from: number, to: number) => bytes.toString("latin1", from, to);
  const scanned = scanCandidates(bytes, lineStart, end, required, matcher.line, keep, decode);
  if (!scanned.rest) return scanned.hits;
  const restKeep = Math.max(0, keep - scanned.hits.lines.length);
  const rest = scanText(decode(scanned.rest.start, end), matcher, restKeep, scanned.rest.firstLine);
  return { count: scanned.hits.count + rest.count, lines: [...scanned.hits.lines, ...rest.lines] };
}

/**
 * Where ripgrep stops reading a file with a NUL byte: it fills 64 KiB buffers, and when a fill brings in a NUL it
 * searches nothing more, not even that buffer. So a NUL in the first buffer hides the whole file (0), and a later
 * one leaves the complete lines of the earlier buffers. Without a NUL, the whole file.
 */
export function ripgrepSearchableEnd(bytes: Buffer): number {
  const nul = bytes.indexOf(0);
  if (nul === -1) return bytes.length;
  let capacity = RIPGREP_BUFFER_BYTES;
  let bufferStart = 0;
  let readEnd = 0;
  while (true) {
    // One fill: read into the free space until the new bytes hold a line terminator.
    let lastTerminator = -1;
    while (lastTerminator === -1) {
      if (readEnd - bufferStart >= capacity) capacity *= 3;
      const oldEnd = readEnd;
      readEnd = Math.min(bytes.length, bufferStart + capacity);
      if (nul < readEnd) return bufferStart;
      if (readEnd === oldEnd) return bytes.length;
      const newline = bytes.lastIndexOf(10, readEnd - 1);
      if (newline >= oldEnd) lastTerminator = newline;
    }
    // The searcher consumes every complete line; the partial last line rolls to the buffer's front.
    bufferStart = lastTerminator + 1;
  }
}

/**
 * Bytes `[from, end)` of a non-UTF-16 file as text, decoded as lapp_read decodes the whole file: UTF-8 (BOM dropped)
 * when the whole file is valid UTF-8, else ISO-8859-1 byte for byte (not the web's windows-1252 "latin1").
 */
function decodeRegion(bytes: Buffer, bom: boolean, from: number, end: number): string {
  if (isUtf8(bom ? bytes.subarray(3) : bytes))
    return utf8.decode(bytes.subarray(Math.max(from, bom ? 3 : 0), Math.max(end, bom ? 3 : 0)));
  return bytes.toString("latin1", from, end);
}

/** Rows for the matching lines and their context, from the document lapp_read would show. */
function rowsAround(bytes: Buffer, matches: readonly number[], context: number): Row[] {
  const { lines } = decodeDocument(bytes);
  const rows: Row[] = [];
  let next = 1;
  for (const match of matches) {
    const from = Math.max(next, match - context);
    const to = Math.min(lines.length, match + context);
    for (let lineNumber = from; lineNumber <= to; lineNumber++) {
      const text = lines[lineNumber - 1]!;
      rows.push([lineNumber, refOf(lineNumber, text), displayText(text)]);
    }
    next = Math.max(next, to + 1);
  }
  return rows;
}
