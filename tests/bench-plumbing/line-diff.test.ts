// The bench's own line diff: hunks must rebuild the new file and be minimal (checked against an LCS table).
// Part of the benchmark's plumbing: it guards the measuring instrument, it reports no benchmark figure.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { applyHunks, diffLines } from "../../bench/diff/myers.ts";

function lcsLength(a: readonly string[], b: readonly string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  return table[0]![0]!;
}

const lines = fc.array(fc.constantFrom("a", "b", "c", "}", ""), { maxLength: 24 });

describe("bench line diff (plumbing)", () => {
  test("hunks rebuild the new lines and change as few lines as an LCS allows", () => {
    fc.assert(
      fc.property(lines, lines, (oldLines, newLines) => {
        const hunks = diffLines(oldLines, newLines);
        expect(applyHunks(oldLines, newLines, hunks)).toEqual(newLines);
        const changed = hunks.reduce((sum, hunk) => sum + hunk.oldCount + hunk.newCount, 0);
        expect(changed).toBe(oldLines.length + newLines.length - 2 * lcsLength(oldLines, newLines));
        for (let index = 1; index < hunks.length; index++) {
          const previous = hunks[index - 1]!;
          expect(hunks[index]!.oldStart).toBeGreaterThan(previous.oldStart + previous.oldCount);
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("a three-hunk change gives three hunks at the right places", () => {
    const oldLines = ["a", "b", "c", "d", "e", "f", "g"];
    const newLines = ["a", "B", "c", "d", "e", "x", "f"];
    expect(diffLines(oldLines, newLines)).toEqual([
      { oldStart: 1, oldCount: 1, newStart: 1, newCount: 1 },
      { oldStart: 5, oldCount: 0, newStart: 5, newCount: 1 },
      { oldStart: 6, oldCount: 1, newStart: 7, newCount: 0 },
    ]);
  });
});
