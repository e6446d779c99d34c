// When a text occurs nowhere: the region of the file most like it, so the refusal can show that region's rows with
// fresh refs and name the first line of the text that is not there. Pure, one pass over the file.

import { isBlank } from "./match.ts";

export interface ClosestRegion {
  /** First and last line of the region, 1-based and inclusive (as many lines as the text, clamped to the file). */
  readonly start: number;
  readonly end: number;
  /** The first non-blank line of the text (0-based) whose text, whitespace aside, is not in the region. */
  readonly missing: number | undefined;
  /** Non-blank lines of the text found in the region, and how many non-blank lines the text has. */
  readonly found: number;
  readonly of: number;
}

const key = (text: string): string => text.trim().replace(/\s+/g, " ");

/**
 * The window of `needle.length` lines holding the most of the needle's non-blank lines (whitespace aside), each
 * weighed by its length so that lines like `}` count for little; the earliest of equal windows. Undefined when no
 * line of the needle occurs anywhere.
 */
export function closestRegion(
  lines: readonly string[],
  needle: readonly string[],
): ClosestRegion | undefined {
  const wanted = new Set(needle.filter((line) => !isBlank(line)).map(key));
  if (wanted.size === 0 || lines.length === 0) return undefined;
  const size = Math.min(needle.length, lines.length);
  const weight = (index: number): number => {
    const text = key(lines[index]!);
    return text !== "" && wanted.has(text) ? text.length : 0;
  };
  let score = 0;
  for (let index = 0; index < size; index++) score += weight(index);
  let best = score;
  let bestStart = 0;
  for (let start = 1; start + size <= lines.length; start++) {
    score += weight(start + size - 1) - weight(start - 1);
    if (score > best) {
      best = score;
      bestStart = start;
    }
  }
  if (best === 0) return undefined;
  const region = new Set<string>();
  for (let index = bestStart; index < bestStart + size; index++) region.add(key(lines[index]!));
  let missing: number | undefined;
  let found = 0;
  let of = 0;
  needle.forEach((line, index) => {
    if (isBlank(line)) return;
    of++;
    if (region.has(key(line))) found++;
    else missing ??= index;
  });
  return { start: bestStart + 1, end: bestStart + size, missing, found, of };
}
