// Finding a text in a file by its content: every place its lines occur, exactly, or else (when allowed) with
// whitespace normalised — shared leading indentation and trailing whitespace ignored, relative indentation kept.
// Pure. The caller decides what several places mean (never "take the first": see docs/format.md).

import { commonIndent, isBlankLine, leadingWhitespace } from "../../text/indentation.ts";
/** How a text was found: line for line, or with whitespace normalised. */
export type MatchTier = "exact" | "normalized";

export interface ContentMatch {
  /** First and last line of the place, 1-based and inclusive. */
  readonly start: number;
  readonly end: number;
  /** Indentation every non-blank line of the text shares as it was given, and as the file has it here. */
  readonly givenIndent: string;
  readonly fileIndent: string;
}

export interface ContentMatches {
  /** The tier the places were found in; undefined when none was found in any tier tried. */
  readonly tier: MatchTier | undefined;
  /** Every place, in file order (several means the text is ambiguous). */
  readonly matches: readonly ContentMatch[];
}

/** Lines `from..to` (1-based, inclusive) a place must lie within. */
export interface LineRange {
  readonly from: number;
  readonly to: number;
}

export interface MatchOptions {
  /** Try the whitespace-normalised tier when the text occurs nowhere exactly. Default true. */
  readonly normalizeWhitespace?: boolean | undefined;
  /** Only places lying wholly within one of these ranges count. Default the whole file. */
  readonly within?: readonly LineRange[] | undefined;
}

export const isBlank = isBlankLine;

/**
 * Every place `needle` (lines, at least one non-blank) occurs in `lines`: the exact tier first; when it finds
 * nothing and normalising is allowed, the normalised tier. A tier that finds places ends the search, so an exact
 * occurrence is never outvoted by looser ones.
 */
export function findContent(
  lines: readonly string[],
  needle: readonly string[],
  options: MatchOptions = {},
): ContentMatches {
  const ranges = (options.within ?? [{ from: 1, to: lines.length }]).map((range) => ({
    from: Math.max(1, range.from),
    to: Math.min(lines.length, range.to),
  }));
  const inRanges = (tier: (from: number, to: number) => ContentMatch[]): ContentMatch[] => {
    const seen = new Map<number, ContentMatch>();
    for (const range of ranges) for (const match of tier(range.from, range.to)) seen.set(match.start, match);
    return [...seen.values()].sort((a, b) => a.start - b.start);
  };
  const exact = inRanges((from, to) => exactMatches(lines, needle, from, to));
  if (exact.length > 0) return { tier: "exact", matches: exact };
  if (options.normalizeWhitespace === false) return { tier: undefined, matches: [] };
  const loose = inRanges((from, to) => normalizedMatches(lines, needle, from, to));
  return { tier: loose.length > 0 ? "normalized" : undefined, matches: loose };
}

function exactMatches(lines: readonly string[], needle: readonly string[], from: number, to: number) {
  const found: ContentMatch[] = [];
  const count = needle.length;
  const first = needle[0]!;
  const indent = commonIndent(needle);
  for (let start = from - 1; start + count <= to; start++) {
    if (lines[start] !== first) continue;
    let offset = 1;
    while (offset < count && lines[start + offset] === needle[offset]) offset++;
    if (offset === count)
      found.push({ start: start + 1, end: start + count, givenIndent: indent, fileIndent: indent });
  }
  return found;
}

function normalizedMatches(lines: readonly string[], needle: readonly string[], from: number, to: number) {
  const found: ContentMatch[] = [];
  const count = needle.length;
  const givenIndent = commonIndent(needle);
  const key = needle.findIndex((line) => !isBlank(line));
  if (key === -1) return found;
  const keyText = needle[key]!.trim();
  const shapes = needle.map((line) => (isBlank(line) ? undefined : line.slice(givenIndent.length).trimEnd()));
  for (let start = from - 1; start + count <= to; start++) {
    if (lines[start + key]!.trim() !== keyText) continue;
    const fileIndent = commonIndent(lines, start, start + count);
    let offset = 0;
    for (; offset < count; offset++) {
      const line = lines[start + offset]!;
      const shape = shapes[offset];
      if (
        shape === undefined
          ? !isBlank(line)
          : isBlank(line) || line.slice(fileIndent.length).trimEnd() !== shape
      )
        break;
    }
    if (offset === count) found.push({ start: start + 1, end: start + count, givenIndent, fileIndent });
  }
  return found;
}
