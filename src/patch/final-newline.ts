// A patch may add or remove the newline at the end of a file (`\ No newline at end of file`), which the edit engine
// never does by itself (it keeps the file's choice): the outcome's last terminator is set, and the changed regions
// are made to cover the last line so the writer encodes it again. Pure.

import type { ChangedRegion, EditOutcome } from "../hashline/edit-types.ts";
import { dominantTerminator, endsWithNewline, type TextDocument } from "../text/document.ts";

/**
 * `outcome` (or, when the hunks changed no text, `doc` itself) with the final newline `finalNewline` asks for.
 * Returns undefined only when there is no outcome and nothing to change.
 */
export function withFinalNewline(
  doc: TextDocument,
  outcome: EditOutcome | undefined,
  finalNewline: boolean | undefined,
): EditOutcome | undefined {
  const base = outcome?.doc ?? doc;
  const count = base.lines.length;
  if (finalNewline === undefined || count === 0 || endsWithNewline(base) === finalNewline) return outcome;
  const terminators = [...base.terminators];
  terminators[count - 1] = finalNewline ? dominantTerminator(base) : "";
  const changed: TextDocument = { ...base, terminators };
  if (outcome === undefined) {
    const region = { start: count, lineCount: 1, oldStart: count, removedCount: 1 };
    return {
      doc: changed,
      editsApplied: 1,
      added: 1,
      removed: 1,
      warnings: [],
      regions: [region],
      mapped: [],
    };
  }
  return { ...outcome, doc: changed, regions: coverLastLine(outcome.regions, count) };
}

/** `regions` (new-file numbering) with the file's last line `count` inside one of them. */
function coverLastLine(regions: readonly ChangedRegion[], count: number): ChangedRegion[] {
  const sorted = [...regions].sort((a, b) => a.start - b.start);
  if (sorted.some((region) => region.lineCount > 0 && region.start + region.lineCount - 1 === count))
    return sorted;
  // The last line is an old line no region touched: where it was in the old file follows from the regions above it.
  let shift = 0;
  for (const region of sorted) if (region.start <= count) shift += region.lineCount - region.removedCount;
  const own: ChangedRegion = { start: count, lineCount: 1, oldStart: count - shift, removedCount: 1 };
  const at = sorted.findIndex((region) => region.start > count);
  if (at === -1) sorted.push(own);
  else sorted.splice(at, 0, own);
  return sorted;
}
