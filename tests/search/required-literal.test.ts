// The literal a regex requires: what is extracted, what is refused, and that it never excludes a real match.
import { describe, expect, test } from "bun:test";
import "../support/fast-check-seed.ts";
import fc from "fast-check";
import {
  caselessRuns,
  rarestByteOf,
  requiredLiteral,
  requiredRuns,
} from "../../src/search/required-literal.ts";
import { caselessLineRegex } from "../support/caseless-bytes.ts";

describe("requiredLiteral", () => {
  const cases: [pattern: string, expected: string | undefined][] = [
    ["function\\s+\\w+\\(", "function"],
    ["foo\\.bar", "foo.bar"],
    ["colou?r", "colo"],
    ["ab+c", "ab"],
    ["x{0,2}yz", "yz"],
    ["a{2}bc", "bc"], // "a" is required too, but a run of one character is too short to help
    ["function\\s+\\w+Error\\b", "Error"], // both runs are required: the one with the rarer characters
    ["import .* sport", "import "], // equally rare characters (p): the longer run
    ["import .* from", "import "], // both hold m, rarer in code than f and p: the longer run
    ["(foo|bar)baz", "baz"],
    ["foo|bar", undefined], // top-level alternation
    ["[abc]+", undefined],
    ["\\d+px", "px"],
    ["\\p{L}abc", "abc"],
    ["\\u{1F600}xyz", "xyz"],
    ["\\x41bc", "bc"],
    ["\\12ab", "ab"], // an octal or back-reference escape is skipped with all its digits
    ["\\k<n>ab", "ab"],
    ["^todo$", "todo"],
    ["café", "caf"], // non-ASCII ends a run
    ["a", undefined], // too short to help
    ["a{b", "a{b"], // a brace that is not a quantifier is a character (without the u flag)
  ];
  for (const [pattern, expected] of cases) {
    test(`${pattern} → ${expected ?? "none"}`, () => expect(requiredLiteral(pattern)).toBe(expected));
  }

  test("property: every line a regex matches contains the extracted literal", () => {
    const atoms = fc.constantFrom(
      "a",
      "b",
      "ab",
      "\\.",
      ".",
      "\\s",
      "\\w+",
      "[ab]",
      "(a|b)",
      "b?",
      "a*",
      "x+",
      "{",
      "}",
      "\\d",
      "(?:ab)?",
      "c{2}",
    );
    const lines = fc
      .array(fc.constantFrom("a", "b", ".", " ", "x", "c", "1", "{", "}"), { maxLength: 12 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(
        fc.array(atoms, { minLength: 1, maxLength: 6 }),
        fc.array(lines, { maxLength: 20 }),
        (parts, texts) => {
          const pattern = parts.join("");
          let regex: RegExp;
          try {
            regex = new RegExp(pattern, "u");
          } catch {
            return;
          }
          const literal = requiredLiteral(pattern);
          if (literal === undefined) return;
          for (const text of texts) if (regex.test(text)) expect(text).toContain(literal);
          // Every run, in order, none overlapping the next (what the native prefilter looks for on a line).
          const runs = requiredRuns(pattern)!.runs;
          for (const text of texts) {
            if (!regex.test(text)) continue;
            let at = 0;
            for (const run of runs) {
              const found = text.indexOf(run, at);
              expect(found).toBeGreaterThanOrEqual(0);
              at = found + run.length;
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("caselessRuns", () => {
  const cases: [pattern: string, runs: string[] | undefined, anchor?: string][] = [
    ["ERR_SYS", ["err_sys"]], // k and s stay in the run: the prefilter takes their wide foldings too
    ["PM_RESUME", ["pm_resume"]],
    ["Kelvin", ["kelvin"]],
    ["SKIP\\s+tasks", ["skip", "tasks"], "skip"], // ranked without k and s: p is rarer than a and t
    ["ss|x", undefined], // top-level alternation (literal-set.ts takes those)
    ["ks\\d+ab", ["ab"]], // a run of k and s alone has no byte to be looked for by: left out
    ["sk", undefined],
    ["ſys", ["ys"]], // non-ASCII ends a run
  ];
  for (const [pattern, runs, anchor] of cases) {
    test(`${pattern} → ${runs?.join(", ") ?? "none"}`, () => {
      const found = caselessRuns(pattern);
      expect(found?.runs).toEqual(runs);
      if (found && anchor !== undefined) expect(found.runs[found.anchor]).toBe(anchor);
    });
  }

  test("a caseless run is looked for by its rarest byte that is not k or s", () => {
    const bytes = (text: string) => Buffer.from(text);
    expect(rarestByteOf(bytes("err_sys"), true)).toBe(5); // y
    expect(rarestByteOf(bytes("skip"), true)).toBe(3); // p, not k
    expect(rarestByteOf(bytes("ks"), true)).toBe(-1);
    expect(rarestByteOf(bytes("skip"), false)).toBe(1); // k counts where case matters
    // Either case counts: u and U together are rarer in code than p and P (RARE_TO_COMMON_EITHER_CASE).
    expect(rarestByteOf(bytes("pm_resume"), true)).toBe(6);
    expect(rarestByteOf(bytes("PM_RESUME"), false)).toBe(6); // U, as before
  });

  test("property: every line an ignore-case regex matches holds its runs in order, k and s also wide", () => {
    const atoms = fc.constantFrom(
      "k",
      "s",
      "K",
      "S",
      "a",
      "B",
      "ka",
      "Sa",
      "aS",
      "bK",
      "\\s",
      ".",
      "s?",
      "k+",
      "(a|k)",
      "_",
      "ſ",
      "\\u212A",
    );
    const chars = fc.constantFrom("k", "K", "\u212A", "s", "S", "\u017F", "a", "A", "b", "B", "_", " ", "ſK");
    const lines = fc.array(chars, { maxLength: 12 }).map((parts) => parts.join(""));
    fc.assert(
      fc.property(
        fc.array(atoms, { minLength: 1, maxLength: 6 }),
        fc.array(lines, { maxLength: 20 }),
        (parts, texts) => {
          const pattern = parts.join("");
          let regex: RegExp;
          try {
            regex = new RegExp(pattern, "iu");
          } catch {
            return;
          }
          const found = caselessRuns(pattern);
          if (!found) return;
          expect(found.runs[found.anchor]).toBeDefined();
          for (const run of found.runs)
            expect(rarestByteOf(Buffer.from(run), true)).toBeGreaterThanOrEqual(0);
          const holds = caselessLineRegex(found.runs, false);
          for (const text of texts)
            if (regex.test(text)) expect(holds.test(Buffer.from(text).toString("latin1"))).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
