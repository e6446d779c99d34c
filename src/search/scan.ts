// Finds the matching lines in one region of a file (pure): in raw bytes for a plain literal, through candidate
// lines for a regex with a required literal, in decoded text otherwise. A line counts once however often it matches.
// Matches are recorded as (anchor, line): `line` is 1-based from the line starting at byte offset `anchor`, so
// finding them never needs the file's newlines counted; only files whose rows are shown pay for that, later.

import type { Matcher } from "./matcher.ts";

const NEWLINE = 10;

type RegexMatcher = Extract<Matcher, { kind: "regex" }>;

export class Hits {
  /** Matching lines in total. */
  count = 0;
  /** Lines the regex engine gave up on (too much backtracking): whether they match is unknown. */
  gaveUp = 0;
  /** Of the first `keep` matches: byte offset of a line start, and the line number counted from there (1 = it). */
  readonly anchors: number[] = [];
  readonly lines: number[] = [];

  constructor(readonly keep: number) {}

  add(anchor: number, line: number): void {
    this.count++;
    if (this.anchors.length < this.keep) {
      this.anchors.push(anchor);
      this.lines.push(line);
    }
  }

  get wantsRows(): boolean {
    return this.anchors.length < this.keep;
  }

  /** A point to roll back to when a region is scanned again. */
  mark(): { count: number; kept: number; gaveUp: number } {
    return { count: this.count, kept: this.anchors.length, gaveUp: this.gaveUp };
  }

  rollback(mark: ReturnType<Hits["mark"]>): void {
    this.count = mark.count;
    this.gaveUp = mark.gaveUp;
    this.anchors.length = mark.kept;
    this.lines.length = mark.kept;
  }
}

/**
 * JavaScriptCore's regex engine gives up on a line after many millions of backtracking steps and answers "no
 * match" — indistinguishable from a real one, and when it happens in a whole-text scan, the rest of the text is
 * lost. Giving up takes hundreds of milliseconds, so a regex scan slower than this is redone line by line with the
 * matcher's probe, which tells "no match" from "gave up" (Hits.gaveUp) and goes on with the next line.
 */
const SLOW_SCAN_MS = 50;

/** A case-sensitive literal in `bytes[from…]` (a region of complete lines starting at file offset `offset`). */
export function scanBytes(bytes: Buffer, from: number, offset: number, needle: Uint8Array, hits: Hits): void {
  const end = bytes.length;
  let position = from;
  while (position < end) {
    const found = needle.length === 0 ? position : bytes.indexOf(needle, position);
    if (found === -1) return;
    const lineStart = Math.max(position, bytes.lastIndexOf(NEWLINE, found) + 1);
    hits.add(offset + lineStart, 1);
    const newline = bytes.indexOf(NEWLINE, found + needle.length);
    if (newline === -1) return;
    position = newline + 1;
  }
}

/** How a candidate scan decodes one line's bytes (`[start, end)`, terminator excluded, a CRLF `\r` included). */
export type LineDecoder = (start: number, end: number) => string;

/** Candidate lines denser than this share of the bytes are cheaper to decode at once than line by line. */
const DENSE_SHARE = 0.5;
const DENSE_MIN_CANDIDATES = 64;

/**
 * A regex with a required literal (or a set, one of which every match holds) over a region's bytes: only lines
 * holding the literal (one of the set) are decoded and tested, as ripgrep verifies literal hits. Returns where dense
 * candidates made it stop (the caller decodes the rest at once).
 */
