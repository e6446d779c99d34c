// Re-indentation of replacement content: a consistent block is shifted to the header's indentation as a
// whole; inconsistent content is taken literally.

import { describe, expect, test } from "bun:test";
import { indentationOf, reindentToHeader } from "../../src/blocks/reindent.ts";

describe("reindentToHeader", () => {
  test("content at column 0 moves under an indented header", () => {
    expect(reindentToHeader(["def f(self):", "    return 1"], "    ")).toEqual({
      lines: ["    def f(self):", "        return 1"],
      shift: { from: "", to: "    " },
    });
  });
  test("content indented deeper than the header moves out", () => {
    expect(reindentToHeader(["        m() {", "          x();", "        }"], "  ")).toEqual({
      lines: ["  m() {", "    x();", "  }"],
      shift: { from: "        ", to: "  " },
    });
  });
  test("blank lines stay as they are", () => {
    expect(reindentToHeader(["def f():", "", "    pass"], "\t").lines).toEqual([
      "\tdef f():",
      "",
      "\t    pass",
    ]);
  });
  test("leading blank lines do not decide the indentation", () => {
    expect(reindentToHeader(["", "  a", "    b"], "").shift).toEqual({ from: "  ", to: "" });
  });
  test("already at the header's indentation: nothing moves", () => {
    expect(reindentToHeader(["    a", "        b"], "    ")).toEqual({
      lines: ["    a", "        b"],
      shift: null,
    });
  });
  test("a line shallower than the first is inconsistent: taken literally", () => {
    expect(reindentToHeader(["    a", "b"], "")).toEqual({ lines: ["    a", "b"], shift: null });
  });
  test("tabs against spaces are inconsistent too", () => {
    expect(reindentToHeader(["\ta", "    b"], "  ").shift).toBeNull();
  });
  test("empty content", () => {
    expect(reindentToHeader([], "    ")).toEqual({ lines: [], shift: null });
  });
  test("indentationOf", () => {
    expect(indentationOf("\t  x = 1")).toBe("\t  ");
  });
});
