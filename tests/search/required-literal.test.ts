// The literal a regex requires: what is extracted, what is refused, and that it never excludes a real match.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { requiredLiteral, requiredRuns } from "../../src/search/required-literal.ts";

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
    ["import .* from", " from"], // f is rarer than p
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
