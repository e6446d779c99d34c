// The two refusals of finding a text by content, as parts the caller turns into one error (a tool) or into one
// section of a bigger error (a patch with several hunks): every candidate of an ambiguous text, or the region most
// like a text found nowhere. Both show fresh refs, as answer items naming the lines they show.

import { naming, prose, row, type AnswerItem } from "../../hashline/answer.ts";
import { refOf } from "../../hashline/hash.ts";
import { formatRow } from "../../hashline/format.ts";
import { closestRegion } from "./closest.ts";
import { isBlank, type ContentMatch, type ContentMatches } from "./match.ts";
import * as say from "./messages.ts";

export interface Refusal {
  readonly code: "AMBIGUOUS" | "BLOCK_NOT_FOUND";
  readonly summary: string;
  readonly details: AnswerItem[];
}

/** What is being looked for, where, and for which kind of call. */
export interface Sought {
  /** How messages name the text: `old_content`, `anchor_content`, `hunk 2`. */
  readonly what: string;
  readonly display: string;
  /** The call would write: the summary says nothing was. */
  readonly writes: boolean;
}

/** Rows of the closest region shown at most (a long text's region is cut after them). */
const MAX_REGION_ROWS = 40;
/** How far above a candidate the line it sits under is looked for. */
const SCOPE_SEARCH_LINES = 2000;

/**
 * Every candidate with its refs and the line it sits under; the retry sentence is the caller's (`retry`). `only`:
 * the candidates to list when some were ruled out, still numbered as places of `found`.
 */
export function ambiguityRefusal(
  lines: readonly string[],
  found: ContentMatches,
  sought: Sought,
  retry: string,
  only: readonly ContentMatch[] = found.matches,
): Refusal {
  const details: AnswerItem[] = [];
  if (found.tier === "normalized") details.push(prose(say.looselyAmbiguous()));
  const numberOf = new Map(found.matches.map((match, index) => [match, index + 1]));
  for (const match of only) {
    const scope = scopeLineOf(lines, match.start);
    const text = say.candidate(
      numberOf.get(match)!,
      refOf(match.start, lines[match.start - 1]!),
      refOf(match.end, lines[match.end - 1]!),
      scope === undefined ? undefined : formatRow(scope, lines[scope - 1]!),
    );
    const named = [match.start, match.end, ...(scope === undefined ? [] : [scope])];
    details.push(
      naming(
        text,
        named.map((line) => ({ line, text: lines[line - 1]! })),
      ),
    );
  }
  details.push(prose(retry));
  return {
    code: "AMBIGUOUS",
    summary: say.ambiguousText(sought.what, only.length, sought.display, sought.writes),
    details,
  };
}

/** The closest region's rows (one line of context either side) and the first line of the text not in it. */
export function nowhereRefusal(
  lines: readonly string[],
  needle: readonly string[],
  sought: Sought,
  normalized: boolean,
): Refusal {
  const summary = say.textNowhere(sought.what, sought.display, normalized, sought.writes);
  const region = closestRegion(lines, needle);
  if (region === undefined) {
    return { code: "BLOCK_NOT_FOUND", summary, details: [prose(say.nothingAlike(sought.what))] };
  }
  const ends = [region.start, region.end].map((line) => ({ line, text: lines[line - 1]! }));
  const details: AnswerItem[] = [
    naming(
      say.closestPlace(
        refOf(region.start, lines[region.start - 1]!),
        refOf(region.end, lines[region.end - 1]!),
        region.found,
        region.of,
      ),
      ends,
    ),
  ];
  if (region.missing !== undefined)
    details.push(prose(say.missingLine(sought.what, region.missing + 1, needle[region.missing]!)));
  const from = Math.max(1, region.start - 1);
  const to = Math.min(lines.length, region.end + 1);
  const last = Math.min(to, from + MAX_REGION_ROWS - 1);
  for (let line = from; line <= last; line++) details.push(row(line, lines[line - 1]!, "unmarked"));
  if (last < to) details.push(prose(say.moreRegionLines(to - last)));
  details.push(prose(say.copyFromRows()));
  return { code: "BLOCK_NOT_FOUND", summary, details };
}

/**
 * The line a place sits under, to tell copies of one text apart: the nearest line above it indented less than its
 * first non-blank line (its function, class, or block), or for a place at the left margin the nearest non-blank
 * line above it.
 */
export function scopeLineOf(lines: readonly string[], start: number): number | undefined {
  let first = start - 1;
  while (first < lines.length && isBlank(lines[first]!)) first++;
  const width = first < lines.length ? indentWidth(lines[first]!) : 0;
  for (let index = start - 2; index >= 0 && index >= start - 1 - SCOPE_SEARCH_LINES; index--) {
    const line = lines[index]!;
    if (isBlank(line)) continue;
    if (width === 0 || indentWidth(line) < width) return index + 1;
  }
  return undefined;
}

const indentWidth = (line: string): number => line.length - line.trimStart().length;
