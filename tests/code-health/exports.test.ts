// Keeps dead code out: every value src/ exports is imported by some other file (src, tests, bench or scripts).
import { expect, test } from "bun:test";
import { unusedExports } from "../../scripts/check-exports.ts";

test("no export of src/ is unused (bun scripts/check-exports.ts lists them)", () => {
  expect(unusedExports()).toEqual([]);
});
