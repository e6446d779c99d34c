// Regression: a line on which JavaScriptCore's regex engine gives up (catastrophic backtracking) used to end the
// scan of its file silently. Now the other lines are still decided, and the give-up is counted so grep says so.
import { expect, test } from "bun:test";
import { compileMatcher } from "../../src/search/matcher.ts";
import { Hits, scanText } from "../../src/search/scan.ts";

const PATHOLOGICAL = "a".repeat(40);

function scan(pattern: string, text: string) {
  const compiled = compileMatcher({ pattern, literal: false, ignoreCase: false });
  if (!compiled.ok) throw compiled.error;
  const hits = new Hits(100);
  scanText(text, compiled.value, 0, hits);
  return { lines: hits.lines, count: hits.count, gaveUp: hits.gaveUp };
}

test("the probe tells a match, no match and a give-up apart", () => {
  const compiled = compileMatcher({ pattern: "(a+)+b", literal: false, ignoreCase: false });
  if (!compiled.ok || compiled.value.kind !== "regex") throw new Error("expected a regex");
  const { probe } = compiled.value;
  const lastGroup = (line: string) => probe.exec(line)?.at(-1);
  expect(probe.exec("xxab")).not.toBeNull();
  expect(lastGroup("xxab")).toBeUndefined(); // the pattern matched
  expect(lastGroup("xx")).toBe(""); // only the end-of-line alternative matched
  expect(probe.exec(PATHOLOGICAL)).toBeNull(); // the engine gave up
}, 30_000);

test("lines after a pathological one are still searched, and the give-up is counted", () => {
  const text = `ab\n${PATHOLOGICAL}\nxx\naab\n`;
  expect(scan("(a+)+b", text)).toEqual({ lines: [1, 4], count: 2, gaveUp: 1 });
}, 30_000);

test("an ordinary search counts no give-ups", () => {
  expect(scan("a+b", "ab\nxx\naab\n")).toEqual({ lines: [1, 3], count: 2, gaveUp: 0 });
});
