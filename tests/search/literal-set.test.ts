// The literal sets of alternations (src/search/literal-set.ts): which patterns give one and which must not, the
// native prefilter's any-of answer file by file, and as a property: a search through the set (prefilter, candidate
// lines) matches exactly the lines the plain regex scan matches.
import "../support/fast-check-seed.ts";
import { afterAll, describe, expect, test } from "bun:test";
import { closeSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as fc from "fast-check";
import { runJobs, type SearchSpec } from "../../src/search/jobs.ts";
import { requiredLiteralSet, topLevelAlternatives } from "../../src/search/literal-set.ts";
import { compileMatcher, type Matcher, type MatcherSpec } from "../../src/search/matcher.ts";
import { nativePrefilter, PREFILTER } from "../../src/search/prefilter.ts";
import { searchFile } from "../../src/search/search-file.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { folderOfFiles } from "../support/root-files.ts";

const supported = process.platform === "linux" && (process.arch === "x64" || process.arch === "arm64");
const temp = makeTempRoot("lapp-literal-set-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("requiredLiteralSet", () => {
  const cases: [pattern: string, caseless: boolean, expected: string[] | undefined][] = [
    [
      "ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT",
      false,
      ["ERR_SYS", "PME_TURN_OFF", "LINK_REQ_RST", "CFG_BME_EVT"],
    ],
    // Lowercased, k and s kept (the prefilter also takes U+212A and U+017F there, which fold to them).
    [
      "ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT",
      true,
      ["err_sys", "pme_turn_off", "link_req_rst", "cfg_bme_evt"],
    ],
    ["\\b(?:foo|bar)\\b", false, ["foo", "bar"]],
    ["^(foo|bar)$", false, ["foo", "bar"]],
    ["(?<name>foo|barbaz)x", false, ["foo", "barbaz"]],
    ["(foo|bar)+", false, ["foo", "bar"]],
    ["(?:(?:foo|bar)|baz\\d)", false, ["foo", "bar", "baz"]],
    ["fo+x|ba?rr", false, ["fo", "rr"]],
    ["abc|ab", false, ["ab"]], // a run holding another is found wherever the other is
    ["foo|foo", false, ["foo"]],
    ["a[|]b|cd", false, undefined], // a `|` in a class separates nothing; "a" and "b" are too short
    ["xy\\|z|cd", false, ["xy|z", "cd"]],
    ["a|b*", false, undefined], // a branch that can match the empty line
    ["foo|", false, undefined],
    ["foo|\\d+", false, undefined], // a branch without a literal
    ["foo|a", false, undefined], // one character is too short to look for
    ["(foo|bar)?x", false, undefined], // an optional group is no requirement
    ["(foo|bar)*", false, undefined],
    ["(?=foo|bar)\\w+", false, undefined], // a lookahead matches no text of its own
    ["(?!foo|bar)\\w+", false, undefined],
    ["(?<=foo|bar)\\w+", false, undefined],
    ["(?i:foo|bar)x", false, undefined], // a modifier group matches its body otherwise
    ["(foo|bar)\\1", false, ["foo", "bar"]],
    ["\\1|foo", false, undefined], // a back-reference alone has no certain text
    ["ſys|foo", true, ["ys", "foo"]], // non-ASCII ends a run
    ["ſs|foo", true, undefined], // "s" alone is too short
    ["ks|foo", true, undefined], // a run of k and s alone has no byte to be looked for by
    ["café|thé", false, ["caf", "th"]],
    ["KELVIN|kelvin", true, ["kelvin"]],
    [Array.from({ length: 17 }, (_, index) => `w${index}x`).join("|"), false, undefined], // too many
  ];
  for (const [pattern, caseless, expected] of cases) {
    test(`${pattern}${caseless ? " (ignore case)" : ""} → ${expected?.join(", ") ?? "none"}`, () =>
      expect(requiredLiteralSet(pattern, caseless)).toEqual(expected));
  }

  test("top-level alternatives skip escapes, classes and groups", () => {
    expect(topLevelAlternatives("a\\|b|[|]|(c|d)|")).toEqual(["a\\|b", "[|]", "(c|d)", ""]);
    expect(topLevelAlternatives("(a|b")).toBeUndefined();
    expect(topLevelAlternatives("[a|b")).toBeUndefined();
  });

  test("the matcher takes a set only where no run is certain", () => {
    const regex = (pattern: string, ignoreCase = false) => {
      const compiled = compileMatcher({ pattern, literal: false, ignoreCase });
      if (!compiled.ok || compiled.value.kind !== "regex") throw new Error(pattern);
      return compiled.value;
    };
    const text = (runs: readonly Uint8Array[] | undefined) => runs?.map((run) => Buffer.from(run).toString());
    const alternates = regex("ERR_SYS|PME_TURN_OFF");
    expect(alternates.runs?.anyOf).toBe(true);
    expect(alternates.required).toBeUndefined();
    expect(text(alternates.anyRequired)).toEqual(["ERR_SYS", "PME_TURN_OFF"]);
    // Ignore case: the prefilter gets the caseless set; the JavaScript candidate scan (exact bytes) none.
    const caseless = regex("ERR_SYS|PME_TURN_OFF", true);
    expect({ anyOf: caseless.runs?.anyOf, caseless: caseless.runs?.caseless }).toEqual({
      anyOf: true,
      caseless: true,
    });
    expect(caseless.anyRequired).toBeUndefined();
    // A certain run wins: the old path, unchanged.
    const prefixed = regex("PM_(RESUME|SUSPEND)");
    expect({ anyOf: prefixed.runs?.anyOf, required: Buffer.from(prefixed.required!).toString() }).toEqual({
      anyOf: false,
      required: "PM_",
    });
    expect(regex("a|b*").runs).toBeUndefined();
  });
});

