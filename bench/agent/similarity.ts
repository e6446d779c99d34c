// Correctness of an agent's result: how much of the reference change it made (patch similarity), whether the
// file is byte-identical, and how close the whole file is. Pure; built on the bench's line diff.

import { diffLines } from "../diff/myers.ts";

/** Dice coefficient 2·|LCS| / (|a| + |b|) of two line sequences; 1 when both are empty. */
export function lineDice(a: readonly string[], b: readonly string[]): number {
  if (a.length + b.length === 0) return 1;
  const changed = diffLines(a, b).reduce((sum, hunk) => sum + hunk.oldCount + hunk.newCount, 0);
  const common = (a.length + b.length - changed) / 2;
  return (2 * common) / (a.length + b.length);
}

/** The change from `before` to `after` as position-tagged lines: `-12:text` removed, `+12:text` added at old line 12. */
export function changeLines(before: readonly string[], after: readonly string[]): string[] {
  const out: string[] = [];
  for (const hunk of diffLines(before, after)) {
    for (let index = 0; index < hunk.oldCount; index++)
      out.push(`-${hunk.oldStart + index}:${before[hunk.oldStart + index]}`);
    for (let index = 0; index < hunk.newCount; index++)
      out.push(`+${hunk.oldStart}:${after[hunk.newStart + index]}`);
  }
  return out;
}

/**
 * Patch similarity: the Dice coefficient of the reference change and the change the agent made, both taken
 * against the original file. 1 = exactly the reference change; 0 = nothing of it (an untouched file scores 0).
 */
export function patchSimilarity(
  original: readonly string[],
  reference: readonly string[],
  result: readonly string[],
): number {
  return lineDice(changeLines(original, reference), changeLines(original, result));
}
