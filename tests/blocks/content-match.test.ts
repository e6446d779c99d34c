// Finding a text by its content: the exact tier, the whitespace-normalised tier (shared indentation and trailing
// spaces ignored, relative indentation kept), every place reported (never the first), ranges, rebasing the new
// text, the closest region of a text found nowhere, and the two refusals built from them.

import { describe, expect, test } from "bun:test";
import { shownLinesOf, type AnswerItem } from "../../src/hashline/answer.ts";
import { closestRegion } from "../../src/blocks/content/closest.ts";
import { findContent, type MatchTier } from "../../src/blocks/content/match.ts";
import { commonIndent } from "../../src/text/indentation.ts";
import { rebaseIndentation } from "../../src/blocks/content/rebase.ts";
import { ambiguityRefusal, nowhereRefusal, scopeLineOf } from "../../src/blocks/content/refusals.ts";
import { refOf } from "../../src/hashline/hash.ts";

const FILE = [
  "class Cart:", //                  1
  "    def total(self):", //         2
  "        return sum(self.items)", // 3
  "", //                             4
  "    def count(self):", //         5
  "        return len(self.items)", // 6
  "", //                             7
  "def total(items):", //            8
  "    return sum(items)", //        9
  "", //                             10
  "class Order:", //                 11
  "    def total(self):", //         12
  "        return sum(self.items)", // 13
];

const places = (lines: readonly string[], needle: string[], options = {}) => {
  const found = findContent(lines, needle, options);
  return { tier: found.tier, at: found.matches.map((match) => [match.start, match.end]) };
};

describe("findContent", () => {
  const cases: Array<[string, string[], object, { tier: MatchTier | undefined; at: number[][] }]> = [
    ["one exact line", ["def total(items):"], {}, { tier: "exact", at: [[8, 8]] }],
    ["an exact block", ["def total(items):", "    return sum(items)"], {}, { tier: "exact", at: [[8, 9]] }],
    [
      "every exact place, in file order",
      ["    def total(self):", "        return sum(self.items)"],
      {},
      {
        tier: "exact",
        at: [
          [2, 3],
          [12, 13],
        ],
      },
    ],
    [
      "dedented text matches where the file indents it, at every place",
      ["def total(self):", "    return sum(self.items)"],
      {},
      {
        tier: "normalized",
        at: [
          [2, 3],
          [12, 13],
        ],
      },
    ],
    [
      "relative indentation still counts",
      ["def total(self):", "return sum(self.items)"],
      {},
      { tier: undefined, at: [] },
    ],
    [
      "trailing spaces are ignored when normalising",
      ["def total(items):   ", "    return sum(items)\t"],
      {},
      { tier: "normalized", at: [[8, 9]] },
    ],
    ["an exact place wins over looser ones", ["    return sum(items)"], {}, { tier: "exact", at: [[9, 9]] }],
    [
      "normalize_whitespace: false finds only exact places",
      ["def total(self):", "    return sum(self.items)"],
      { normalizeWhitespace: false },
      { tier: undefined, at: [] },
    ],
    [
      "blank lines of the text must meet blank lines",
      ["        return sum(self.items)", "", "    def count(self):"],
      {},
      { tier: "exact", at: [[3, 5]] },
    ],
    [
      "a whitespace-only line is blank when normalising",
      ["return sum(self.items)", "   ", "def count(self):"],
      {},
      { tier: undefined, at: [] },
    ],
    [
      "ranges keep places wholly inside them",
      ["    def total(self):", "        return sum(self.items)"],
      { within: [{ from: 4, to: 13 }] },
      { tier: "exact", at: [[12, 13]] },
    ],
    [
      "a place crossing a range's end does not count",
      ["    def total(self):", "        return sum(self.items)"],
      { within: [{ from: 1, to: 12 }] },
      { tier: "exact", at: [[2, 3]] },
    ],
  ];
  for (const [name, needle, options, expected] of cases) {
    test(name, () => expect(places(FILE, needle, options)).toEqual(expected));
  }

  test("a normalised place reports both frames", () => {
    const found = findContent(FILE, ["def count(self):", "    return len(self.items)"]);
    expect(found.matches).toEqual([{ start: 5, end: 6, givenIndent: "", fileIndent: "    " }]);
  });

  test("tabs in the file, spaces in the text", () => {
    const lines = ["\tif (a) {", "\t\tgo();", "\t}"];
    expect(places(lines, ["if (a) {", "\tgo();", "}"])).toEqual({ tier: "normalized", at: [[1, 3]] });
    expect(places(lines, ["if (a) {", "    go();", "}"])).toEqual({ tier: undefined, at: [] });
  });

  test("overlapping places are all reported", () => {
    expect(places(["x", "x", "x"], ["x", "x"])).toEqual({
      tier: "exact",
      at: [
        [1, 2],
        [2, 3],
      ],
    });
  });
});