/** A matcher that finds its lines without any runs: the plain regex scan of the whole text. */
function withoutRuns(matcher: Matcher): Matcher {
  if (matcher.kind !== "regex") return matcher;
  return { ...matcher, runs: undefined, required: undefined, anyRequired: undefined };
}

describe.skipIf(!supported)("the prefilter with a set of runs", () => {
  const directory = join(temp, "any-of");
  mkdirSync(directory);
  const long = 300 * 1024; // longer than the prefilter's buffer
  const files: Array<[string, string, number]> = [
    ["none.c", "int err;\nPME_TURN\nERR_SY S\n", PREFILTER.noMatch],
    ["first.c", "x\nif (ERR_SYS) return;\n", PREFILTER.undecided],
    ["last.c", `${"a = b;\n".repeat(20000)}CFG_BME_EVT\n`, PREFILTER.undecided],
    ["no-newline-at-end.c", "a\nLINK_REQ_RST", PREFILTER.undecided],
    ["long-line-then-run.c", `${"y".repeat(long)}LINK_REQ_RST`, PREFILTER.undecided],
    ["long-line-none.c", `${"y".repeat(long)}LINK_REQ_RS\nT\n`, PREFILTER.noMatch],
    // The run across the edge of a read past a buffer-long line: the bytes kept between reads must join it.
    ["long-line-run-on-edge.c", `${"y".repeat(256 * 1024 + 64 * 1024 - 5)}PME_TURN_OFF`, PREFILTER.undecided],
  ];
  for (const [name, content] of files) writeFileSync(join(directory, name), content);

  function statuses(pattern: string, ignoreCase: boolean, names: string[]) {
    const compiled = compileMatcher({ pattern, literal: false, ignoreCase });
    if (!compiled.ok || !compiled.value.runs?.anyOf) throw new Error(`no set for ${pattern}`);
    const decided = nativePrefilter()!.decide(directory, names, compiled.value.runs, 1 << 26)!;
    decided.descriptors.forEach((fd) => fd >= 0 && closeSync(fd));
    return Object.fromEntries(names.map((name, index) => [name, decided.statuses[index]]));
  }

  test("a file holding none of the runs has no match; one holding any is left to the search", () => {
    const names = files.map(([name]) => name);
    expect(statuses("ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT", false, names)).toEqual(
      Object.fromEntries(files.map(([name, , status]) => [name, status])),
    );
  });

  test("ignore case: the runs in either ASCII case", () => {
    writeFileSync(join(directory, "mixed.c"), "x\nif (Cfg_Bme_Evt) return;\n");
    writeFileSync(join(directory, "kelvin.c"), "x\n\u212Aelvin\n");
    writeFileSync(join(directory, "long-s.c"), "x\nERR_\u017FY\u017F\n");
    writeFileSync(join(directory, "other.c"), "x\nCFG_BME\nelvin\nERR_\n");
    const names = ["mixed.c", "kelvin.c", "long-s.c", "other.c"];
    expect(statuses("CFG_BME_EVT|KELVIN|ERR_SYS", true, names)).toEqual({
      "mixed.c": PREFILTER.undecided,
      "kelvin.c": PREFILTER.undecided, // K is also U+212A
      "long-s.c": PREFILTER.undecided, // s is also U+017F
      "other.c": PREFILTER.noMatch,
    });
  });
});

