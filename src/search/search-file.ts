// Searches one file: streams it through ripgrep-style line buffers (binaries skipped as ripgrep and lapp_read skip
// them), then, only for the matches the caller wants shown, rows with refs from exactly the text lapp_read shows.
// A multiline search reads the file whole and matches its text at once (multiline.ts).

import { isUtf8 } from "node:buffer";
import { fstatSync, type Stats } from "node:fs";
import { contentDigest } from "../files/identity.ts";
import { displayText } from "../hashline/format.ts";
import { refOf } from "../hashline/hash.ts";
import { isBinary } from "../text/binary.ts";
import { bomOf, decodeBytes, decodeDocument } from "../text/codec.ts";
import { RIPGREP_BUFFER_BYTES, WHOLE_READ_MAX_BYTES } from "./limits.ts";
import type { LineMatcher, Matcher } from "./matcher.ts";
import { scanMultiline } from "./multiline.ts";
import {
  adoptForSearch,
  closeQuietly,
  openForSearch,
  readWhole,
  RegionReader,
  type Region,
  type SearchDirectories,
} from "./read-file.ts";
import { lineNumbersOf } from "./line-checkpoints.ts";
import { Hits, scanBytes, scanRegexRegion, scanText } from "./scan.ts";

/** Files from this size keep where their lines start for the next search of the same bytes (line-checkpoints.ts). */
const COUNT_KEEPS_FROM_BYTES = 256 * 1024;

/** A row as shown: line number, ref (from the full text) and the display text (long lines cut). */
export type Row = [line: number, ref: string, text: string];

export type FileResult =
  | { kind: "binary" }
  | { kind: "too-large" }
  | { kind: "unreadable" }
  /** The search stopped while this file was being searched (its lane was stopped: engine.ts). */
  | { kind: "unfinished" }
  | {
      kind: "searched";
      count: number;
      matches: number[];
      rows: Row[];
      /** `dev:ino` of a file with several hard links: the engine refuses it if a blocked file shares the inode. */
      link?: string;
      /** Lines the regex engine gave up on (only when some), so matches there may be missing. */
      gaveUp?: number;
      /** A multiline search's blocks: the last line of each (`matches` holds each block's first line). */
      ends?: number[];
      /**
       * A NUL byte stopped the reading after the part searched (ripgrep's binary detection): `count` holds that
       * part's matches, and `rg --count` leaves such a file out.
       */
      binaryAfter?: true;
      /**
       * Digest of the bytes the rows were taken from (identity.ts, in hex: replies travel as JSON text), when there
       * are rows: the session records them only if the file still holds those bytes.
       */
      digest?: string;
    };

export interface FileSearchOptions {
  matcher: Matcher;
  context: number;
  /** How many matching lines need rows (the rest are only counted). */
  keep: number;
  maxBytes: number;
  /** Files larger than one ripgrep buffer and up to this size are read whole at once (tests stream them: 0). */
  wholeReadMaxBytes?: number;
}

/** `openFd`: the file, already opened by the prefilter through its checked directory (searchFile closes it). */
export function searchFile(
  path: string,
  options: FileSearchOptions,
  directories?: SearchDirectories,
  openFd?: number,
): FileResult {
  const opened = openFd === undefined ? openForSearch(path, directories) : adoptForSearch(openFd);
  if (opened === undefined) return { kind: "unreadable" };
  try {
    // Rows must come from one version of the file: one written in place meanwhile (lapp's own edit of a file with
    // hard links, or another program) is searched again, so no row shows a mix of two versions.
    let stats = opened.stats;
    for (let attempt = 0; attempt < SEARCH_ATTEMPTS; attempt++) {
      const result = searchOpened(opened.fd, stats, options);
      if (result.kind !== "searched" || result.rows.length === 0) return result;
      const after = fstatSync(opened.fd);
      if (sameVersion(stats, after)) return result;
      stats = after;
    }
    return { kind: "unreadable" };
  } catch (error) {
    // A file that vanished or cannot be read midway is skipped, as ripgrep does; anything else is a bug.
    if ((error as NodeJS.ErrnoException).code !== undefined) return { kind: "unreadable" };
    throw error;
  } finally {
    closeQuietly(opened.fd);
  }
}

