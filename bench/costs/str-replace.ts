// The calls Claude Code's Edit tool (str_replace) needs for a change: one call per hunk, in file order, each
// old_string grown by context lines until it occurs exactly once in the file as it is at that moment. Pure.

import type { Hunk } from "../diff/myers.ts";

export interface StrReplaceArgs {
  file_path: string;
  old_string: string;
  new_string: string;
}

export interface StrReplacePlan {
  calls: StrReplaceArgs[];
  /** Context lines added in total to make old_strings unique (or to anchor pure inserts and deletes). */
  contextLines: number;
}

/** Occurrences of `needle` in `haystack`, overlapping ones included, stopping early at `stopAt`. */
export function countOccurrences(haystack: string, needle: string, stopAt = Infinity): number {
  if (needle === "") return Infinity;
  let count = 0;
  for (let at = haystack.indexOf(needle); at !== -1 && count < stopAt; at = haystack.indexOf(needle, at + 1))
    count++;
  return count;
}

/**
 * Plans the calls: hunks apply top to bottom, so each one is located in the file already edited above it.
 * A hunk that only inserts or only deletes takes one context line first (an empty old_string, or an empty
 * new_string leaving a blank line behind, would not express it); then context grows below, above, below, …
 * until old_string is unique, which is the rule Claude Code enforces.
 */
export function planStrReplace(
  filePath: string,
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
): StrReplacePlan {
  let current = [...oldLines];
  const calls: StrReplaceArgs[] = [];
  let contextLines = 0;
  let shift = 0;
  for (const hunk of hunks) {
    const start = hunk.oldStart + shift;
    const end = start + hunk.oldCount;
    const replacement = newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount);
    const text = current.join("\n");
    let above = 0;
    let below = 0;
    const canGrowBelow = () => end + below < current.length;
    const canGrowAbove = () => start - above > 0;
    if (hunk.oldCount === 0 || hunk.newCount === 0) {
      if (canGrowBelow()) below++;
      else if (canGrowAbove()) above++;
    }
    const oldString = () => current.slice(start - above, end + below).join("\n");
    while (countOccurrences(text, oldString(), 2) !== 1) {
      const growBelow = canGrowBelow() && (below <= above || !canGrowAbove());
      if (growBelow) below++;
      else if (canGrowAbove()) above++;
      else throw new Error(`${filePath}: no unique old_string for the hunk at line ${start + 1}`);
    }
    const newBlock = [
      ...current.slice(start - above, start),
      ...replacement,
      ...current.slice(end, end + below),
    ];
    calls.push({ file_path: filePath, old_string: oldString(), new_string: newBlock.join("\n") });
    contextLines += above + below;
    current = [...current.slice(0, start - above), ...newBlock, ...current.slice(end + below)];
    shift += hunk.newCount - hunk.oldCount;
  }
  return { calls, contextLines };
}

/** Applies the calls the way the Edit tool does (exact, unique substring); the plan's self-check. */
export function applyStrReplace(text: string, calls: readonly StrReplaceArgs[]): string {
  let current = text;
  for (const call of calls) {
    if (countOccurrences(current, call.old_string, 2) !== 1)
      throw new Error(`old_string is not unique in ${call.file_path}`);
    const at = current.indexOf(call.old_string);
    current = current.slice(0, at) + call.new_string + current.slice(at + call.old_string.length);
  }
  return current;
}