/** Pieces of files: the set's runs in both cases, their neighbours, U+212A and U+017F, lines past the buffer. */
const piece = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.constantFrom(
      "let x = 1;\n",
      "\n",
      "ERR_SYS",
      "err_sys",
      "Err_Sys ",
      "PME_TURN_OFF\n",
      "pme_turn",
      " kelvin ",
      "\u212Aelvin",
      "\u017Fys",
      // The wide foldings at a run's start, middle and end and next to it; U+212B and U+017E, which fold to none.
      "\u017FYS",
      "ERR_\u017F",
      "Err_\u017FY\u017F",
      "\u212AELVIN",
      "KELVIN\u212A",
      "ERR_SY\u017F",
      "\u212Belvin",
      "ERR_\u017EYS",
      "ask",
      "A\u212A",
      "SYSTEM",
      "foo_",
      "bar",
      "é\n",
      "\r\n",
    ),
  },
  { weight: 1, arbitrary: fc.constant("y".repeat(260 * 1024)) },
  { weight: 1, arbitrary: fc.constantFrom("\0", "\xff\xfe", "\xe9") },
);
const fileContent = fc.array(piece, { maxLength: 24 }).map((pieces) => Buffer.from(pieces.join(""), "utf8"));
const latin1Content = fc
  .array(piece, { maxLength: 12 })
  .map((pieces) => Buffer.from(pieces.join(""), "latin1"));
const matcherSpec = fc.constantFrom<MatcherSpec>(
  { pattern: "ERR_SYS|PME_TURN_OFF", literal: false, ignoreCase: false },
  { pattern: "ERR_SYS|PME_TURN_OFF", literal: false, ignoreCase: true },
  { pattern: "\\b(?:ERR_SYS|kelvin)\\b", literal: false, ignoreCase: false },
  { pattern: "\\b(?:ERR_SYS|kelvin)\\b", literal: false, ignoreCase: true },
  { pattern: "(foo_|err_)(bar|sys)", literal: false, ignoreCase: true },
  { pattern: "ERR_SYS$|^pme_turn", literal: false, ignoreCase: false },
  { pattern: "(?<=\\s)kelvin|(?:bar)+", literal: false, ignoreCase: false },
  { pattern: "Kelvin|ſystem", literal: false, ignoreCase: true },
  { pattern: "ERR_SYS|PME_TURN_OFF|LINK_REQ_RST", literal: false, ignoreCase: true },
  { pattern: "sys|(?:ask)\\b|kelvin", literal: false, ignoreCase: true },
  { pattern: "(?:err_s|kelvi)(ys|n)", literal: false, ignoreCase: true },
);

describe("a search through a set matches what the plain regex scan matches", () => {
  test("property: random files, alternations with and without ignore case", () => {
    let round = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fileContent, latin1Content), { minLength: 1, maxLength: 4 }),
        matcherSpec,
        (contents, spec) => {
          const paths = folderOfFiles(join(temp, `property-${round++}`), contents);
          const compiled = compileMatcher(spec);
          if (!compiled.ok) throw new Error(spec.pattern);
          expect(compiled.value.runs?.anyOf).toBe(true);
          const plain = withoutRuns(compiled.value);
          const options = { context: 0, keep: 1000, maxBytes: 1 << 26 };
          const searchSpec: SearchSpec = { matcher: spec, context: 0, maxFileBytes: 1 << 26 };
          const batch = runJobs(
            paths.map((absolute, id) => ({ id, absolute, keep: 1000 })),
            searchSpec,
          ).map((reply) => reply.result);
          paths.forEach((path, index) => {
            const expected = searchFile(path, { ...options, matcher: plain });
            expect(searchFile(path, { ...options, matcher: compiled.value })).toEqual(expected);
            expect(batch[index]).toEqual(expected);
          });
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
