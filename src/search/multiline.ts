// lapp_grep's `multiline`: a pattern matched against a whole file's text, as `rg --multiline` matches it (pure).
// The pattern is rewritten so JavaScript's regex engine keeps ripgrep's line semantics; each match shows the whole
// lines it touches, and ripgrep's blocks (matches whose lines touch) decide where a NUL byte stops the search.

import { classEnd } from "./regex-syntax.ts";

/**
 * A pattern for a whole text with ripgrep's `-U` semantics (its line terminator is `\n` only, never `\r`):
 * - `.` matches any character but `\n` (JavaScript's `.` would also refuse `\r`, U+2028 and U+2029), except inside
 *   a `(?s:…)` group, where it matches everything in both;
 * - `^` and `$` match at the text's ends and next to a `\n` (JavaScript's `m` flag would also take `\r`, U+2028 and
 *   U+2029 for line ends), except inside a `(?-m:…)` group, where both mean the text's ends only.
 * Escapes and classes are copied as they are: `[^a]` and `\s` match `\n` in both.
 */
export function multilineSource(source: string): string {
  let out = "";
  // Per open group: whether `.` matches every character in it, and whether `^`/`$` mean the text's ends only.
  const groups: Array<{ dotAll: boolean; textEnds: boolean }> = [];
  const current = () => groups.at(-1) ?? { dotAll: false, textEnds: false };
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (char === "\\") {
      out += source.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (char === "[") {
      const end = classEnd(source, index);
      if (end === -1) return source; // invalid: the regex compiler says why
      out += source.slice(index, end + 1);
      index = end + 1;
      continue;
    }
    if (char === "(") {
      const modifiers = /^\(\?([ims]*)(?:-([ims]*))?:/.exec(source.slice(index));
      const outer = current();
      groups.push({
        dotAll: modifiers
          ? !modifiers[2]?.includes("s") && (outer.dotAll || modifiers[1]!.includes("s"))
          : outer.dotAll,
        textEnds: modifiers
          ? !modifiers[1]!.includes("m") && (outer.textEnds || (modifiers[2]?.includes("m") ?? false))
          : outer.textEnds,
      });
      out += char;
      index++;
      continue;
    }
    if (char === ")") groups.pop();
    if (char === "." && !current().dotAll) out += "[^\\n]";
    else if (char === "^" && !current().textEnds) out += "(?<![^\\n])";
    else if (char === "$" && !current().textEnds) out += "(?![^\\n])";
    else out += char;
    index++;
  }
  return out;
}

/** Escapes every regex syntax character (valid with and without the `u` flag). */
export function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

/**
 * Whether a match of the pattern may hold a `\n`, as ripgrep judges it: only then does `rg -U` match across lines
 * (otherwise it searches line by line, counting lines, as without -U). ripgrep counts every anchor (`^`, `$`) as
 * possibly matching one; a class, an escape or `.` counts when it matches `\n` (tested with JavaScript's engine,
 * `.` only inside `(?s:…)`); a backreference repeats a group already judged.
 */
export function mayMatchLineBreak(source: string, flags: string): boolean {
  const matchesLineBreak = (atom: string): boolean => {
    try {
      return new RegExp(`^(?:${atom})$`, flags).test("\n");
    } catch {
      return true; // not a valid atom alone: judged as possibly matching, as ripgrep judges what it cannot rule out
    }
  };
  const dotAll: boolean[] = [];
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (char === "\\") {
      const escape = escapeAt(source, index);
      if (!/^\\(?:[1-9]\d*|k<)/.test(escape) && matchesLineBreak(escape)) return true;
      index += escape.length;
      continue;
    }
    if (char === "[") {
      const end = classEnd(source, index);
      if (end === -1) return true;
      if (matchesLineBreak(source.slice(index, end + 1))) return true;
      index = end + 1;
      continue;
    }
    if (char === "(") {
      const modifiers = /^\(\?([ims]*)(?:-([ims]*))?:/.exec(source.slice(index));
      const outer = dotAll.at(-1) ?? false;
      dotAll.push(modifiers ? !modifiers[2]?.includes("s") && (outer || modifiers[1]!.includes("s")) : outer);
    } else if (char === ")") dotAll.pop();
    else if (char === "^" || char === "$" || char === "\n") return true;
    else if (char === "." && (dotAll.at(-1) ?? false)) return true;
    index++;
  }
  return false;
}

/** The whole escape sequence starting at `source[index]` (a backslash). */
function escapeAt(source: string, index: number): string {
  const rest = source.slice(index);
  const long =
    /^\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|c[A-Za-z]|[pP]\{[^}]*\}|k<[^>]*>|\d+)/.exec(
      rest,
    );
  return long?.[0] ?? rest.slice(0, 2);
}