export function scanCandidates(
  bytes: Buffer,
  from: number,
  offset: number,
  required: Uint8Array | readonly Uint8Array[],
  line: RegExp,
  decode: LineDecoder,
  hits: Hits,
  runs?: readonly Uint8Array[],
): number | undefined {
  const end = bytes.length;
  let position = from;
  let candidates = 0;
  let candidateBytes = 0;
  const inOrder = runs && new RunsInOrder(bytes, runs);
  const anyOf = Array.isArray(required) ? new NextOfAny(bytes, required) : undefined;
  const single = required as Uint8Array;
  while (position < end) {
    const found = anyOf ? anyOf.from(position) : bytes.indexOf(single, position);
    if (found === -1) return undefined;
    const lineStart = Math.max(position, bytes.lastIndexOf(NEWLINE, found) + 1);
    const newline = bytes.indexOf(NEWLINE, found);
    const lineEnd = newline === -1 ? end : newline;
    candidates++;
    candidateBytes += lineEnd - lineStart;
    // A line without every run in order cannot match (required-literal.ts): no need to decode and test it.
    const possible = inOrder === undefined || inOrder.holds(lineStart, lineEnd);
    if (possible && line.test(decode(lineStart, lineEnd))) hits.add(offset + lineStart, 1);
    position = lineEnd + 1;
    if (
      position < end &&
      candidates >= DENSE_MIN_CANDIDATES &&
      candidateBytes > DENSE_SHARE * (position - from)
    ) {
      return position;
    }
  }
  return undefined;
}

/**
 * Tells whether a line holds every run in order, none overlapping the next (earliest fit first), for lines asked
 * about in increasing order: each run's next occurrence is kept until a line starts past it, so however many
 * lines are asked about, the bytes are searched once per run.
 */
class RunsInOrder {
  private readonly next: number[];

  constructor(
    private readonly bytes: Buffer,
    private readonly runs: readonly Uint8Array[],
  ) {
    this.next = runs.map(() => -2); // -2: not looked for yet; -1: no more occurrences
  }

  holds(start: number, end: number): boolean {
    let at = start;
    for (let index = 0; index < this.runs.length; index++) {
      const run = this.runs[index]!;
      let found = this.next[index]!;
      if (found === -1) return false;
      if (found < at) found = this.next[index] = this.bytes.indexOf(run, at);
      if (found === -1 || found + run.length > end) return false;
      at = found + run.length;
    }
    return true;
  }
}

/**
 * The first place from a position where any of several runs stands, for positions asked about in increasing order:
 * each run's next occurrence is kept until passed, so the bytes are searched once per run.
 */
class NextOfAny {
  private readonly next: number[];

  constructor(
    private readonly bytes: Buffer,
    private readonly runs: readonly Uint8Array[],
  ) {
    this.next = runs.map(() => -2); // -2: not looked for yet; -1: no more occurrences
  }

  from(position: number): number {
    let first = -1;
    for (let index = 0; index < this.runs.length; index++) {
      let found = this.next[index]!;
      if (found === -1) continue;
      if (found < position) found = this.next[index] = this.bytes.indexOf(this.runs[index]!, position);
      if (found !== -1 && (first === -1 || found < first)) first = found;
    }
    return first;
  }
}

/** A matcher over a decoded text whose first line starts at byte offset `anchor` (0 with absolute line numbers). */
export function scanText(text: string, matcher: Matcher, anchor: number, hits: Hits): void {
  if (matcher.kind === "multiline") throw new Error("a multiline matcher scans a whole text (multiline.ts)");
  if (matcher.kind === "bytes") return scanTextLiteral(text, matcher.literal, anchor, hits);
  checkedRegexScan(
    hits,
    () => text,
    anchor,
    matcher.probe,
    () => scanRegexText(text, matcher, anchor, hits),
  );
}

function scanRegexText(text: string, matcher: RegexMatcher, anchor: number, hits: Hits): void {
  if (matcher.everyLine) scanEveryLine(text, matcher.line, anchor, hits);
  else scanRegex(text, matcher.scan, matcher.line, anchor, hits);
}

/** A regex over a UTF-8 region's bytes from `from` (file offset `offset`): candidates first when it has a literal. */
export function scanRegexRegion(
  bytes: Buffer,
  from: number,
  offset: number,
  matcher: RegexMatcher,
  decodeRange: (start: number, end: number) => string,
  hits: Hits,
): void {
  const wholeText = () => decodeRange(from, bytes.length);
  checkedRegexScan(hits, wholeText, offset + from, matcher.probe, () => {
    const required = matcher.required ?? matcher.anyRequired;
    if (!required) return scanRegexText(wholeText(), matcher, offset + from, hits);
    const inOrder = matcher.runs && !matcher.runs.anyOf && matcher.runs.runs.length > 1;
    const runs = inOrder ? matcher.runs!.runs : undefined;
    const rest = scanCandidates(bytes, from, offset, required, matcher.line, decodeRange, hits, runs);
    if (rest !== undefined) scanRegexText(decodeRange(rest, bytes.length), matcher, offset + rest, hits);
  });
}

