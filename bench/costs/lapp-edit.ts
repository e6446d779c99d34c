// The lapp_edit calls a model would send for a change: one operation per hunk, refs of the file as read,
// at most 100 operations per call; a bigger change takes several calls, each with fresh refs. Pure.

import type { EditInput } from "../../src/hashline/edit-types.ts";
import type { Hunk } from "../diff/myers.ts";

export interface LappEditArgs {
  path: string;
  edits: EditInput[];
}

/**
 * Splits hunks into calls of at most `maxEdits`; each call's hunks are re-based on the file as it is after
 * the calls before it (what a model sees when it re-reads for fresh refs). `newStart` keeps pointing at the new lines.
 */
export function chunkHunks(hunks: readonly Hunk[], maxEdits: number): Hunk[][] {
  const chunks: Hunk[][] = [];
  let shift = 0;
  for (let start = 0; start < hunks.length; start += maxEdits) {
    const chunk = hunks
      .slice(start, start + maxEdits)
      .map((hunk) => ({ ...hunk, oldStart: hunk.oldStart + shift }));
    for (const hunk of chunk) shift += hunk.newCount - hunk.oldCount;
    chunks.push(chunk);
  }
  return chunks;
}

/** The `content` of an edit: lines joined by `\n`; a last empty line needs the extra `\n` (one trailing `\n` is dropped). */
export function contentOf(lines: readonly string[]): string {
  const text = lines.join("\n");
  return lines.length > 0 && lines[lines.length - 1] === "" ? `${text}\n` : text;
}

/** One operation per hunk, refs from `refOf(lineNumber)` of the file the call is sent against. */
export function editsForHunks(
  hunks: readonly Hunk[],
  newLines: readonly string[],
  refOf: (lineNumber: number) => string,
): EditInput[] {
  return hunks.map((hunk) => {
    const first = hunk.oldStart + 1;
    const last = hunk.oldStart + hunk.oldCount;
    const content = contentOf(newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount));
    if (hunk.oldCount === 0) {
      return { type: "insert_after", anchor: hunk.oldStart === 0 ? "0:" : refOf(hunk.oldStart), content };
    }
    const range = hunk.oldCount === 1 ? { anchor: refOf(first) } : { start: refOf(first), end: refOf(last) };
    return hunk.newCount === 0 ? { type: "delete", ...range } : { type: "replace", ...range, content };
  });
}

/** Lines of the file after one call's hunks (re-based as by chunkHunks) are applied. */
export function applyChunk(
  lines: readonly string[],
  newLines: readonly string[],
  chunk: readonly Hunk[],
): string[] {
  const out: string[] = [];
  let cursor = 0;
  for (const hunk of chunk) {
    out.push(
      ...lines.slice(cursor, hunk.oldStart),
      ...newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount),
    );
    cursor = hunk.oldStart + hunk.oldCount;
  }
  out.push(...lines.slice(cursor));
  return out;
}

/** All calls for a change, refs computed locally by `refOfLine` (lapp's own hash function in the token table). */
export function lappEditCalls(
  path: string,
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
  maxEdits: number,
  refOfLine: (lineNumber: number, text: string) => string,
): LappEditArgs[] {
  const calls: LappEditArgs[] = [];
  let current: readonly string[] = oldLines;
  for (const chunk of chunkHunks(hunks, maxEdits)) {
    const lines = current;
    calls.push({ path, edits: editsForHunks(chunk, newLines, (line) => refOfLine(line, lines[line - 1]!)) });
    current = applyChunk(current, newLines, chunk);
  }
  return calls;
}
