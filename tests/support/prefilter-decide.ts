// Test support: the native prefilter's statuses for files in one folder (src/search/prefilter.ts), checking the
// descriptors it hands back: open (then closed here) exactly for the files left undecided, -1 for every file decided.
import { expect } from "bun:test";
import { closeSync } from "node:fs";
import { type LineCondition, nativePrefilter, PREFILTER } from "../../src/search/prefilter.ts";

/**
 * The statuses of `names`, checking the descriptors handed back: open (and then closed here) exactly for the files
 * left undecided, -1 for every file decided.
 */
export function decide(
  directory: string,
  names: string[],
  required: LineCondition,
  maxBytes: number,
): number[] {
  const decided = nativePrefilter()!.decide(directory, names, required, maxBytes);
  if (!decided) throw new Error(`the prefilter decided nothing in ${directory}`);
  expect(decided.refused).toBe(false);
  const { statuses, descriptors } = decided;
  names.forEach((_, index) => {
    if (statuses[index] === PREFILTER.undecided) {
      expect(descriptors[index]).toBeGreaterThanOrEqual(0);
      closeSync(descriptors[index]!);
    } else expect(descriptors[index]).toBe(-1);
  });
  return [...statuses];
}

/**
 * The statuses and counts of `names` when only their matching lines' counts are wanted (every file count-only), with
 * the same checks of the descriptors as `decide`.
 */
export function decideCounts(
  directory: string,
  names: string[],
  required: LineCondition,
  maxBytes: number,
): { statuses: number[]; counts: number[] } {
  const countOnly = new Uint8Array(names.length).fill(1);
  const decided = nativePrefilter()!.decide(directory, names, required, maxBytes, "", countOnly);
  if (!decided) throw new Error(`the prefilter decided nothing in ${directory}`);
  expect(decided.refused).toBe(false);
  names.forEach((_, index) => {
    if (decided.statuses[index] === PREFILTER.undecided) closeSync(decided.descriptors[index]!);
    else expect(decided.descriptors[index]).toBe(-1);
  });
  return { statuses: [...decided.statuses], counts: [...decided.counts] };
}
