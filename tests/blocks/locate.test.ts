// Locating a header by pattern: regex or literal matching, header lines preferred over mere mentions,
// `occurrence` choosing among several, AMBIGUOUS listing each candidate's row otherwise.

import { refOf } from "../../src/hashline/hash.ts";
import { describe, expect, test } from "bun:test";
import { analyzeBlocks } from "../../src/blocks/find.ts";
import { chooseHeader, locateHeaders } from "../../src/blocks/locate.ts";

const PYTHON = [
  "def helper(x):", //   1
  "    return x", //      2
  "", //                 3
  "def main():", //      4
  "    helper(1)", //     5
  "", //                 6
  "def helper(y):", //   7
  "    return y * 2", //  8
];

const textOf = (line: number): string => PYTHON[line - 1]!;

function choose(pattern: string, occurrence?: number, literal = false) {
  const finder = analyzeBlocks(PYTHON, "a.py");
  const matches = locateHeaders(PYTHON, pattern, { literal });
  if (!matches.ok) return matches;
  return chooseHeader(finder, matches.value, { pattern, literal, occurrence, textOf });
}

describe("locateHeaders", () => {
  test("regex", () => expect(locateHeaders(PYTHON, "^def \\w+\\(x")).toEqual({ ok: true, value: [1] }));
  test("literal text with regex characters", () => {
    expect(locateHeaders(PYTHON, "helper(1)", { literal: true })).toEqual({ ok: true, value: [5] });
  });
  test("ignore case", () => {
    expect(locateHeaders(PYTHON, "DEF MAIN", { ignoreCase: true })).toEqual({ ok: true, value: [4] });
  });
  test("a broken regex is INVALID_ARGUMENTS", () => {
    const found = locateHeaders(PYTHON, "helper(");
    expect(found.ok ? "ok" : found.error.code).toBe("INVALID_ARGUMENTS");
  });
});

describe("chooseHeader", () => {
  test("a twice-defined name is AMBIGUOUS, listing both definitions but not the call", () => {
    const chosen = choose("helper");
    expect(chosen.ok).toBe(false);
    if (chosen.ok) return;
    expect(chosen.error.code).toBe("AMBIGUOUS");
    expect(chosen.error.details).toContain(`occurrence 1: ${refOf(1, "def helper(x):")}:def helper(x):`);
    expect(chosen.error.details).toContain(`occurrence 2: ${refOf(7, "def helper(y):")}:def helper(y):`);
    expect(chosen.error.details).not.toContain("helper(1)");
  });
  test("occurrence picks among the headers", () => {
    expect(choose("helper", 2)).toEqual({ ok: true, value: 7 });
    expect(choose("helper", 1)).toEqual({ ok: true, value: 1 });
  });
  test("an occurrence past the candidates is BLOCK_NOT_FOUND", () => {
    const chosen = choose("helper", 3);
    expect(chosen.ok ? "ok" : chosen.error.code).toBe("BLOCK_NOT_FOUND");
  });
  test("one header among mentions is chosen without occurrence", () => {
    expect(choose("main")).toEqual({ ok: true, value: 4 });
  });
  test("without any header line, the matching lines themselves are the candidates", () => {
    expect(choose("return y")).toEqual({ ok: true, value: 8 });
  });
  test("no match is BLOCK_NOT_FOUND", () => {
    const chosen = choose("nothing_here");
    expect(chosen.ok ? "ok" : chosen.error.code).toBe("BLOCK_NOT_FOUND");
  });
});
