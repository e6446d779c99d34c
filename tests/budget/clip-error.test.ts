// Errors cut at the output budget (clip-error.ts): within the budget, a last line saying so, and the rows lapp
// records as shown are only those still in the text.
import { expect, test } from "bun:test";
import { clipError } from "../../src/budget/clip-error.ts";
import { estimateTokens } from "../../src/budget/estimate.ts";
import { LappError } from "../../src/errors.ts";
import { row, shownLinesOf } from "../../src/hashline/answer.ts";
import { refOf } from "../../src/hashline/hash.ts";

const lineText = (line: number) => `const value${line} = "${"z".repeat(150)}";`;

function payloadError(lines: number): LappError {
  const rows = Array.from({ length: lines }, (_, index) =>
    row(index + 1, lineText(index + 1), (index + 1) % 5 === 0 ? "marked" : "unmarked"),
  );
  return new LappError("HASH_MISMATCH", `${lines} refs are stale; nothing was written.`, rows);
}

test("an error that fits is returned as it is", () => {
  const error = payloadError(5);
  expect(clipError(error, 20_000)).toBe(error);
});

test("a long error is cut within the budget; only the rows it still shows count as shown", () => {
  const error = payloadError(400);
  const clipped = clipError(error, 2_000);
  const text = clipped.render();
  expect(estimateTokens(text)).toBeLessThanOrEqual(2_000);
  expect(clipped.code).toBe("HASH_MISMATCH");
  expect(text.split("\n")[0]).toBe(error.render().split("\n")[0]);
  expect(text.split("\n").at(-1)).toStartWith("[error cut at the output budget:");
  const kept = text.split("\n").slice(1, -1);
  expect(kept.length).toBeGreaterThan(0);
  expect(kept.length).toBeLessThan(400);
  // Exactly the lines whose rows remain: 1 … kept.length.
  expect(shownLinesOf(clipped.body).map((shown) => shown.line)).toEqual(
    Array.from({ length: kept.length }, (_, index) => index + 1),
  );
  expect(kept[0]).toBe(`    ${refOf(1, lineText(1))}:${lineText(1)}`);
});