/** Times a file changing under a search is searched before it is skipped as unreadable. */
const SEARCH_ATTEMPTS = 3;

function sameVersion(before: Stats, after: Stats): boolean {
  return before.size === after.size && before.mtimeMs === after.mtimeMs && before.ctimeMs === after.ctimeMs;
}

/** Searches the open file `fd` whose metadata was `stats` when the search of it began. */
function searchOpened(fd: number, stats: Stats, options: FileSearchOptions): FileResult {
  const link = stats.nlink > 1 ? `${stats.dev}:${stats.ino}` : undefined;
  const size = stats.size;
  // A big file is read at once when it may have rows (a file small enough to edit): its matches then need no
  // second read. One whose rows are not wanted (the answer has no room left, or it only lists or counts files)
  // streams through the line buffer instead: read whole, it would grow this thread's kept buffer to its size for
  // nothing (the Linux tree's 12-24 MB register headers, ~16 MiB kept by every search thread after a whole-tree
  // count).
  let whole: Buffer | undefined;
  if (
    options.keep > 0 &&
    size > RIPGREP_BUFFER_BYTES &&
    size <= (options.wholeReadMaxBytes ?? WHOLE_READ_MAX_BYTES)
  ) {
    whole = readWhole(fd, options.maxBytes);
    if (!whole) return { kind: "too-large" };
  }
  const reader = whole ? new WholeRegions(whole) : new RegionReader(fd, options.maxBytes);
  const head = reader.first();
  if (reader.tooLarge) return { kind: "too-large" };
  if (isBinary(head)) return { kind: "binary" };
  // Only a UTF-16 BOM needs the size (an odd size is not UTF-16): ask for it then, not for every file.
  const announced = bomOf(head, head.length >= 2 && (head[0] === 0xff || head[0] === 0xfe) ? stats.size : 0);
  const matcher = options.matcher;
  if (matcher.kind === "multiline") {
    whole ??= readWhole(fd, options.maxBytes);
    if (!whole) return { kind: "too-large" };
    return searchWholeText(whole, announced, matcher.probe, options, link);
  }
  let hits = new Hits(options.keep);
  let binaryAfter = false;
  if (announced.encoding !== "utf-8") {
    // UTF-16 (ripgrep transcodes it too): search the decoded text, CRLF `\r`s included.
    whole ??= readWhole(fd, options.maxBytes);
    if (!whole) return { kind: "too-large" };
    scanText(decodeBytes(whole).text, matcher, 0, hits);
  } else {
    const streamed = searchRegions(reader, matcher, announced.bomLength, hits);
    if (reader.tooLarge) return { kind: "too-large" };
    if (streamed === "binary") return { kind: "binary" };
    binaryAfter = reader.stoppedAtNul;
    if (streamed === "not-utf8") {
      // Shown as Latin-1 by lapp_read: search that text (rare, so the whole file is read again).
      whole ??= readWhole(fd, options.maxBytes);
      if (!whole) return { kind: "too-large" };
      const end = ripgrepSearchableEnd(whole);
      if (end === 0 && whole.length > 0) return { kind: "binary" };
      binaryAfter = end < whole.length;
      hits = new Hits(options.keep);
      scanText(whole.toString("latin1", 0, end), matcher, 0, hits);
    }
  }
  const gaveUp = hits.gaveUp > 0 ? { gaveUp: hits.gaveUp } : {};
  const facts = { ...(link && { link }), ...gaveUp, ...(binaryAfter && { binaryAfter: true as const }) };
  if (hits.anchors.length === 0)
    return { kind: "searched", count: hits.count, matches: [], rows: [], ...facts };
  const bytes = whole ?? readWhole(fd, options.maxBytes);
  if (!bytes) return { kind: "too-large" }; // it grew past the limit since it was searched
  const digest = contentDigest(bytes).toString(16);
  const matches = lineNumbers(bytes, hits, digest);
  return {
    kind: "searched",
    count: hits.count,
    matches,
    rows: rowsOf(bytes, matches, lineStarts(hits), options.context),
    digest,
    ...facts,
  };
}

/**
 * A multiline search of a file read whole (`bytes`), as `rg -U` reads it: a NUL byte in its first 64 KiB makes it
 * binary; otherwise its whole text (as lapp_read shows it) is matched at once, up to the first block of matches that
 * holds a NUL (multiline.ts). The rows are every line of the first `keep` matches, with their context.
 */
