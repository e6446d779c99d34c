// Where each line of an old version of a file went in the new one, decided only where it is certain: a line
// whose hash is unique on both sides of a gap between certain anchors (patience diff, recursively), or a gap
// whose lines are identical on both sides. Every other old line is "uncertain" (same text exists in the new gap,
// but which copy is it?) or "changed" (its text is gone from the new gap). Used after changes made outside lapp.

/** For one old line: where it is now, or why lapp cannot say. Positions are 0-based indexes of the new lines. */
export type LineFate =
  | { kind: "same"; at: number }
  /** The same text occurs in the new gap `[from, to)`, but not as a certain match. */
  | { kind: "uncertain"; from: number; to: number }
  /** Its text is not in the new gap `[from, to)` any more; `at` is the nearest new line (for the `>>>` row). */
  | { kind: "changed"; at: number; from: number; to: number };

interface Gap {
  oldFrom: number;
  oldTo: number;
  newFrom: number;
  newTo: number;
}

/** The fate of every old line (index = old 0-based line). `oldHashes`/`newHashes` are per-line text hashes. */
export function diffLines(oldHashes: ArrayLike<number>, newHashes: ArrayLike<number>): LineFate[] {
  const fates: LineFate[] = new Array(oldHashes.length);
  const stack: Gap[] = [{ oldFrom: 0, oldTo: oldHashes.length, newFrom: 0, newTo: newHashes.length }];
  while (stack.length > 0) {
    const gap = stack.pop()!;
    if (gap.oldFrom === gap.oldTo) continue;
    if (identical(oldHashes, newHashes, gap)) {
      for (let index = gap.oldFrom; index < gap.oldTo; index++)
        fates[index] = { kind: "same", at: gap.newFrom + (index - gap.oldFrom) };
      continue;
    }
    const anchors = uniqueAnchors(oldHashes, newHashes, gap);
    if (anchors.length === 0) {
      settleGap(oldHashes, newHashes, gap, fates);
      continue;
    }
    let oldFrom = gap.oldFrom;
    let newFrom = gap.newFrom;
    for (const [oldAt, newAt] of anchors) {
      fates[oldAt] = { kind: "same", at: newAt };
      stack.push({ oldFrom, oldTo: oldAt, newFrom, newTo: newAt });
      oldFrom = oldAt + 1;
      newFrom = newAt + 1;
    }
    stack.push({ oldFrom, oldTo: gap.oldTo, newFrom, newTo: gap.newTo });
  }
  return fates;
}

function identical(oldHashes: ArrayLike<number>, newHashes: ArrayLike<number>, gap: Gap): boolean {
  if (gap.oldTo - gap.oldFrom !== gap.newTo - gap.newFrom) return false;
  for (let offset = 0; offset < gap.oldTo - gap.oldFrom; offset++) {
    if (oldHashes[gap.oldFrom + offset] !== newHashes[gap.newFrom + offset]) return false;
  }
  return true;
}

/**
 * Pairs (old, new) of lines whose hash occurs exactly once in the old gap and once in the new gap, reduced to
 * the longest run in the same order on both sides (pairs that cross others are not certain).
 */
function uniqueAnchors(
  oldHashes: ArrayLike<number>,
  newHashes: ArrayLike<number>,
  gap: Gap,
): [number, number][] {
  const oldCount = new Map<number, number>();
  for (let index = gap.oldFrom; index < gap.oldTo; index++) {
    const hash = oldHashes[index]!;
    oldCount.set(hash, oldCount.get(hash) === undefined ? index : -1);
  }
  const newAt = new Map<number, number>();
  for (let index = gap.newFrom; index < gap.newTo; index++) {
    const hash = newHashes[index]!;
    if (oldCount.has(hash)) newAt.set(hash, newAt.get(hash) === undefined ? index : -1);
  }
  const pairs: [number, number][] = [];
  for (let index = gap.oldFrom; index < gap.oldTo; index++) {
    const hash = oldHashes[index]!;
    if (oldCount.get(hash) !== index) continue;
    const at = newAt.get(hash);
    if (at !== undefined && at >= 0) pairs.push([index, at]);
  }
  return longestIncreasing(pairs);
}

/** The longest subsequence of `pairs` (sorted by old index) whose new indexes increase (patience sorting). */
function longestIncreasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length);
  for (let index = 0; index < pairs.length; index++) {
    const value = pairs[index]![1];
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pairs[tails[middle]!]![1] < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  }
  const out: [number, number][] = [];
  for (let index = tails.length > 0 ? tails[tails.length - 1]! : -1; index >= 0; index = previous[index]!)
    out.push(pairs[index]!);
  return out.reverse();
}

/** A gap with no certain anchor: each old line is uncertain when its text is still in the new gap, else changed. */
function settleGap(oldHashes: ArrayLike<number>, newHashes: ArrayLike<number>, gap: Gap, fates: LineFate[]) {
  const present = new Set<number>();
  for (let index = gap.newFrom; index < gap.newTo; index++) present.add(newHashes[index]!);
  const newLength = gap.newTo - gap.newFrom;
  for (let index = gap.oldFrom; index < gap.oldTo; index++) {
    const { newFrom: from, newTo: to } = gap;
    if (present.has(oldHashes[index]!)) fates[index] = { kind: "uncertain", from, to };
    else {
      // The nearest new line: the same offset into the gap, or the line just after an emptied gap.
      const offset = Math.min(index - gap.oldFrom, Math.max(0, newLength - 1));
      fates[index] = { kind: "changed", at: from + offset, from, to };
    }
  }
}