describe("commonIndent", () => {
  test("blank lines do not count", () => expect(commonIndent(["    a", "", "      b"])).toBe("    "));
  test("mixed tabs and spaces share nothing", () => expect(commonIndent(["\ta", "    b"])).toBe(""));
  test("no non-blank line", () => expect(commonIndent(["", "  "])).toBe(""));
});

describe("rebaseIndentation", () => {
  test("same frame: the lines as given", () => {
    expect(rebaseIndentation(["  a"], "  ", "  ")).toEqual({ ok: true, lines: ["  a"], moved: false });
  });
  test("moves every non-blank line from one frame to the other", () => {
    expect(rebaseIndentation(["def f():", "", "    return 1"], "", "\t")).toEqual({
      ok: true,
      lines: ["\tdef f():", "", "\t    return 1"],
      moved: true,
    });
  });
  test("a line indented less than the frame: nothing moves, and the line is named", () => {
    expect(rebaseIndentation(["    a", "b"], "    ", "")).toEqual({
      ok: false,
      lines: ["    a", "b"],
      line: 2,
    });
  });
});

describe("closestRegion", () => {
  test("the window holding most of the text, and its first missing line", () => {
    const region = closestRegion(FILE, ["def total(items):", "    return sum(items) + 1"]);
    expect(region).toEqual({ start: 8, end: 9, missing: 1, found: 1, of: 2 });
  });
  test("a long line's vote outweighs short ones like braces", () => {
    const lines = ["}", "}", "x", "function alpha() {", "  return compute();", "}"];
    // `}` then `}` would fit lines 1-2, but the aligned `function alpha() {` weighs more: the region is lines 3-4.
    expect(closestRegion(lines, ["}", "function alpha() {"])).toEqual({
      start: 3,
      end: 4,
      missing: 0,
      found: 1,
      of: 2,
    });
  });
  test("nothing alike: undefined", () => expect(closestRegion(FILE, ["no such line"])).toBeUndefined());
});

const texts = (items: readonly AnswerItem[]) => items.map((item) => item.text);
const shownOf = (items: readonly AnswerItem[]) => shownLinesOf(items).map((shown) => shown.line);

describe("refusals", () => {
  const sought = { what: "old_content", display: "cart.py", writes: true };

  test("ambiguity lists every place with its refs and the line it sits under", () => {
    const found = findContent(FILE, ["    def total(self):", "        return sum(self.items)"]);
    const refusal = ambiguityRefusal(FILE, found, sought, "retry");
    expect(refusal.code).toBe("AMBIGUOUS");
    expect(refusal.summary).toBe("old_content occurs at 2 places in cart.py; nothing was written");
    expect(texts(refusal.details)).toEqual([
      `occurrence 1: ${refOf(2, FILE[1]!)}..${refOf(3, FILE[2]!)}, under ${refOf(1, FILE[0]!)}:class Cart:`,
      `occurrence 2: ${refOf(12, FILE[11]!)}..${refOf(13, FILE[12]!)}, under ${refOf(11, FILE[10]!)}:class Order:`,
      "retry",
    ]);
    expect(shownOf(refusal.details)).toEqual([2, 3, 1, 12, 13, 11]);
  });

  test("a text found nowhere shows the closest region's rows with fresh refs", () => {
    const refusal = nowhereRefusal(FILE, ["def count(self):", "    return len(self.list)"], sought, true);
    expect(refusal.code).toBe("BLOCK_NOT_FOUND");
    expect(refusal.summary).toBe(
      "old_content occurs nowhere in cart.py, not even with whitespace normalised; nothing was written",
    );
    expect(refusal.details[1]!.text).toBe('line 2 of old_content is not there: "    return len(self.list)"');
    expect(texts(refusal.details)).toContain(`    ${refOf(5, FILE[4]!)}:    def count(self):`);
    expect([...new Set(shownOf(refusal.details))].sort((a, b) => a - b)).toEqual([4, 5, 6, 7]);
  });

  test("nothing alike: no rows, a hint instead", () => {
    const refusal = nowhereRefusal(FILE, ["zzz"], sought, false);
    expect(shownOf(refusal.details)).toEqual([]);
    expect(refusal.summary).toContain("(normalize_whitespace is false)");
  });

  test("scopeLineOf: the nearest line indented less, or the line above at the margin", () => {
    expect(scopeLineOf(FILE, 3)).toBe(2);
    expect(scopeLineOf(FILE, 12)).toBe(11);
    expect(scopeLineOf(FILE, 11)).toBe(9);
    expect(scopeLineOf(FILE, 1)).toBeUndefined();
  });
});