function searchWholeText(
  bytes: Buffer,
  announced: ReturnType<typeof bomOf>,
  probe: RegExp,
  options: FileSearchOptions,
  link: string | undefined,
): FileResult {
  const utf16 = announced.encoding !== "utf-8";
  if (!utf16 && bytes.subarray(0, RIPGREP_BUFFER_BYTES).indexOf(0) !== -1) return { kind: "binary" };
  const text = utf16
    ? decodeBytes(bytes).text
    : isUtf8(bytes.subarray(announced.bomLength))
      ? bytes.toString("utf8", announced.bomLength)
      : bytes.toString("latin1");
  // UTF-16 is searched as text (ripgrep transcodes it): its NUL bytes are no sign of a binary file.
  const hits = scanMultiline(text, probe, options.keep, !utf16);
  const facts = {
    ...(link && { link }),
    ...(hits.gaveUp && { gaveUp: 1 }),
    ...(hits.binary && { binaryAfter: true as const }),
  };
  if (hits.starts.length === 0)
    return { kind: "searched", count: hits.count, matches: [], rows: [], ...facts };
  const lines = new Set<number>();
  hits.starts.forEach((start, index) => {
    for (let line = start; line <= hits.ends[index]!; line++) lines.add(line);
  });
  return {
    kind: "searched",
    count: hits.count,
    matches: hits.starts,
    ends: hits.ends,
    rows: rowsOf(
      bytes,
      [...lines].sort((a, b) => a - b),
      [],
      options.context,
    ),
    digest: contentDigest(bytes).toString(16),
    ...facts,
  };
}

/**
 * The regions of a UTF-8 (or ASCII) file. Byte-level matching needs no decoding; text-level matching needs the
 * file to be UTF-8, and reports "not-utf8" at the first region that is not, so the caller can switch to Latin-1.
 */
function searchRegions(
  reader: RegionReader | WholeRegions,
  matcher: LineMatcher,
  textStart: number,
  hits: Hits,
): "ok" | "binary" | "not-utf8" {
  let region: Region | undefined;
  while ((region = reader.next())) {
    const { bytes, offset } = region;
    const from = Math.max(0, textStart - offset);
    if (matcher.kind === "bytes" && matcher.ascii) {
      scanBytes(bytes, from, offset, matcher.needle, hits);
      continue;
    }
    const text = bytes.subarray(from);
    if (!isUtf8(text)) return "not-utf8";
    if (matcher.kind === "bytes") {
      scanBytes(bytes, from, offset, matcher.needle, hits);
    } else {
      // The region is valid UTF-8 (checked above): Buffer's own decoding is the strict decoder's text, faster.
      const decode = (start: number, end: number) => bytes.toString("utf8", start, end);
      scanRegexRegion(bytes, from, offset, matcher, decode, hits);
    }
  }
  return reader.nulInFirstBuffer ? "binary" : "ok";
}

/**
 * RegionReader's regions from a file read whole: the same bytes searched (up to where ripgrep stops at a NUL, see
 * ripgrepSearchableEnd), in regions of complete lines about one buffer long, so every scan sees what it would see
 * streaming.
 */
class WholeRegions {
  readonly tooLarge = false;
  /** ripgrep would call the file binary: a NUL in its first buffer. */
  readonly nulInFirstBuffer: boolean;
  private readonly end: number;
  private position = 0;

  constructor(private readonly bytes: Buffer) {
    this.end = ripgrepSearchableEnd(bytes);
    this.nulInFirstBuffer = this.end === 0 && bytes.length > 0 && bytes.indexOf(0) !== -1;
  }

  /** A NUL stopped the reading (the searched part ends before the file does). */
  get stoppedAtNul(): boolean {
    return this.end < this.bytes.length;
  }

  /** What the first fill of a streaming reader holds. */
  first(): Buffer {
    return this.bytes.subarray(0, Math.min(RIPGREP_BUFFER_BYTES, this.bytes.length));
  }