/** Matches in a file as `rg -U` reports them. */
export interface MultilineHits {
  /** Matches ripgrep counts (`rg -U --count`): those in the blocks it reports. */
  count: number;
  /** The first `keep` of them: the first and last line of each (1-based; several may share lines). */
  starts: number[];
  ends: number[];
  /** A block held a NUL byte: ripgrep stopped there and calls the file binary (`--count` leaves it out). */
  binary: boolean;
  /** The regex engine gave up (too much backtracking) at some point: the matches after it are unknown. */
  gaveUp: boolean;
}

/**
 * Every match of `probe` in `text`, as ripgrep reports them: each widened to the whole lines it touches, matches
 * whose lines overlap or touch joined into a block; with `stopAtNul`, the first block that holds a NUL ends the
 * search (ripgrep checks each block it reports, having checked only the first 64 KiB for the whole file).
 * `probe` is the global pattern plus an alternative that matches only at the text's end (its last group takes part
 * only then), so `exec` answers null only when the engine gave up.
 */
export function scanMultiline(text: string, probe: RegExp, keep: number, stopAtNul: boolean): MultilineHits {
  const hits: MultilineHits = { count: 0, starts: [], ends: [], binary: false, gaveUp: false };
  const lines = new LineCounter(text);
  // The block being gathered: where its first line starts, where its last line ends, and its matches' lines.
  let block: { from: number; to: number; matches: Array<[number, number]> } | undefined;
  /** Reports the block unless it holds a NUL; false when the search ends there. */
  const report = (): boolean => {
    if (block === undefined) return true;
    if (stopAtNul && text.indexOf("\0", block.from) !== -1 && text.indexOf("\0", block.from) < block.to) {
      hits.binary = true;
      return false;
    }
    for (const [first, last] of block.matches) {
      hits.count++;
      if (hits.starts.length < keep) {
        hits.starts.push(first);
        hits.ends.push(last);
      }
    }
    block = undefined;
    return true;
  };
  probe.lastIndex = 0;
  while (true) {
    const match = probe.exec(text);
    if (match === null) {
      hits.gaveUp = true;
      break;
    }
    if (match[match.length - 1] !== undefined) break; // the end of the text: no more matches
    const start = match.index;
    const end = start + match[0].length;
    // An empty match after the last line's terminator is on no line: ripgrep ends the search there.
    if (start === text.length && (start === 0 || text.charCodeAt(start - 1) === NEWLINE)) break;
    // Where its first line starts (lastIndexOf would look at position 0 for a start of 0).
    const from = start === 0 ? 0 : text.lastIndexOf("\n", start - 1) + 1;
    // A match ending with a line's `\n` ends on that line; otherwise on the line where it stops.
    const endsLine = end > from && text.charCodeAt(end - 1) === NEWLINE;
    const lineEnd = endsLine ? end : text.indexOf("\n", end);
    const to = lineEnd === -1 ? text.length : endsLine ? lineEnd : lineEnd + 1;
    const lineSpan: [number, number] = [lines.lineAt(start), lines.lineAt(endsLine ? end - 1 : end)];
    if (block !== undefined && block.to >= from) {
      block.to = Math.max(block.to, to);
      block.matches.push(lineSpan);
    } else {
      if (!report()) return hits;
      block = { from, to, matches: [lineSpan] };
    }
    probe.lastIndex = end > start ? end : end + stepAt(text, end, probe.unicode);
  }
  report();
  return hits;
}

/** How far past an empty match the next search starts: one character (a surrogate pair whole in Unicode mode). */
function stepAt(text: string, position: number, unicode: boolean): number {
  if (!unicode) return 1;
  const code = text.charCodeAt(position);
  const next = text.charCodeAt(position + 1);
  return code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
}

const NEWLINE = 10;

/** Line numbers of text positions asked about in increasing order: the text's newlines are counted once. */
class LineCounter {
  private position = 0;
  private line = 1;

  constructor(private readonly text: string) {}

  lineAt(position: number): number {
    while (true) {
      const newline = this.text.indexOf("\n", this.position);
      if (newline === -1 || newline >= position) break;
      this.line++;
      this.position = newline + 1;
    }
    return this.line;
  }
}
