// Line semantics of the matcher (ripgrep's: per line, CRLF `\r` visible) and the scan that finds candidates fast.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { compileMatcher, type MatcherSpec } from "../../src/search/matcher.ts";
import { guardRunStart } from "../../src/search/run-start.ts";
import { SPACE_BUT_NEWLINE, scanSourceOf } from "../../src/search/scan-source.ts";
import { Hits, scanBytes, scanCandidates, scanText } from "../../src/search/scan.ts";

const spec = (pattern: string, extra: Partial<MatcherSpec> = {}): MatcherSpec => ({
  pattern,
  literal: false,
  ignoreCase: false,
  ...extra,
});

function linesMatching(text: string, matcherSpec: MatcherSpec): number[] {
  const compiled = compileMatcher(matcherSpec);
  if (!compiled.ok) throw compiled.error;
  const hits = new Hits(Number.MAX_SAFE_INTEGER);
  scanText(text, compiled.value, 0, hits);
  return hits.lines;
}

/** Absolute line numbers of hits anchored at byte offsets of `buffer`. */
function absoluteLines(buffer: Buffer, hits: Hits): number[] {
  return hits.anchors.map((anchor, index) => {
    let newlines = 0;
    for (let position = 0; position < anchor; position++) if (buffer[position] === 10) newlines++;
    return newlines + hits.lines[index]!;
  });
}

/** The reference semantics: split at \n (dropping the empty piece after a final \n), test each line alone. */
function naive(text: string, pattern: string, flags: string): number[] {
  const pieces = text.split("\n");
  if (text.endsWith("\n")) pieces.pop();
  if (text === "") return [];
  const regex = new RegExp(pattern, flags);
  return pieces.flatMap((line, index) => (regex.test(line) ? [index + 1] : []));
}

describe("compileMatcher", () => {
  test("an invalid regex is INVALID_ARGUMENTS carrying the parser's message", () => {
    const compiled = compileMatcher(spec("foo("));
    expect(compiled.ok).toBe(false);
    if (compiled.ok) return;
    expect(compiled.error.code).toBe("INVALID_ARGUMENTS");
    let parserMessage = "";
    try {
      new RegExp("foo(");
    } catch (error) {
      parserMessage = (error as Error).message;
    }
    expect(compiled.error.summary).toContain(parserMessage);
  });

  test("a pattern with a line break is refused", () => {
    const compiled = compileMatcher(spec("a\nb"));
    expect(compiled.ok ? undefined : compiled.error.code).toBe("INVALID_ARGUMENTS");
  });

  test("a plain literal takes the byte path; ignore_case literals and regexes do not", () => {
    expect(compileMatcher(spec("a.b", { literal: true }))).toMatchObject({
      ok: true,
      value: { kind: "bytes" },
    });
    expect(compileMatcher(spec("a.b", { literal: true, ignoreCase: true }))).toMatchObject({
      value: { kind: "regex" },
    });
    expect(compileMatcher(spec("a.b"))).toMatchObject({ value: { kind: "regex" } });
  });

  test("patterns valid only without the u flag still work (identity escapes)", () => {
    expect(linesMatching("a-b\naxb\n", spec("a\\-b"))).toEqual([1]);
  });

  test("unicode mode: \\p classes and case folding like ripgrep -i", () => {
    expect(linesMatching("abc\n123\nüber\n", spec("^\\p{L}+$"))).toEqual([1, 3]);
    expect(linesMatching("Kelvin \u212A\nlong \u017F\nplain\n", spec("k|s", { ignoreCase: true }))).toEqual([
      1, 2,
    ]);
  });
});