  next(): Region | undefined {
    const start = this.position;
    if (start >= this.end) return undefined;
    let cut = this.end;
    if (cut - start > RIPGREP_BUFFER_BYTES) {
      const before = this.bytes.lastIndexOf(NEWLINE, start + RIPGREP_BUFFER_BYTES - 1);
      const after = before >= start ? before : this.bytes.indexOf(NEWLINE, start + RIPGREP_BUFFER_BYTES);
      if (after !== -1 && after < this.end) cut = after + 1;
    }
    this.position = cut;
    return { bytes: this.bytes.subarray(start, cut), offset: start };
  }
}

/**
 * Where ripgrep stops reading a file with a NUL byte (the same rule RegionReader follows while streaming): it fills
 * 64 KiB buffers, and when a fill brings in a NUL it searches nothing more, not even that buffer. So a NUL in the
 * first buffer hides the whole file (0), and a later one leaves the complete lines of the earlier buffers.
 */
export function ripgrepSearchableEnd(bytes: Buffer): number {
  const nul = bytes.indexOf(0);
  if (nul === -1) return bytes.length;
  let capacity = RIPGREP_BUFFER_BYTES;
  let bufferStart = 0;
  let readEnd = 0;
  while (true) {
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
    bufferStart = lastTerminator + 1;
  }
}

/**
 * Absolute line numbers of the kept matches. `digest` (of `whole`, which is the whole file) lets big files count
 * from the line starts kept for those bytes (line-checkpoints.ts); small files are counted each time.
 */
function lineNumbers(whole: Buffer, hits: Hits, digest: string): number[] {
  const known = whole.length >= COUNT_KEEPS_FROM_BYTES ? digest : undefined;
  return lineNumbersOf(whole, hits.anchors, hits.lines, known);
}

/**
 * Rows for the matching lines and their context, with exactly the text lapp_read shows (decodeDocument): only the
 * lines shown are decoded. UTF-8 (after its BOM) when the whole file is valid UTF-8, Latin-1 of every byte
 * otherwise, a line's terminator and the `\r` of a CRLF dropped; UTF-16 files are decoded whole.
 */
function rowsOf(
  bytes: Buffer,
  matches: readonly number[],
  starts: ReadonlyArray<number | undefined>,
  context: number,
): Row[] {
  const announced = bomOf(bytes, bytes.length);
  if (announced.encoding !== "utf-8") return rowsAround(bytes, matches, context);
  const utf8Text = isUtf8(bytes.subarray(announced.bomLength));
  const encoding = utf8Text ? "utf8" : "latin1";
  const end = bytes.length;
  const rows: Row[] = [];
  const textStart = utf8Text ? announced.bomLength : 0;
  let line = 1;
  let start = textStart;
  for (let index = 0; index < matches.length; index++) {
    const match = matches[index]!;
    const from = Math.max(line, match - context);
    const to = match + context;
    const matchStart = starts[index];
    if (matchStart !== undefined && line < from) {
      // Where the match's line starts is known: step back from it to the first row instead of walking forward.
      start = Math.max(matchStart, textStart);
      for (line = match; line > from; line--) start = previousLineStart(bytes, start, textStart);
    }
    while (line < from && start < end) {
      const newline = bytes.indexOf(NEWLINE, start);
      start = newline === -1 ? end : newline + 1;
      line++;
    }
    for (; line <= to && start < end; line++) {
      const newline = bytes.indexOf(NEWLINE, start);
      const lineEnd = newline === -1 ? end : newline;
      const textEnd =
        newline !== -1 && lineEnd > start && bytes[lineEnd - 1] === CARRIAGE_RETURN ? lineEnd - 1 : lineEnd;
      const text = bytes.toString(encoding, start, textEnd);
      rows.push([line, refOf(line, text), displayText(text)]);
      start = newline === -1 ? end : newline + 1;
    }
  }
  return rows;
}

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;

/** Byte offset where each kept match's line starts, when the scan recorded it (an anchor with line 1). */
function lineStarts(hits: Hits): Array<number | undefined> {
  return hits.anchors.map((anchor, index) => (hits.lines[index] === 1 ? anchor : undefined));
}

/** Start of the line before the one starting at `start` (never before `textStart`, the first line's start). */
function previousLineStart(bytes: Buffer, start: number, textStart: number): number {
  if (start - 2 < textStart) return textStart;
  return Math.max(textStart, bytes.lastIndexOf(NEWLINE, start - 2) + 1);
}

/** Rows from the whole decoded document (UTF-16 files). */
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
