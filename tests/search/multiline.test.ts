// multiline: the pattern rewrite that keeps ripgrep's -U line semantics in JavaScript's engine, the judgement of
// which patterns can span lines (the others are searched line by line, as rg does), and the scan's matches, blocks
// and NUL stops — each checked against what `rg -U` does (ripgrep-modes.test.ts compares whole trees).
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { compileMatcher } from "../../src/search/matcher.ts";
import { mayMatchLineBreak, multilineSource, scanMultiline } from "../../src/search/multiline.ts";

/** The probe compileMatcher builds for a multiline pattern (undefined when it is searched line by line). */
function probeOf(
  pattern: string,
  extra: { literal?: boolean; ignoreCase?: boolean } = {},
): RegExp | undefined {
  const compiled = compileMatcher({
    pattern,
    literal: extra.literal ?? false,
    ignoreCase: extra.ignoreCase ?? false,
    multiline: true,
  });
  if (!compiled.ok) throw compiled.error;
  return compiled.value.kind === "multiline" ? compiled.value.probe : undefined;
}

/** Each match's [first line, last line], the count, and whether a NUL stopped the scan. */
function scan(text: string, pattern: string, keep = 1000) {
  const probe = probeOf(pattern);
  if (!probe) throw new Error(`${pattern} is searched line by line`);
  const hits = scanMultiline(text, probe, keep, true);
  return {
    spans: hits.starts.map((start, index) => [start, hits.ends[index]]),
    count: hits.count,
    binary: hits.binary,
  };
}

describe("multilineSource keeps ripgrep's line semantics", () => {
  const matches = (pattern: string, text: string) => new RegExp(multilineSource(pattern), "u").test(text);

  test(". stops at \\n only: it takes \\r, U+2028 and U+2029 (JavaScript's . would not)", () => {
    expect(matches("a.b", "a\rb")).toBe(true);
    expect(matches("a.b", "a\u2028b")).toBe(true);
    expect(matches("a.b", "a\nb")).toBe(false);
  });

  test("^ and $ are line anchors at \\n only: a CRLF line's \\r is before its end (rg -U without --crlf)", () => {
    expect(matches("a$", "xa\nb")).toBe(true);
    expect(matches("a$", "xa\r\nb")).toBe(false);
    expect(matches("^b", "a\nb")).toBe(true);
    expect(matches("^b", "a\rb")).toBe(false);
    expect(matches("^b", "a\u2028b")).toBe(false);
  });

  test("(?s:…) lets . take \\n inside it; (?-m:…) makes ^ and $ the text's ends", () => {
    expect(matches("(?s:a.b)", "a\nb")).toBe(true);
    expect(matches("(?s:a(?-s:.)b)", "a\nb")).toBe(false);
    expect(matches("(?-m:^b)", "a\nb")).toBe(false);
    expect(matches("(?-m:^a)", "a\nb")).toBe(true);
  });

  test("escapes and classes are left alone: [.^$] and \\. stay literal, [^a] and \\s take \\n", () => {
    expect(multilineSource("[.^$]\\.\\^")).toBe("[.^$]\\.\\^");
    expect(matches("a[^x]b", "a\nb")).toBe(true);
    expect(matches("a\\sb", "a\nb")).toBe(true);
  });
});

describe("which patterns can span lines (the others are searched line by line, as rg -U does)", () => {
  const spans = (pattern: string) => mayMatchLineBreak(pattern, "u");

  test("\\n, \\s, [^…], \\W, \\D, a literal line break, (?s:.) and every anchor can", () => {
    for (const pattern of [
      "a\\nb",
      "a\\sb",
      "[^x]",
      "\\W",
      "\\D",
      "a\nb",
      "(?s:.)",
      "a$",
      "^a",
      "\\x0a",
      "[\\n]",
    ])
      expect({ pattern, spans: spans(pattern) }).toEqual({ pattern, spans: true });
  });

  test("literals, ., \\S, \\w, \\b, [^\\n] and backreferences cannot", () => {
    for (const pattern of ["alpha", "a.b", "\\S+", "\\w+\\b", "[^\\n]", "(a)\\1", "(?<x>a)\\k<x>", "[a-z]"])
      expect({ pattern, spans: spans(pattern) }).toEqual({ pattern, spans: false });
  });

  test("a pattern that cannot span lines gets the line matcher, counting lines as rg -U --count does", () => {
    expect(probeOf("o")).toBeUndefined();
    expect(probeOf("o\\n")).toBeDefined();
    expect(probeOf("a\nb", { literal: true })).toBeDefined();
  });
});

describe("scanMultiline", () => {
  test("a match shows every line it touches; one ending with a line's \\n ends on that line", () => {
    expect(scan("x\nalpha\nbeta\ny\n", "alpha\\nbeta").spans).toEqual([[2, 3]]);
    expect(scan("x\nalpha\nbeta\ny\n", "alpha\\n").spans).toEqual([[2, 2]]);
  });

  test("rg counts matches, not lines: two on one line are two", () => {
    expect(scan("ab\nab\n", "b\\na|b\\n")).toEqual({
      spans: [
        [1, 2],
        [2, 2],
      ],
      count: 2,
      binary: false,
    });
  });

  test("an empty match after the last line's \\n is on no line; in a file without one, it is on the last line", () => {
    expect(scan("x\n\ny\n", "^$").spans).toEqual([[2, 2]]);
    expect(scan("x\ny", "$").spans).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });

  test("a block holding a NUL stops the search there (binary to rg); a NUL between blocks does not", () => {
    expect(scan("a\nb\n\0\nb\n", "b$")).toEqual({
      spans: [
        [2, 2],
        [4, 4],
      ],
      count: 2,
      binary: false,
    });
    // Lines 2 to 4 match one after the other: one block, holding the NUL of line 3.
    expect(scan("a\nb\n\0\nb\n", "\\n")).toEqual({ spans: [], count: 0, binary: true });
    expect(scan("b\nx\n\0b\n", "b$")).toEqual({ spans: [[1, 1]], count: 1, binary: true });
  });

  test("keep bounds the spans kept, not the count", () => {
    expect(scan("a\na\na\n", "a\\n", 2)).toEqual({
      spans: [
        [1, 1],
        [2, 2],
      ],
      count: 3,
      binary: false,
    });
  });

  test("property: without NULs, the spans are those of the regex's own global matches, widened to whole lines", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", "\n", "\r", " "), maxLength: 60 });
    const pattern = fc.constantFrom("a\\nb", "a\\s+b", "b$", "^a", "\\n\\n", "a[^b]*b", "(?s:a.)", "\\r?\\n");
    fc.assert(
      fc.property(text, pattern, (text, pattern) => {
        const expected: number[][] = [];
        const lineOf = (position: number) => text.slice(0, position).split("\n").length;
        const regex = new RegExp(multilineSource(pattern), "gu");
        for (const match of text.matchAll(regex)) {
          const start = match.index;
          const end = start + match[0].length;
          if (start === text.length && (start === 0 || text[start - 1] === "\n")) break;
          const last = end > start && text[end - 1] === "\n" ? lineOf(end - 1) : lineOf(end);
          expected.push([lineOf(start), last]);
        }
        const found = scan(text, pattern);
        expect(found.spans).toEqual(expected);
        expect(found.count).toBe(expected.length);
      }),
    );
  });
});
