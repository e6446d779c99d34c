// Line numbers from kept line starts (line-checkpoints.ts) equal a plain count of newlines, whatever was counted
// before over the same bytes (other matches, fewer or more of them), and bytes under another digest never mix in.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { lineNumbersOf } from "../../src/search/line-checkpoints.ts";

/** The naive answer: newlines before each anchor, plus the line counted from it. */
function counted(bytes: Buffer, anchors: readonly number[], lines: readonly number[]): number[] {
  return anchors.map((anchor, index) => {
    let newlines = 0;
    for (let at = 0; at < anchor; at++) if (bytes[at] === 10) newlines++;
    return newlines + lines[index]!;
  });
}

/** Line starts of `bytes` picked by `picks` (fractions), ascending, each with a small line offset. */
function matchesIn(bytes: Buffer, picks: readonly number[]): { anchors: number[]; lines: number[] } {
  const starts = [0];
  for (let at = 0; at < bytes.length - 1; at++) if (bytes[at] === 10) starts.push(at + 1);
  const chosen = [...new Set(picks.map((pick) => starts[Math.floor(pick * starts.length)]!))].sort(
    (a, b) => a - b,
  );
  return { anchors: chosen, lines: chosen.map((_, index) => 1 + (index % 3)) };
}

const fileOf = (lineLengths: readonly number[]) =>
  Buffer.from(
    lineLengths.map((length, index) => "x".repeat(length) + (index % 7 === 0 ? "\r" : "")).join("\n"),
  );

test("property: kept line starts give the plain count, for any order of searches over the same bytes", () => {
  let file = 0;
  fc.assert(
    fc.property(
      // Up to 20,000 lines (several kept line starts), lengths repeating a short pattern, empty lines included.
      fc
        .tuple(
          fc.integer({ min: 1, max: 20_000 }),
          fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 40 }),
        )
        .map(([count, pattern]) =>
          Array.from({ length: count }, (_, index) => pattern[index % pattern.length]!),
        ),
      fc.array(fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { maxLength: 12 }), {
        minLength: 1,
        maxLength: 4,
      }),
      (lineLengths, searches) => {
        const bytes = fileOf(lineLengths);
        const digest = `digest-${file++}`;
        for (const picks of searches) {
          const { anchors, lines } = matchesIn(bytes, picks);
          expect(lineNumbersOf(bytes, anchors, lines, digest)).toEqual(counted(bytes, anchors, lines));
        }
      },
    ),
    { numRuns: 60 },
  );
});

test("a 40,000-line file: the first count keeps line starts, the next counts from them and agrees", () => {
  const bytes = fileOf(Array.from({ length: 40_000 }, (_, index) => index % 50));
  const late = matchesIn(bytes, [0.9, 0.95]);
  const early = matchesIn(bytes, [0.1, 0.5, 0.97]);
  expect(lineNumbersOf(bytes, late.anchors, late.lines, "big")).toEqual(
    counted(bytes, late.anchors, late.lines),
  );
  expect(lineNumbersOf(bytes, early.anchors, early.lines, "big")).toEqual(
    counted(bytes, early.anchors, early.lines),
  );
  // Other bytes under another digest: their own count, nothing borrowed from the first file's line starts.
  const other = fileOf(Array.from({ length: 40_000 }, (_, index) => (index * 7) % 30));
  const there = matchesIn(other, [0.9, 0.95]);
  expect(lineNumbersOf(other, there.anchors, there.lines, "other")).toEqual(
    counted(other, there.anchors, there.lines),
  );
});
