// A regex with no run of text every match holds, as an automaton over a line's bytes (src/search/line-automaton.ts),
// run by the native prefilter (src/search/line-automaton.c) to decide files without JavaScript's regex engine. The
// invariant: on a line of ASCII it accepts exactly the lines the regex matches; on any line, every line the regex
// matches (a byte of 0x80 or more may stand for any character or none). Checked against JavaScript's own regex over
// random patterns and lines, then through the native code on files built around the places its loops treat apart.
import "../support/fast-check-seed.ts";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as fc from "fast-check";
import { type LineAutomaton, lineAutomaton } from "../../src/search/line-automaton.ts";
import { compileMatcher } from "../../src/search/matcher.ts";
import { PREFILTER } from "../../src/search/prefilter.ts";
import { hasUnboundedRepetition } from "../../src/search/regex-syntax.ts";
import { SIGNATURE_LEADS } from "../../src/text/binary.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { decide, decideCounts } from "../support/prefilter-decide.ts";

const supported = process.platform === "linux" && (process.arch === "x64" || process.arch === "arm64");
const temp = makeTempRoot("lapp-line-automaton-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The line regex a search for `pattern` runs (matcher.ts) and its automaton, if one is made. */
function compiled(
  pattern: string,
  ignoreCase = false,
): { line: RegExp; automaton: LineAutomaton | undefined } {
  const matcher = compileMatcher({ pattern, literal: false, ignoreCase });
  if (!matcher.ok || matcher.value.kind !== "regex") throw new Error(`no line regex for ${pattern}`);
  const { line } = matcher.value;
  return { line, automaton: lineAutomaton(line.source, line.flags) };
}

/** The automaton run over `bytes` as line-automaton.c runs it. */
function accepts(automaton: LineAutomaton, bytes: Uint8Array): boolean {
  let state = 0;
  for (const byte of bytes) {
    state = automaton.table[state + automaton.classes[byte]!]!;
    if (state >= automaton.accepting) return true;
  }
  return false;
}

/**
 * Random patterns such as `(.+?)+x` make JavaScript's own regex, which the property tests compare against, backtrack
 * for up to its limit on some random lines: such a run took 12 s of a busy machine once, against ~1.3 s usually.
 */
const RANDOM_REGEX_MS = 60_000;

const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

describe("which patterns get an automaton", () => {
  test.each([
    "\\w{5}\\s+\\w{5}\\s+\\w{5}\\s+\\w{5}\\s+\\w{5}",
    "[\\p{Alphabetic}\\p{M}]{3}\\p{White_Space}+\\d",
    "\\p{Script=Greek}",
    "(?:foo|ba+r){2}x?",
    "(?<name>a|b)c*d",
    "[a-z]+_[0-9]{2,}",
    "\\x41\\u0042\\u{43}\\cJ?.",
  ])("takes %p", (pattern) => {
    expect(compiled(pattern).automaton).toBeDefined();
  });

  test.each([
    ["^abc", "a line anchor"],
    ["abc$", "a line anchor"],
    ["\\bword", "a word boundary"],
    ["a(?=b)", "lookahead"],
    ["(?<!a)b", "lookbehind"],
    ["(a)\\1", "a backreference"],
    ["(?<n>a)\\k<n>", "a named backreference"],
    ["a*", "it matches the empty line"],
    ["x|", "it matches the empty line"],
    ["a{300}", "too many positions"],
    ["\\-x+", "no Unicode mode (the pattern is only valid without it)"],
  ])("leaves %p to JavaScript: %s", (pattern) => {
    expect(compiled(pattern).automaton).toBeUndefined();
  });
});

const ATOMS = [
  "[#@]",
  "[A-F]",
  "a",
  "b",
  "x",
  "_",
  "\\.",
  "[a-c]",
  "[^b]",
  "\\w",
  "\\s",
  "\\d",
  "\\W",
  ".",
  "\\p{L}",
  "é",
  "\\u00e9",
  "[é-ë]",
  "\\x41",
  "\\p{Script=Greek}",
  "K",
  "\\t",
  " ",
];
const QUANTIFIERS = ["", "", "", "*", "+", "?", "{2}", "{1,3}", "{2,}", "+?"];
const CHARACTERS = [
  "#",
  "@",
  "D",
  "a",
  "b",
  "c",
  "x",
  "A",
  "B",
  "K",
  "k",
  "_",
  ".",
  "1",
  " ",
  "\t",
  "\r",
  "é",
  "α",
  "Σ",
  "\u00a0",
  "😀",
  "\u212a",
  "\u017f",
  "\x7f",
];

const patternArbitrary: fc.Arbitrary<string> = fc.letrec((tie) => ({
  item: fc
    .tuple(
      fc.oneof({ depthSize: "small" }, fc.constantFrom(...ATOMS), tie("group") as fc.Arbitrary<string>),
      fc.constantFrom(...QUANTIFIERS),
    )
    .map(([atom, quantifier]) => atom + quantifier),
  sequence: fc
    .array(tie("item") as fc.Arbitrary<string>, { minLength: 1, maxLength: 4 })
    .map((items) => items.join("")),
  choice: fc
    .array(tie("sequence") as fc.Arbitrary<string>, { minLength: 1, maxLength: 3 })
    .map((items) => items.join("|")),
  group: fc
    .tuple(fc.constantFrom("(", "(?:"), tie("choice") as fc.Arbitrary<string>)
    .map(([open, inner]) => `${open}${inner})`),
})).choice as fc.Arbitrary<string>;

/** Patterns whose start is common in code and that hold a rarer pair later (line-automaton.ts, anchorOf). */
const anchoredPattern: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom("\\w+", "a*b", "[^b]", ".", "\\s?\\w", "(?:a|_)+"),
    fc.constantFrom("#", "@", "[#@]", "D", "#\\d", "@\\.", "[#@]+1", "K"),
    patternArbitrary,
  )
  .map(([start, pair, rest]) => `${start}${pair}${rest}`);

