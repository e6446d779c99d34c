// Where each old line went in lapp's own write, for carrying a record's entries through it (shown-record.ts): a
// record of a whole 17,000-line file carried through 100 regions took ~1.5 ms walking the regions for every entry.

import type { ChangedRegion } from "../text/changed-region.ts";

/**
 * The fate of every line 1 … `oldCount` of the old version, at its number: its new number when it was kept, or
 * minus the first new line of the region that replaced or deleted it. `sorted`: the write's regions by old start.
 * Undefined when two regions overlap (edits never make such): then walkRegions answers line by line.
 */
export function lineFates(sorted: readonly ChangedRegion[], oldCount: number): Int32Array | undefined {
  for (let index = 1; index < sorted.length; index++) {
    const before = sorted[index - 1]!;
    if (sorted[index]!.oldStart < before.oldStart + before.removedCount) return undefined;
  }
  const fates = new Int32Array(oldCount + 1);
  let delta = 0;
  let line = 1;
  for (const region of sorted) {
    for (const end = Math.min(region.oldStart, oldCount + 1); line < end; line++) fates[line] = line + delta;
    const goneEnd = Math.min(region.oldStart + region.removedCount, oldCount + 1);
    for (; line < goneEnd; line++) fates[line] = -region.start;
    delta += region.lineCount - region.removedCount;
  }
  for (; line <= oldCount; line++) fates[line] = line + delta;
  return fates;
}

/** Where old line `old` went: regions in order, up to the first that starts after it or holds it. */
export function walkRegions(
  sorted: readonly ChangedRegion[],
  old: number,
): { goneAt?: number; delta: number } {
  let delta = 0;
  for (const region of sorted) {
    if (old < region.oldStart) break;
    if (old < region.oldStart + region.removedCount) return { goneAt: region.start, delta };
    delta += region.lineCount - region.removedCount;
  }
  return { delta };
}
