// Display rows: `N#ID:text`, context rows `N#ID-text`, marked repair rows, and long-line cutting.
import { expect, test } from "bun:test";
import {
  displayText,
  formatContextRow,
  formatMarkedRow,
  formatRow,
  MAX_DISPLAY_CHARS,
  renderRows,
} from "../../src/hashline/format.ts";
import { refOf } from "../../src/hashline/hash.ts";

test("a row is N#ID:text with no padding", () => {
  expect(formatRow(1, "function hello() {")).toBe("1#RM:function hello() {");
  expect(formatRow(4, "")).toBe(`${refOf(4, "")}:`);
  expect(formatRow(7, "\tindented")).toBe(`${refOf(7, "\tindented")}:\tindented`);
});

test("a context row uses `-` instead of `:`", () => {
  expect(formatContextRow(1, "function hello() {")).toBe("1#RM-function hello() {");
});

test("marked rows: `>>> ` or four spaces, so refs line up", () => {
  expect(formatMarkedRow(1, "function hello() {", true)).toBe(">>> 1#RM:function hello() {");
  expect(formatMarkedRow(1, "function hello() {", false)).toBe("    1#RM:function hello() {");
});

test("lines longer than the limit are cut with a marker; the ref is the full line's", () => {
  const long = "x".repeat(MAX_DISPLAY_CHARS + 345);
  const row = formatRow(3, long);
  expect(row).toBe(`${refOf(3, long)}:${"x".repeat(MAX_DISPLAY_CHARS)}… [+345 chars]`);
  expect(formatRow(3, "x".repeat(MAX_DISPLAY_CHARS))).toBe(
    `${refOf(3, "x".repeat(MAX_DISPLAY_CHARS))}:${"x".repeat(MAX_DISPLAY_CHARS)}`,
  );
});

test("cutting never splits a surrogate pair", () => {
  const text = "a".repeat(MAX_DISPLAY_CHARS - 1) + "😀" + "b".repeat(10);
  const shown = displayText(text);
  expect(shown).toBe(`${"a".repeat(MAX_DISPLAY_CHARS - 1)}… [+12 chars]`);
  expect(shown.isWellFormed()).toBe(true);
});

test("renderRows shows an inclusive, clamped range", () => {
  const lines = ["a", "b", "c"];
  expect(renderRows(lines, 2, 3)).toBe(`${refOf(2, "b")}:b\n${refOf(3, "c")}:c`);
  expect(renderRows(lines, 0, 99).split("\n")).toHaveLength(3);
  expect(renderRows(lines, 3, 2)).toBe("");
  expect(renderRows(lines, 1, 1, "context")).toBe(`${refOf(1, "a")}-a`);
});
