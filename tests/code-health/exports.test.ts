// Keeps dead code out: every value src/ exports is imported by some other file (src, tests, bench or scripts).
import { expect, test } from "bun:test";
import { unusedExports } from "../../scripts/check-exports.ts";

// It parses every source file of the project: seconds on a busy two-core machine, so it gets a generous timeout.
test("no export of src/ is unused (bun scripts/check-exports.ts lists them)", () => {
  expect(unusedExports()).toEqual([]);
}, 60_000);
