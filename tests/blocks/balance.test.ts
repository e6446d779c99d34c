// Bracket balance of replacement content: counted with the file's own lexer, so brackets in strings,
// comments and regexes do not count; non-brace languages are not judged.

import { describe, expect, test } from "bun:test";
import { bracketBalance } from "../../src/blocks/balance.ts";

describe("bracketBalance", () => {
  test("a whole function is balanced", () => {
    expect(bracketBalance(["function f() {", "  return '}';", "}"], "a.js", [])).toEqual({
      unclosed: 0,
      unopened: 0,
    });
  });
  test("a function without its closing line leaves one open", () => {
    expect(bracketBalance(["function f() {", "  return /[{]/;"], "a.ts", [])).toEqual({
      unclosed: 1,
      unopened: 0,
    });
  });
  test("an extra closer", () => {
    expect(bracketBalance(["int f() {", "}", "}"], "a.c", [])).toEqual({ unclosed: 0, unopened: 1 });
  });
  test("Python and unknown files are not judged", () => {
    expect(bracketBalance(["def f(:"], "a.py", [])).toBeNull();
    expect(bracketBalance(["(("], "notes.txt", ["plain"])).toBeNull();
  });
});
