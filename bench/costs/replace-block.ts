// The lapp_replace_block calls a model that has the old text sends for a change: one call per hunk, old_content the
// hunk's old lines widened by context lines until they occur exactly once (as whole lines) in the file as it reads
// it, content the same window's new lines. Pure.

import type { Hunk } from "../diff/myers.ts";
import { splitContent } from "../../src/hashline/content.ts";
import { contentOf } from "./lapp-edit.ts";

export interface ReplaceBlockArgs {
  path: string;
  old_content: string;
  content: string;
}

export interface ReplaceBlockCall {
  args: ReplaceBlockArgs;
  /** Context lines added to make old_content unique (or to anchor a pure insertion), and how many of them above. */
  contextLines: number;
  above: number;
}

/** Places where `needle` occurs as whole consecutive lines of `lines`, stopping at `stopAt`. */
export function lineOccurrences(
  lines: readonly string[],
  needle: readonly string[],
  stopAt = Infinity,
): number {
  if (needle.length === 0) return Infinity;
  let count = 0;
  for (let start = 0; start + needle.length <= lines.length && count < stopAt; start++) {
    if (lines[start] !== needle[0]) continue;
    let offset = 1;
    while (offset < needle.length && lines[start + offset] === needle[offset]) offset++;
    if (offset === needle.length) count++;
  }
  return count;
}

/**
 * The call for `hunk` (its `oldStart` a position in `lines`, the file as the model read it). A hunk that only inserts
 * takes a context line first; then context grows below, above, below, … until old_content holds a non-blank line and
 * occurs once. Undefined when no window of the file is unique.
 */
export function replaceBlockCall(
  path: string,
  lines: readonly string[],
  newLines: readonly string[],
  hunk: Hunk,
): ReplaceBlockCall | undefined {
  const start = hunk.oldStart;
  const end = start + hunk.oldCount;
  let above = 0;
  let below = 0;
  const canGrowBelow = () => end + below < lines.length;
  const canGrowAbove = () => start - above > 0;
  if (hunk.oldCount === 0) {
    if (canGrowBelow()) below++;
    else if (canGrowAbove()) above++;
  }
  const window = () => lines.slice(start - above, end + below);
  const unique = () => {
    const needle = window();
    return needle.some((line) => line.trim() !== "") && lineOccurrences(lines, needle, 2) === 1;
  };
  while (!unique()) {
    if (canGrowBelow() && (below <= above || !canGrowAbove())) below++;
    else if (canGrowAbove()) above++;
    else return undefined;
  }
  const replacement = [
    ...lines.slice(start - above, start),
    ...newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount),
    ...lines.slice(end, end + below),
  ];
  return {
    args: { path, old_content: contentOf(window()), content: contentOf(replacement) },
    contextLines: above + below,
    above,
  };
}

/** Every hunk's call, top to bottom, each planned against the file as the calls before it left it. */
export function planReplaceBlock(
  path: string,
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
): { calls: ReplaceBlockArgs[]; contextLines: number } {
  let current = [...oldLines];
  let shift = 0;
  const calls: ReplaceBlockArgs[] = [];
  let contextLines = 0;
  for (const hunk of hunks) {
    const placed = { ...hunk, oldStart: hunk.oldStart + shift };
    const call = replaceBlockCall(path, current, newLines, placed);
    if (call === undefined)
      throw new Error(`${path}: no unique old_content for the hunk at line ${placed.oldStart + 1}`);
    calls.push(call.args);
    contextLines += call.contextLines;
    current = [
      ...current.slice(0, placed.oldStart),
      ...newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount),
      ...current.slice(placed.oldStart + hunk.oldCount),
    ];
    shift += hunk.newCount - hunk.oldCount;
  }
  return { calls, contextLines };
}

/** Applies the calls as lapp does when each old_content occurs exactly once as whole lines; the plan's self-check. */
export function applyReplaceBlock(lines: readonly string[], calls: readonly ReplaceBlockArgs[]): string[] {
  let current = [...lines];
  for (const call of calls) {
    const needle = splitContent(call.old_content);
    if (lineOccurrences(current, needle, 2) !== 1)
      throw new Error(`old_content is not unique in ${call.path}`);
    let at = 0;
    while (needle.some((line, offset) => current[at + offset] !== line)) at++;
    current = [...current.slice(0, at), ...splitContent(call.content), ...current.slice(at + needle.length)];
  }
  return current;
}
