// When a text occurs nowhere: the region of the file most like it, so the refusal can show that region's rows with
// fresh refs and name the first line of the text that differs there. Pure, one pass over the file.

import { isBlank } from "./match.ts";

export interface ClosestRegion {
  /** First and last line of the region, 1-based and inclusive (as many lines as the text, clamped to the file). */
  readonly start: number;
  readonly end: number;
  /** The first non-blank line of the text (0-based) that differs, whitespace aside, from the region's line there. */
  readonly missing: number | undefined;
  /** Non-blank lines of the text equal to the region's line at their place, and how many non-blank lines it has. */
  readonly found: number;
  readonly of: number;
}

const key = (text: string): string => text.trim().replace(/\s+/g, " ");

/** A line of the text that recurs more often than this in it (`}`, `end`) casts no vote: it says nothing of where. */
const MAX_POSITIONS_PER_LINE = 16;

/**
 * Every line of the file equal (whitespace aside) to line k of the needle votes for the region starting k lines above
 * it, with the weight of its length (so `}` counts for little); the region with the most weight wins, the earliest of
 * equal ones. Undefined when no line of the needle occurs anywhere.
 */
export function closestRegion(
  lines: readonly string[],
  needle: readonly string[],
): ClosestRegion | undefined {
  const positions = new Map<string, number[]>();
  needle.forEach((line, index) => {
    if (isBlank(line)) return;
    const text = key(line);
    const list = positions.get(text) ?? [];
    list.push(index);
    positions.set(text, list);
  });
  if (positions.size === 0 || lines.length === 0) return undefined;
  const size = Math.min(needle.length, lines.length);
  const last = lines.length - size;
  const votes = new Map<number, number>();
  for (let line = 0; line < lines.length; line++) {
    const text = key(lines[line]!);
    const at = text === "" ? undefined : positions.get(text);
    if (at === undefined || at.length > MAX_POSITIONS_PER_LINE) continue;
    for (const offset of at) {
      const start = Math.min(Math.max(line - offset, 0), last);
      votes.set(start, (votes.get(start) ?? 0) + text.length);
    }
  }
  // No line of the text occurs as it is: lines that share most of their characters (a renamed argument) vote instead.
  if (votes.size === 0) voteBySimilarity(lines, needle, last, votes);
  let best: number | undefined;
  let bestWeight = 0;
  for (const [start, weight] of votes) {
    if (weight > bestWeight || (weight === bestWeight && start < best!)) {
      best = start;
      bestWeight = weight;
    }
  }
  if (best === undefined) return undefined;
  let missing: number | undefined;
  let found = 0;
  let of = 0;
  needle.forEach((line, index) => {
    if (isBlank(line)) return;
    of++;
    const there = lines[best + index];
    if (there !== undefined && key(there) === key(line)) found++;
    else missing ??= index;
  });
  return { start: best + 1, end: best + size, missing, found, of };
}

/** Lines of the text compared by similarity (at most this many, the first ones): a fallback costs a pass each. */
const MAX_SIMILAR_LINES = 8;
/** Share of the longer line that the common start and end of two lines must cover for them to count as alike. */
const ALIKE = 0.6;

function voteBySimilarity(
  lines: readonly string[],
  needle: readonly string[],
  last: number,
  votes: Map<number, number>,
): void {
  const wanted = needle
    .map((line, offset) => ({ text: key(line), offset }))
    .filter((line) => line.text.length >= 4)
    .slice(0, MAX_SIMILAR_LINES);
  for (let line = 0; line < lines.length; line++) {
    const text = key(lines[line]!);
    if (text.length < 4) continue;
    for (const { text: other, offset } of wanted) {
      const shared = sharedEnds(text, other);
      if (shared < ALIKE * Math.max(text.length, other.length)) continue;
      const start = Math.min(Math.max(line - offset, 0), last);
      votes.set(start, (votes.get(start) ?? 0) + shared);
    }
  }
}

/** Characters two texts share at their start plus at their end (not overlapping). */
function sharedEnds(a: string, b: string): number {
  const most = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < most && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < most - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return prefix + suffix;
}