/** Runs a fast regex scan; if it was slow enough that the engine may have given up, redoes it with the probe. */
function checkedRegexScan(
  hits: Hits,
  text: () => string,
  anchor: number,
  probe: RegExp,
  fast: () => void,
): void {
  const mark = hits.mark();
  const started = performance.now();
  fast();
  if (performance.now() - started <= SLOW_SCAN_MS) return;
  hits.rollback(mark);
  scanEveryLineProbed(text(), probe, anchor, hits);
}

/** Every line decided by the probe: its last (empty) group takes part only when the pattern did not match. */
function scanEveryLineProbed(text: string, probe: RegExp, anchor: number, hits: Hits): void {
  const cursor = new LineCursor(text);
  if (!cursor.isLine(0)) return;
  while (true) {
    const match = probe.exec(cursor.text());
    if (match === null) hits.gaveUp++;
    else if (match[match.length - 1] === undefined) hits.add(anchor, cursor.lineNumber);
    const next = cursor.nextLineStart();
    if (next === undefined) return;
    cursor.moveTo(next, true);
  }
}

function scanTextLiteral(text: string, literal: string, anchor: number, hits: Hits): void {
  const cursor = new LineCursor(text);
  let from = 0;
  while (from <= text.length) {
    const found = text.indexOf(literal, from);
    if (found === -1 || !cursor.isLine(found)) return;
    cursor.moveTo(found, hits.wantsRows);
    hits.add(anchor, cursor.lineNumber);
    const next = cursor.nextLineStart();
    if (next === undefined) return;
    from = next;
  }
}

/**
 * Scans for candidates with `scan` (multiline flags), then decides every line a candidate touches with `line`.
 * A line that matches alone always holds the start of a scan match found from its own start, so none is missed.
 */
function scanRegex(text: string, scan: RegExp, line: RegExp, anchor: number, hits: Hits): void {
  const cursor = new LineCursor(text);
  let from = 0;
  while (from <= text.length) {
    scan.lastIndex = from;
    const match = scan.exec(text);
    if (match === null) return;
    const start = match.index;
    if (!cursor.isLine(start)) return;
    const last = Math.max(start, start + match[0].length - 1);
    cursor.moveTo(start, hits.wantsRows);
    let next: number | undefined;
    while (true) {
      if (line.test(cursor.text())) hits.add(anchor, cursor.lineNumber);
      next = cursor.nextLineStart();
      if (next === undefined || next > last) break;
      cursor.moveTo(next, hits.wantsRows);
    }
    if (next === undefined) return;
    from = next;
  }
}

function scanEveryLine(text: string, line: RegExp, anchor: number, hits: Hits): void {
  const cursor = new LineCursor(text);
  if (!cursor.isLine(0)) return;
  while (true) {
    if (line.test(cursor.text())) hits.add(anchor, cursor.lineNumber);
    const next = cursor.nextLineStart();
    if (next === undefined) return;
    cursor.moveTo(next, hits.wantsRows);
  }
}

/** Walks forward through a text's lines, keeping the current line's number, start and end. */
class LineCursor {
  lineNumber = 1;
  private start = 0;
  private end: number;

  constructor(private readonly source: string) {
    this.end = this.findEnd(0);
  }

  /** Whether `offset` lies on a line (the position after a final `\n` starts no line, as in ripgrep). */
  isLine(offset: number): boolean {
    if (offset < this.source.length) return true;
    return this.source.length > 0 && this.source.charCodeAt(this.source.length - 1) !== NEWLINE;
  }

  /**
   * Moves to the line containing `offset` (never backwards). Without `count` it jumps straight there and the line
   * number is no longer kept (callers stop asking once no more rows are wanted).
   */
  moveTo(offset: number, count: boolean): void {
    if (this.end >= offset) return;
    if (!count) {
      this.start = this.source.lastIndexOf("\n", offset - 1) + 1;
      this.end = this.findEnd(offset);
      this.lineNumber = Number.NaN;
      return;
    }
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
