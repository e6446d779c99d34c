// The big-files table of `npm run bench` (bench/big-files/measure.ts): rendered from data, totals and ratios as given.
import { expect, test } from "bun:test";
import { renderBigFiles } from "../../bench/big-files/measure.ts";

test("the big-files table lists each task and states the ratios of tokens read against the outline way", () => {
  const cost = (read: number, written: number, calls: number) => ({ read, written, calls });
  const text = renderBigFiles({
    tasks: [
      {
        file: "input.py",
        lines: 3115,
        target: "class ParallelState",
        costs: { a: cost(41_167, 95, 4), b: cost(2_085, 74, 3), c: cost(38_099, 36, 2) },
      },
    ],
    totals: { a: cost(41_167, 95, 4), b: cost(2_085, 74, 3), c: cost(38_099, 36, 2) },
  });
  expect(text[2]).toBe(
    "| input.py (3,115 lines) | `class ParallelState` | 41,167 / 95 / 4 | 2,085 / 74 / 3 | 38,099 / 36 / 2 |",
  );
  expect(text[3]).toBe("| **total** | | **41,167** / 95 / 4 | **2,085** / 74 / 3 | **38,099** / 36 / 2 |");
  expect(text.at(-1)).toStartWith("Tokens read: (a) is 19.7× and (c) 18.3× what (b) reads.");
});