const lineArbitrary = fc
  .array(fc.constantFrom(...CHARACTERS), { maxLength: 14 })
  .map((chars) => chars.join(""));

describe("against JavaScript's regex", () => {
  test(
    "exact on ASCII lines, never missing a match on others (random patterns, both case modes)",
    () => {
      let taken = 0;
      let exact = 0;
      fc.assert(
        fc.property(
          patternArbitrary,
          fc.boolean(),
          fc.array(lineArbitrary, { minLength: 1, maxLength: 30 }),
          (pattern, ignoreCase, lines) => {
            const { line, automaton } = compiled(pattern, ignoreCase);
            if (!automaton) return;
            taken++;
            if (automaton.asciiExact) exact++;
            for (const text of lines) {
              const matches = line.test(text);
              const accepted = accepts(automaton, Buffer.from(text, "utf8"));
              if (matches)
                expect({ pattern, ignoreCase, text, accepted }).toEqual({
                  pattern,
                  ignoreCase,
                  text,
                  accepted: true,
                });
              if (isAscii(text) && automaton.asciiExact)
                expect({ pattern, ignoreCase, text, accepted }).toEqual({
                  pattern,
                  ignoreCase,
                  text,
                  accepted: matches,
                });
              // A file that is not UTF-8 is searched as Latin-1, one character a byte: never missed either.
              if (matches && /^[\x00-\xff]*$/.test(text))
                expect(accepts(automaton, Buffer.from(text, "latin1"))).toBe(true);
            }
          },
        ),
        { numRuns: 400 },
      );
      expect(taken).toBeGreaterThan(100);
      expect(exact).toBeGreaterThan(taken * 0.6); // the others passed MAX_STATES
    },
    RANDOM_REGEX_MS,
  );

  test("a character of several bytes (or a Latin-1 one) taken by one atom between two others is never missed", () => {
    const wide = ["é", "α", "€", "😀", "\u00a0", "\u212a"];
    // Three atoms before and two after: a wider character's bytes, each taken as a step, could not be followed by
    // steps from the start again, so a missed match shows.
    for (const middle of [".", "[^x]", "\\p{L}", "\\W?", "\\s?\\w?", "(?:.|x)", ".{2}"])
      for (const ignoreCase of [false, true]) {
        const pattern = `axb${middle}xb`;
        const { line, automaton } = compiled(pattern, ignoreCase);
        for (const char of wide)
          for (const text of [`axb${char}xb`, `axb${char}${char}xb`, `-axb${char}xb-`]) {
            if (!line.test(text)) continue;
            expect({ pattern, text, utf8: accepts(automaton!, Buffer.from(text)) }).toEqual({
              pattern,
              text,
              utf8: true,
            });
            if (/^[\x00-\xff]*$/.test(text))
              expect({ pattern, text, latin1: accepts(automaton!, Buffer.from(text, "latin1")) }).toEqual({
                pattern,
                text,
                latin1: true,
              });
          }
      }
  });

  test("an automaton past its state limit sends the lines it cannot follow to JavaScript (accepts), never misses", () => {
    // (a|b)*a(a|b){12} needs 2^13 states: far past the limit.
    const { line, automaton } = compiled("(?:a|b)*a(?:a|b){12}");
    expect(automaton?.asciiExact).toBe(false);
    expect(compiled("\\w{5}\\s+\\w{5}\\s+\\w{5}\\s+\\w{5}\\s+\\w{5}").automaton?.asciiExact).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "é"), { maxLength: 40 }), (chars) => {
        const text = chars.join("");
        if (line.test(text)) expect(accepts(automaton!, Buffer.from(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test("the start state's skip: ranges of the ASCII bytes that leave it, when few and none common in code", () => {
    const skip = (pattern: string, ignoreCase = false) => {
      const ranges = compiled(pattern, ignoreCase).automaton!.skipRanges;
      return ranges && [...ranges];
    };
    expect(skip("\\p{Script=Greek}")).toEqual([]);
    expect(skip("é+\\w")).toEqual([]);
    expect(skip("[#@]\\w{3}\\d")).toEqual([35, 35, 64, 64]);
    expect(skip("\\d+_\\d+")).toEqual([48, 57]);
    expect(skip("[A-Z]{4}\\d|\\t{3}")).toEqual([9, 9, 65, 90]);
    expect(skip("[A-Z]{4}", true)).toBeUndefined(); // lowercase e, t, a … leave it too
    expect(skip("\\w{5}\\s+\\w{5}")).toBeUndefined();
    expect(skip("[^a]")).toBeUndefined();
    expect(skip("[#@]|[(]|[*]|[?]|[~]")).toBeUndefined(); // five ranges
  });

  test("anchors: a pair every match holds side by side, when no rare byte begins a match", () => {
    const anchor = (pattern: string, ignoreCase = false) => {
      const automaton = compiled(pattern, ignoreCase).automaton!;
      return automaton.anchored
        ? [[...automaton.skipRanges!], automaton.pairRanges && [...automaton.pairRanges]]
        : undefined;
    };
    expect(anchor("\\w+\\(\\d+\\)")).toEqual([
      [40, 40],
      [48, 57],
    ]); // `(`, then a digit
    // A start that can be skipped to gives way only to a pair whose first byte is rarer in code.
    expect(anchor("\\d+\\.\\d+\\.\\d+")).toEqual([
      [46, 46],
      [48, 57],
    ]); // a dot then a digit, not any digit
    expect(anchor("\\d+_\\d+")).toBeUndefined(); // `_` is commoner than digits
    expect(anchor("\\d{2}x")).toBeUndefined(); // a digit then x: no rarer than the start's digits
    expect(anchor("\\w+=\\w")).toEqual([[61, 61], undefined]); // `=`, then a word character: four ranges
    expect(anchor("\\w+\\(\\d|\\w+\\[\\d")).toBeUndefined(); // neither bracket is on every way through
    expect(anchor("\\w+x?\\(")).toBeUndefined(); // a match may end at the `(`: nothing need follow it
    expect(anchor("\\w{5}\\s+\\w{5}")).toBeUndefined(); // every position is common in code
    expect(anchor("[#@]\\w{3}\\d")).toBeUndefined(); // its start is skipped to instead
    expect(anchor("\\w+#\\w+\\(\\d")).toEqual([[35, 35], undefined]); // `#` is rarer in code than `(`
    expect(anchor("\\w+\\p{Script=Greek}\\d")).toEqual([[], [48, 57]]); // no ASCII byte: high bytes stop it
  });

  test("pairs: the bytes that keep alive what a leaving byte began, when they are at most two ranges", () => {
    const pairs = (pattern: string) => {
      const ranges = compiled(pattern).automaton!.pairRanges;
      return ranges && [...ranges];
    };
    expect(pairs("\\d+_\\d+")).toEqual([48, 57, 95, 95]);
    expect(pairs("\\d{2}x")).toEqual([48, 57]);
    expect(pairs("[#@]\\w{3}\\d")).toBeUndefined(); // \w: four ranges
    expect(pairs("[#@]")).toBeUndefined(); // a leaving byte alone is a match
    expect(pairs("\\p{Script=Greek}")).toBeUndefined(); // no ASCII byte leaves the start
    expect(pairs("\\w{5}\\s+\\w{5}")).toBeUndefined(); // no skip at all
  });
});

/** Writes each body as a file of bytes (strings as Latin-1: one character a byte) and returns the statuses. */
function statusesOf(folder: string, bodies: Array<string | Buffer>, automaton: LineAutomaton): number[] {
  mkdirSync(folder);
  const names = bodies.map((_, index) => `f${index}.txt`);
  bodies.forEach((body, index) =>
    writeFileSync(join(folder, names[index]!), typeof body === "string" ? Buffer.from(body, "latin1") : body),
  );
  return decide(folder, names, automaton, 1 << 26);
}

/** The lines of a file as the search reads them: UTF-8 when the bytes are, else Latin-1. */
function linesOf(bytes: Buffer): string[] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = bytes.toString("latin1");
  }
  return text.split("\n");
}

/**
 * Checks that each ASCII body is left undecided exactly when JavaScript's regex matches a line of it, and decided
 * (no match) otherwise; returns how many were decided.
 */
function decidedAsJavaScriptWould(
  bodies: string[],
  { line, automaton }: ReturnType<typeof compiled>,
): number {
  const statuses = statusesOf(nextFolder(), bodies, automaton!);
  bodies.forEach((body, index) => {
    const matches = body.split("\n").some((text) => line.test(text));
    expect([index, statuses[index]]).toEqual([index, matches ? PREFILTER.undecided : PREFILTER.noMatch]);
  });
  return statuses.filter((status) => status === PREFILTER.noMatch).length;
}

let folders = 0;
const nextFolder = () => join(temp, `case-${folders++}`);

describe.skipIf(!supported)("the native prefilter with an automaton", () => {
  const noLiteral = compiled("\\w{5}\\s+\\w{5}\\s+\\w{5}\\s+\\w{5}\\s+\\w{5}");
  const greek = compiled("\\p{Script=Greek}");

  const filesArbitrary = fc.array(
    fc.array(lineArbitrary, { maxLength: 12 }).map((lines) => lines.join("\n")),
    { minLength: 1, maxLength: 6 },
  );
  const encodingArbitrary = fc.constantFrom("utf8", "latin1") as fc.Arbitrary<BufferEncoding>;

  /**
   * Writes `texts` as files (as Latin-1 where asked and possible) and checks the prefilter's statuses against
   * JavaScript's regex; returns the automaton, or undefined when the pattern gets none.
   */
  function checkRandomFiles(pattern: string, ignoreCase: boolean, texts: string[], encoding: BufferEncoding) {
    const { line, automaton } = compiled(pattern, ignoreCase);
    if (!automaton) return undefined;
    const bodies = texts.map((text) =>
      Buffer.from(text, encoding === "latin1" && /^[\x00-\xff]*$/.test(text) ? "latin1" : "utf8"),
    );
    const statuses = statusesOf(nextFolder(), bodies, automaton);
    bodies.forEach((bytes, index) => {
      const matches = linesOf(bytes).some((text) => line.test(text));
      const status = statuses[index];
      if (matches)
        expect({ pattern, text: bytes.toString("latin1"), status }).toEqual({
          pattern,
          text: bytes.toString("latin1"),
          status: PREFILTER.undecided,
        });
      // (A file whose first byte may start a binary signature is left to JavaScript whatever it holds.)
      else if (isAscii(bytes.toString("latin1")) && !SIGNATURE_LEADS[bytes[0] ?? 0])
        expect({ pattern, status }).toEqual({ pattern, status: PREFILTER.noMatch });
    });
    return automaton;
  }

  test(
    "random files: no file with a matching line is decided; an ASCII file without one is",
    () => {
      fc.assert(
        fc.property(patternArbitrary, fc.boolean(), filesArbitrary, encodingArbitrary, (...args) => {
          checkRandomFiles(...args);
        }),
        { numRuns: 150 },
      );
    },
    RANDOM_REGEX_MS,
  );

  test(
    "random patterns that skip to a pair every match holds (a common start, a rare pair later): the same",
    () => {
      let anchored = 0;
      fc.assert(
        fc.property(anchoredPattern, fc.boolean(), filesArbitrary, encodingArbitrary, (...args) => {
          if (checkRandomFiles(...args)?.anchored) anchored++;
        }),
        { numRuns: 300 },
      );
      // The others: a pair a match may end at (the rest can be empty), or made common by ignoring case (d).
      expect(anchored).toBeGreaterThan(40);
    },
    RANDOM_REGEX_MS,
  );

  test("a match at every place of a 16-byte block and at a file's end is found (ASCII steps)", () => {
    const match = "alpha betas gamma delta omega";
    const bodies: string[] = [];
    for (let lead = 0; lead < 40; lead++) {
      const filler = "x".repeat(lead);
      bodies.push(`${"int i = 0;\n".repeat(30)}${filler}${match}\n${"} ;\n".repeat(5)}`);
      bodies.push(`${"int i = 0;\n".repeat(30)}${filler}${match}`);
      bodies.push(`${"int i = 0;\n".repeat(30)}${filler}${match.slice(0, -1)}\n`);
    }
    const statuses = statusesOf(nextFolder(), bodies, noLiteral.automaton!);
    bodies.forEach((body, index) =>
      expect([index, statuses[index]]).toEqual([
        index,
        noLiteral.line.test(body.split("\n").find((l) => l.includes("alph")) ?? "")
          ? PREFILTER.undecided
          : PREFILTER.noMatch,
      ]),
    );
    expect(statuses.filter((status) => status === PREFILTER.noMatch).length).toBe(40);
  });

  test("a byte of 0x80 or more at every place of a 16-byte block and past it is found (the skip of ASCII)", () => {
    const bodies: string[] = [];
    for (let length = 0; length < 50; length++) {
      const ascii = "abcdefghijklmnop\n".repeat(3) + "q".repeat(length);
      bodies.push(ascii); // none: decided
      bodies.push(`${ascii}\xce\xb1`); // α as its last bytes
      bodies.push(`${ascii}\xce\xb1${"z".repeat(length)}\n`); // α inside a line
      bodies.push(`${ascii}\xe9\n`); // Latin-1 é: no Greek, yet left to JavaScript (a byte of 0x80 or more)
      bodies.push(`${ascii}\xe9`); // … as the file's last byte
    }
    const statuses = statusesOf(nextFolder(), bodies, greek.automaton!);
    bodies.forEach((_, index) =>
      expect([index, statuses[index]]).toEqual([
        index,
        index % 5 === 0 ? PREFILTER.noMatch : PREFILTER.undecided,
      ]),
    );
  });

  test("skipping in the start state: a leaving byte at every place of a 16-byte block, past it, and last", () => {
    // [#@] and digits leave the start state; everything else in these files is skipped.
    const skipping = compiled("[#@]\\w{2}\\d|\\d{3}x");
    expect(skipping.automaton!.skipRanges).toBeDefined();
    const bodies: string[] = [];
    for (let length = 0; length < 40; length++) {
      const plain = "the quick brown fox\n".repeat(4) + "q".repeat(length);
      bodies.push(`${plain}\n`); // none: decided
      bodies.push(`${plain}#ab1\n`); // a match after `length` skipped bytes
      bodies.push(`${plain}@zz9`); // … as the file's last bytes
      bodies.push(`${plain}12 #ab 123 @b1 99x 123x\n`); // leaving bytes that do not match, then a match
      bodies.push(`${plain}1#a2@b3 45x\n${"q".repeat(length)}7`); // near misses only: decided
    }
    expect(decidedAsJavaScriptWould(bodies, skipping)).toBe(80);
  });

  test("skipping by pairs: a leaving byte followed by one that continues it, at every place of a block, and last", () => {
    // Digits leave the start state; only a digit followed by a digit or a `_` stops the skip. (With a dot in its
    // place the pattern is anchored on the dot and a digit instead, rarer in code: the same files, that way.)
    for (const [separator, anchored] of [
      ["_", false],
      [".", true],
    ] as const) {
      const version = compiled(`\\d+${separator === "." ? "\\." : separator}\\d+`);
      expect([separator, version.automaton!.anchored, version.automaton!.pairRanges !== undefined]).toEqual([
        separator,
        anchored,
        true,
      ]);
      const bodies: string[] = [];
      for (let length = 0; length < 40; length++) {
        const plain = "the quick brown fox\n".repeat(4) + "q".repeat(length);
        const between = (text: string) => text.replaceAll(".", separator);
        bodies.push(`${plain}\n`); // none: decided
        bodies.push(between(`${plain}12.5\n`)); // a match after `length` skipped bytes
        bodies.push(between(`${plain}3.4`)); // a single digit and a separator, as the file's last bytes
        bodies.push(between(`${plain}1 2x 3; 4.y 5. 77 8.\n`)); // stops or not, none matching: decided
        bodies.push(between(`${plain}1a2b3c 9.9 x\n`)); // near misses, then a match
        bodies.push(between(`${plain}x7\n${"q".repeat(length)}6.0`)); // a match on the last line, in the last bytes
      }
      expect(decidedAsJavaScriptWould(bodies, version)).toBe(80);
    }
    // The byte right after the leaving one decides: `\d{2}x` over "12x" (a digit, a digit, then no digit).
    const twoDigits = compiled("\\d{2}x");
    const pairsOnly = Array.from({ length: 20 }, (_, length) => `${"q".repeat(length + 40)}12x\n`);
    expect(statusesOf(nextFolder(), pairsOnly, twoDigits.automaton!)).toEqual(
      pairsOnly.map(() => PREFILTER.undecided),
    );
    // A byte of 0x80 or more after a leaving byte may continue it: `\d.\d` over "5é6".
    const anyBetween = compiled("\\d.\\d");
    expect(anyBetween.automaton!.pairRanges).toBeDefined();
    const wide = Array.from({ length: 20 }, (_, length) =>
      Buffer.from(`${"the quick brown fox\n".repeat(2)}${"q".repeat(length)}5é6 x\n`),
    );
    expect(statusesOf(nextFolder(), wide, anyBetween.automaton!)).toEqual(
      wide.map(() => PREFILTER.undecided),
    );
  });

  test("skipping to a pair every match holds: a pair at every place of a block, first and last, matching or not", () => {
    // A match may begin at any word character, but holds a `(` followed by a digit: the skip stops there only, and
    // the line it stops in is stepped from its start.
    const call = compiled("\\w+\\(\\d+\\)");
    expect(call.automaton!.anchored).toBe(true);
    const bodies: string[] = [];
    for (let length = 0; length < 40; length++) {
      const plain = "the quick (brown) fox\n".repeat(4) + "q".repeat(length);
      bodies.push(`${plain}\n`); // `(` never followed by a digit: decided
      bodies.push(`${plain}f(12)\n`); // a match after `length` skipped bytes, its word just before the pair
      bodies.push(`${plain} (3) = (4)`); // pairs with no word before them, to the file's end: decided
      bodies.push(`${plain}word_long_before(7)`); // the match's start far before the pair, in the last bytes
      bodies.push(`(1)\n${plain}g(2 x\nh(9)\n`); // a pair first in the file, a near miss, then a match
      bodies.push(`${"x".repeat(length)}k(5)\n${plain}`); // a match on the first line
    }
    expect(decidedAsJavaScriptWould(bodies, call)).toBe(40 * 2);
    // A pair on most lines: after a few KiB of lines stepped whole, the rest is stepped as two halves; a match far
    // past that point is still found, and a file with none is still decided.
    const pairEverywhere = " = (1 + y);\n".repeat(2000);
    expect(decidedAsJavaScriptWould([pairEverywhere, `${pairEverywhere}z(0)\n${pairEverywhere}`], call)).toBe(
      1,
    );
    // … and from the start of the line where that happens: a match there, before and after its 4 KiB (~342 lines).
    const atTheSwitch = Array.from(
      { length: 40 },
      (_, index) => `${" = (1 + y);\n".repeat(320 + index)}zz(0)\n${" = (1 + y);\n".repeat(50)}`,
    );
    expect(decidedAsJavaScriptWould(atTheSwitch, call)).toBe(0);
    // A pair's second byte of 0x80 or more may be the character that follows: the line is stepped.
    const greekAfter = compiled("\\w+\\(\\p{Script=Greek}");
    expect(greekAfter.automaton!.anchored).toBe(true);
    const wide = Array.from({ length: 20 }, (_, length) =>
      Buffer.from(`${"the quick (brown) fox\n".repeat(2)}${"q".repeat(length)}f(α)\n`),
    );
    expect(statusesOf(nextFolder(), wide, greekAfter.automaton!)).toEqual(
      wide.map(() => PREFILTER.undecided),
    );
  });

  test("stepped as two halves at once (x64, ranges of 1 KiB or more): a match on any line of either half is found", () => {
    const other = "int value = other(x);  /* 5 */\n";
    const lines = 300; // ~9 KB in one block: split after the line break nearest its middle
    const match = "alpha betas gamma delta omega\n";
    const places = [0, 1, 148, 149, 150, 151, 152, 298, 299];
    const bodies = places.map((place) =>
      Array.from({ length: lines }, (_, index) => (index === place ? match : other)).join(""),
    );
    bodies.push(`${other.repeat(lines - 1)}${match.trimEnd()}`); // the last line, no line break after it
    bodies.push(`${other.repeat(150)}${"x".repeat(3000)} ${match}${other.repeat(3)}`); // the split near the end
    // The second half (93 bytes) ends while the first half is inside its match (bytes 84–113): it goes on from there.
    bodies.push(`${"x = 1;\n".repeat(12)}${match}${"y".repeat(3000)}\n${other.repeat(3)}`);
    bodies.push(other.repeat(lines)); // none
    const statuses = statusesOf(nextFolder(), bodies, noLiteral.automaton!);
    expect(statuses).toEqual([...bodies.slice(0, -1).map(() => PREFILTER.undecided), PREFILTER.noMatch]);
  });

  test("lines across the first fill and the buffer: a match is found; a line longer than the buffer is left to JavaScript", () => {
    const match = "alpha betas gamma delta omega";
    const line = "int value = other; /* short */\n";
    const firstFill = 65536;
    const buffer = 256 * 1024;
    const around = (at: number, tail: string) => {
      const head = line.repeat(Math.ceil(at / line.length) + 1).slice(0, at);
      return `${head.slice(0, head.lastIndexOf("\n") + 1)}${" ".repeat(at - head.lastIndexOf("\n") - 1)}${tail}`;
    };
    const bodies = [
      around(firstFill - 10, `${match}\n${line}`), // across the first fill
      around(buffer - 5, `${match}\n${line.repeat(10)}`), // across the buffer's end
      around(buffer * 3 + 7, `${match}\n`), // in a later buffer
      line.repeat(Math.ceil((buffer * 3) / line.length)), // none, over several buffers: decided
      `${"y".repeat(buffer + 100)}\n${line}`, // a line longer than the buffer, no match: left to JavaScript
    ];
    const statuses = statusesOf(nextFolder(), bodies, noLiteral.automaton!);
    expect(statuses).toEqual([
      PREFILTER.undecided,
      PREFILTER.undecided,
      PREFILTER.undecided,
      PREFILTER.noMatch,
      PREFILTER.undecided,
    ]);
  });
});

/** Writes each body as a file and returns the statuses and counts with every file count-only. */
function countsOf(folder: string, bodies: Buffer[], automaton: LineAutomaton) {
  mkdirSync(folder);
  const names = bodies.map((_, index) => `f${index}.txt`);
  bodies.forEach((body, index) => writeFileSync(join(folder, names[index]!), body));
  return decideCounts(folder, names, automaton, 1 << 26);
}

describe.skipIf(!supported)(
  "counting a file's matching lines natively (files whose rows are not wanted)",
  () => {
    test(
      "random files: a counted file has exactly JavaScript's count; an ASCII file with matches is counted",
      () => {
        fc.assert(
          fc.property(
            fc.oneof(patternArbitrary, anchoredPattern),
            fc.boolean(),
            fc.array(
              fc.array(lineArbitrary, { maxLength: 12 }).map((lines) => lines.join("\n")),
              { minLength: 1, maxLength: 6 },
            ),
            (pattern, ignoreCase, texts) => {
              const { line, automaton } = compiled(pattern, ignoreCase);
              if (!automaton) return;
              const bodies = texts.map((text) => Buffer.from(text, "utf8"));
              const { statuses, counts } = countsOf(nextFolder(), bodies, automaton);
              bodies.forEach((bytes, index) => {
                const count = linesOf(bytes).filter((text) => line.test(text)).length;
                const status = statuses[index];
                const seen = { pattern, ignoreCase, text: bytes.toString("latin1") };
                if (status === PREFILTER.counted) {
                  expect(automaton.asciiExact).toBe(true);
                  expect({ ...seen, count: counts[index] }).toEqual({ ...seen, count });
                } else if (status === PREFILTER.noMatch)
                  expect({ ...seen, count: 0 }).toEqual({ ...seen, count });
                else expect({ ...seen, status }).toEqual({ ...seen, status: PREFILTER.undecided });
                // An ASCII file with matches is counted (not left to JavaScript) when the automaton is exact.
                if (
                  automaton.asciiExact &&
                  count > 0 &&
                  isAscii(bytes.toString("latin1")) &&
                  !SIGNATURE_LEADS[bytes[0]!]
                )
                  expect({ ...seen, status }).toEqual({ ...seen, status: PREFILTER.counted });
              });
            },
          ),
          { numRuns: 200 },
        );
      },
      RANDOM_REGEX_MS,
    );

    test("over several buffers; a non-ASCII line counts only where the automaton rejects it; long lines go to JavaScript", () => {
      const { automaton } = compiled("\\w{5}\\s+\\w{5}");
      const match = "alpha betas\n";
      const other = "int x = 1;  /* none */\n";
      const buffer = 256 * 1024;
      const bodies = [
        Buffer.from(`${match}${other.repeat(Math.ceil((buffer * 3) / other.length))}${match}${match}`),
        Buffer.from(`${match}λόγος is not here\n${other}`), // a non-ASCII line the automaton rejects: still counted
        Buffer.from(`${match}λόγοςx betas\n`), // an accepted line holding other bytes: JavaScript's to count
        Buffer.from(`${"y".repeat(buffer + 100)}\n${match}`), // a line longer than the buffer
        Buffer.from(other.repeat(100)), // no match
        Buffer.from(`${other}${match.trimEnd()}`), // the last line without a line break
      ];
      const { statuses, counts } = countsOf(nextFolder(), bodies, automaton!);
      expect(statuses).toEqual([
        PREFILTER.counted,
        PREFILTER.counted,
        PREFILTER.undecided,
        PREFILTER.undecided,
        PREFILTER.noMatch,
        PREFILTER.counted,
      ]);
      expect([counts[0], counts[1], counts[5]]).toEqual([3, 1, 1]);
    });

    test("searches count natively only for patterns repeating something without bound (jobs.ts, countsNatively)", () => {
      for (const source of ["\\w+\\(\\d+\\)", "a*b", "\\d{2,}x", "(ab)+", "\\s+"])
        expect([source, hasUnboundedRepetition(source)]).toEqual([source, true]);
      for (const source of [
        "[A-Z]{4}[0-9]{2}",
        "\\+\\*",
        "[+*]",
        "a{2}b{1,3}",
        "\\p{Script=Greek}",
        "x\\{2,\\}",
      ])
        expect([source, hasUnboundedRepetition(source)]).toEqual([source, false]);
    });

    test("an automaton not exact on ASCII (past its state limit) never counts", () => {
      const { automaton } = compiled("\\w{5}\\s+\\w{5}");
      const inexact = { ...automaton!, asciiExact: false };
      const { statuses } = countsOf(nextFolder(), [Buffer.from("alpha betas\n")], inexact);
      expect(statuses).toEqual([PREFILTER.undecided]);
    });
  },
);