describe("line semantics", () => {
  test("a CRLF line keeps its \\r: x$ does not match, x.$ and x\\r do (as in ripgrep)", () => {
    const text = "hello world\r\nworld\n";
    expect(linesMatching(text, spec("world$"))).toEqual([2]);
    expect(linesMatching(text, spec("world.$"))).toEqual([1]);
    expect(linesMatching(text, spec("world\\r"))).toEqual([1]);
  });

  test("a regex never spans lines, even with \\s, [^…] or a literal \\n", () => {
    const text = "foo\nbar\nfoo bar\n";
    expect(linesMatching(text, spec("foo\\s+bar"))).toEqual([3]);
    expect(linesMatching(text, spec("foo[^x]bar"))).toEqual([3]);
    expect(linesMatching(text, spec("foo\\nbar"))).toEqual([]);
  });

  test("patterns matching the empty string match every line, but not after the final newline", () => {
    expect(linesMatching("a\n\nb\n", spec("x*"))).toEqual([1, 2, 3]);
    expect(linesMatching("a\nb", spec("^"))).toEqual([1, 2]);
    expect(linesMatching("", spec("^"))).toEqual([]);
  });

  test("lookarounds see only the line", () => {
    expect(linesMatching("foo\nfoo bar\n", spec("foo(?!\\s)"))).toEqual([1]);
    expect(linesMatching("x\nfoo\n", spec("(?<![\\s\\S])foo"))).toEqual([2]);
  });

  test("a line matching several times counts once", () => {
    const compiled = compileMatcher(spec("a"));
    if (!compiled.ok) throw compiled.error;
    const hits = new Hits(10);
    scanText("aaa\nb\na\n", compiled.value, 0, hits);
    expect({ count: hits.count, lines: hits.lines }).toEqual({ count: 2, lines: [1, 3] });
  });

  test("keep limits the line numbers collected, never the count", () => {
    const compiled = compileMatcher(spec("x"));
    if (!compiled.ok) throw compiled.error;
    const hits = new Hits(2);
    scanText("x\nx\nx\nx\n", compiled.value, 0, hits);
    expect({ count: hits.count, lines: hits.lines }).toEqual({ count: 4, lines: [1, 2] });
  });

  test("scanSourceOf keeps one-line constructs from crossing newlines", () => {
    expect(scanSourceOf("a.b")).toBe("a[^\\n]b");
    expect(scanSourceOf("\\s\\W\\D")).toBe(`${SPACE_BUT_NEWLINE}[^\\w\\n][^\\d\\n]`);
    expect(scanSourceOf("[^a]")).toBe("[^a\\n]");
    expect(scanSourceOf("[.]\\.")).toBe("[.]\\.");
  });

  test("a scan starts only where a leading unbounded class's run starts, when that run stays on one line", () => {
    const guarded = (source: string, flags = "u") => guardRunStart(source, scanSourceOf(source), flags);
    expect(guarded("\\w+\\(\\d+\\)")).toBe("(?<!\\w)\\w+\\(\\d+\\)");
    expect(guarded("[A-Z]+_RESUME")).toBe("(?<![A-Z])[A-Z]+_RESUME");
    expect(guarded("\\d{2,}x")).toBe("(?<!\\d)\\d{2,}x");
    expect(guarded("\\w*x")).toBe("(?<!\\w)\\w*x");
    expect(guarded(".+x")).toBe("(?<![^\\n])[^\\n]+x");
    expect(guarded("[^a]+x")).toBe("(?<![^a\\n])[^a\\n]+x");
    expect(guarded("\\s+x")).toBe(`(?<!${SPACE_BUT_NEWLINE})${SPACE_BUT_NEWLINE}+x`);
    expect(guarded("\\p{L}+x")).toBe("(?<!\\p{L})\\p{L}+x");
    // A fixed or bounded count, a lazy one, a captured run, a literal first, or a class that holds a line break: as is.
    for (const source of [
      "\\w{5}x",
      "\\w{2,4}x",
      "\\w+?x",
      "(\\w+)=\\1",
      "a+x",
      "[\\s\\S]+x",
      "\\p{White_Space}+x",
    ])
      expect(guarded(source)).toBe(scanSourceOf(source));
  });

  test("the spelled-out class for \\s in a scan is \\s without \\n, in every mode, for every UTF-16 code unit", () => {
    for (const flags of ["", "u", "i", "ui"]) {
      const spelled = new RegExp(`^${SPACE_BUT_NEWLINE}$`, flags);
      const space = new RegExp("^\\s$", flags);
      const differ: number[] = [];
      for (let unit = 0; unit <= 0xffff; unit++) {
        const char = String.fromCharCode(unit);
        if (spelled.test(char) !== (unit !== 10 && space.test(char))) differ.push(unit);
      }
      expect([flags, differ]).toEqual([flags, []]);
    }
  });

  test("property: the fast scan finds exactly the lines a per-line test finds", () => {
    const alphabet = fc.constantFrom("a", "b", " ", "\n", "\r\n", "\t", "é", "-", "1");
    const patterns = fc.constantFrom(
      "a",
      "a b",
      "^a",
      "b$",
      "a.b",
      "a\\s+b",
      "[^a]b",
      "\\bab\\b",
      "(a|b)\\1",
      "^$",
      "a*",
      "b\\r?$",
      "\\W\\w",
      "[\\s\\S]b",
      "a(?=b)",
      "(?<!a)b",
      "\\D1",
      // A leading class repeated without bound: the scan starts only where its run starts (run-start.ts).
      "\\w+1",
      "\\w+1\\w",
      "\\w*b",
      "\\w{2,}b",
      "\\w{2}b",
      "\\w+?b",
      "[ab]+ ",
      "[^a]+b",
      ".+b",
      "\\s+a",
      "\\D+1",
      "\\p{L}+1",
      "[\\s\\S]+b",
      "\\w+b|1",
    );
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }),
        patterns,
        fc.boolean(),
        (pieces, pattern, ignoreCase) => {
          const text = pieces.join("");
          const flags = `us${ignoreCase ? "i" : ""}`;
          expect(linesMatching(text, spec(pattern, { ignoreCase }))).toEqual(naive(text, pattern, flags));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe("a scan guarded at run starts (run-start.ts)", () => {
  test("property: a leading repeated class, any quantifier, finds exactly the lines a per-line test finds", () => {
    const atoms = ["\\w", "\\d", "[ab]", "[^b]", ".", "\\s", "\\D", "\\p{L}", "[\\s\\S]"];
    const quantifiers = ["+", "*", "{2,}", "{2}", "{1,3}", "+?"];
    const rests = ["b", "1", "\\(", "a\\w", "", "b|a", "\\(\\d+\\)"];
    const alphabet = fc.constantFrom("a", "b", "1", "(", ")", " ", "\n", "é", "-");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 60, size: "max" }),
        fc.constantFrom(...atoms),
        fc.constantFrom(...quantifiers),
        fc.constantFrom(...rests),
        fc.boolean(),
        (pieces, atom, quantifier, rest, ignoreCase) => {
          const text = pieces.join("");
          const pattern = atom + quantifier + rest;
          const flags = `us${ignoreCase ? "i" : ""}`;
          expect(linesMatching(text, spec(pattern, { ignoreCase }))).toEqual(naive(text, pattern, flags));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("scanBytes", () => {
  const bytes = (text: string) => Buffer.from(text);

  test("finds lines with the literal, anchored at their starts; `from` skips a BOM", () => {
    const buffer = bytes("\u{FEFF}one needle\ntwo\nneedle needle\n");
    const hits = new Hits(10);
    scanBytes(buffer, 3, 0, bytes("needle"), hits);
    expect(hits.count).toBe(2);
    expect(hits.anchors[0]).toBe(3);
    expect(absoluteLines(buffer, hits)).toEqual([1, 3]);
  });

  test("anchors are file offsets: the region's offset is added", () => {
    const hits = new Hits(10);
    scanBytes(bytes("a\nneedle\n"), 0, 1000, bytes("needle"), hits);
    expect(hits.anchors).toEqual([1002]);
  });

  test("property: equals the per-line reference for random texts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("ab", "a", "b", "\n", "\r\n", "ba"), { maxLength: 30 }),
        (pieces) => {
          const text = pieces.join("");
          const buffer = bytes(text);
          const hits = new Hits(1000);
          scanBytes(buffer, 0, 0, bytes("ab"), hits);
          expect(absoluteLines(buffer, hits)).toEqual(naive(text, "ab", "u"));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("scanCandidates", () => {
  test("stops where candidates turn dense, and the rest scanned at once gives exact lines", () => {
    const text = Array.from({ length: 300 }, (_, index) =>
      index % 3 === 0 ? "zz" : index % 7 === 0 ? "ab!" : "ab x",
    ).join("\n");
    const buffer = Buffer.from(text);
    const compiled = compileMatcher(spec("ab!"));
    if (!compiled.ok || compiled.value.kind !== "regex") throw new Error("expected a regex");
    const hits = new Hits(1000);
    const rest = scanCandidates(
      buffer,
      0,
      0,
      Buffer.from("ab"),
      compiled.value.line,
      (start, end) => buffer.toString("utf8", start, end),
      hits,
    );
    expect(rest).toBeDefined();
    scanText(buffer.toString("utf8", rest!), compiled.value, rest!, hits);
    expect(absoluteLines(buffer, hits)).toEqual(naive(text, "ab!", "us"));
  });
});
