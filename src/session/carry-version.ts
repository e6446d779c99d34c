// The line hashes of the version lapp just wrote, from those of the version it edited: unchanged lines keep their
// hash (copied in runs), only the lines an edit wrote are hashed. Hashing every line again cost ~1 ms per call on
// a 17k-line file; this costs what the edit wrote.

import type { ChangedRegion } from "../text/changed-region.ts";

/**
 * `old` holds one hash per line of the edited version; `regions` (the edit engine's, any order) say which old
 * lines were replaced by which new ones. Returns undefined when the regions do not add up to `newLines` (the
 * caller then hashes every line): a wrong version would make the record misjudge a later outside change. `make`
 * gives the array to fill (every entry is written), so the caller may hand memory it reuses.
 */
export function carryVersion(
  old: Uint32Array,
  regions: readonly ChangedRegion[],
  newLines: readonly string[],
  hash: (text: string) => number,
  make: (length: number) => Uint32Array = (length) => new Uint32Array(length),
): Uint32Array | undefined {
  const next = make(newLines.length);
  let oldIndex = 0;
  let newIndex = 0;
  for (const region of [...regions].sort((a, b) => a.oldStart - b.oldStart)) {
    const kept = region.oldStart - 1 - oldIndex;
    if (kept < 0 || newIndex + kept !== region.start - 1) return undefined;
    next.set(old.subarray(oldIndex, oldIndex + kept), newIndex);
    oldIndex += kept + region.removedCount;
    newIndex += kept;
    if (oldIndex > old.length || newIndex + region.lineCount > newLines.length) return undefined;
    for (let index = newIndex; index < newIndex + region.lineCount; index++)
      next[index] = hash(newLines[index]!);
    newIndex += region.lineCount;
  }
  if (old.length - oldIndex !== newLines.length - newIndex) return undefined;
  next.set(old.subarray(oldIndex), newIndex);
  return next;
}
