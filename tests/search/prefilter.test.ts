// grep's native prefilter (src/search/prefilter.c): it decides only what the JavaScript search would have decided
// the same way — checked file by file on crafted files at every boundary it reads across, and as a property: a
// batch through the prefilter answers exactly what searching each file in JavaScript answers.
import "../support/fast-check-seed.ts";
import { afterAll, describe, expect, test } from "bun:test";
import {
  constants,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import * as fc from "fast-check";
import { runJobs, type SearchSpec } from "../../src/search/jobs.ts";
import { compileMatcher, type MatcherSpec } from "../../src/search/matcher.ts";
import { forgetKeptRoot } from "../../src/search/native-code.ts";
import { nativePrefilter, PREFILTER, type RequiredRunBytes } from "../../src/search/prefilter.ts";
import { rarestByteOf } from "../../src/search/required-literal.ts";
import { searchFile } from "../../src/search/search-file.ts";
import { SIGNATURE_LEADS } from "../../src/text/binary.ts";
import { someLineHolds } from "../support/caseless-bytes.ts";
import { decide } from "../support/prefilter-decide.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { folderOfFiles } from "../support/root-files.ts";

const supported = process.platform === "linux" && (process.arch === "x64" || process.arch === "arm64");
const temp = makeTempRoot("lapp-prefilter-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const KiB = 1024;

/** The runs of a regex as the prefilter gets them (matcher.ts). */
function regexRuns(pattern: string, ignoreCase: boolean) {
  const compiled = compileMatcher({ pattern, literal: false, ignoreCase });
  if (!compiled.ok || compiled.value.kind !== "regex" || !compiled.value.runs) throw new Error("no runs");
  return { matcher: compiled.value, runs: compiled.value.runs };
}

/** Each file's status in `directory` is the one listed beside it. */
function expectStatuses(
  directory: string,
  files: Array<[string, string | Buffer, number]>,
  runs: RequiredRunBytes,
) {
  const statuses = decide(
    directory,
    files.map(([name]) => name),
    runs,
    1 << 26,
  );
  expect(Object.fromEntries(files.map(([name], index) => [name, statuses[index]]))).toEqual(
    Object.fromEntries(files.map(([name, , status]) => [name, status])),
  );
}

const text = (size: number, filler = "abc def\n") =>
  filler.repeat(Math.ceil(size / filler.length)).slice(0, size);

describe.skipIf(!supported)("the prefilter's answer for each kind of file", () => {
  const directory = join(temp, "kinds");
  mkdirSync(directory);
  const needle = "NEEDLE";
  /** name → [content or special kind, expected status] */
  const cases: Array<[string, string | Buffer | "fifo" | "symlink" | "directory" | "hardlink", number]> = [
    ["plain.txt", text(3 * KiB), PREFILTER.noMatch],
    ["empty.txt", "", PREFILTER.noMatch],
    ["has-needle.txt", `${text(KiB)}x NEEDLE y\n`, PREFILTER.undecided],
    // The needle split by the end of ripgrep's 64 KiB first fill, and by the end of the next (256 KiB) read.
    ["across-first-fill.txt", `${text(64 * KiB - 3)}NEEDLE\n${text(KiB)}`, PREFILTER.undecided],
    ["across-second-read.txt", `${text(64 * KiB + 256 * KiB - 5)}NEEDLE\n`, PREFILTER.undecided],
    ["exactly-one-fill.txt", text(64 * KiB), PREFILTER.noMatch],
    ["big-no-needle.txt", text(700 * KiB), PREFILTER.noMatch],
    ["needle-at-end-of-big.txt", `${text(700 * KiB)}NEEDLE`, PREFILTER.undecided],
    [
      "nul-early.bin",
      Buffer.concat([Buffer.from(text(100)), Buffer.from([0]), Buffer.from(text(100))]),
      PREFILTER.binary,
    ],
    ["nul-after-sniff.txt", Buffer.concat([Buffer.from(text(10 * KiB)), Buffer.from([0])]), PREFILTER.binary],
    [
      "nul-in-later-read.txt",
      Buffer.concat([Buffer.from(text(100 * KiB)), Buffer.from([0])]),
      PREFILTER.undecided,
    ],
    ["utf16le.txt", Buffer.from("\ufeffNEEDLE", "utf16le"), PREFILTER.undecided],
    ["utf16-no-needle.txt", Buffer.from("\ufeffplain", "utf16le"), PREFILTER.undecided],
    ["starts-like-a-signature.txt", `PK${text(KiB)}`, PREFILTER.undecided],
    ["png-like.bin", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), PREFILTER.undecided],
    ["latin1.txt", Buffer.from("caf\xe9 au lait\n", "latin1"), PREFILTER.noMatch],
    ["fifo", "fifo", PREFILTER.unreadable],
    ["link-to-plain", "symlink", PREFILTER.unreadable],
    ["subdirectory", "directory", PREFILTER.unreadable],
    ["hard-linked.txt", "hardlink", PREFILTER.undecided],
    ["too-large.txt", text(2 * KiB), PREFILTER.undecided],
  ];
  for (const [name, content] of cases) {
    const path = join(directory, name);
    if (content === "fifo") Bun.spawnSync(["mkfifo", path]);
    else if (content === "symlink") symlinkSync(join(directory, "plain.txt"), path);
    else if (content === "directory") mkdirSync(path);
    else if (content === "hardlink") {
      writeFileSync(path, text(KiB));
      linkSync(path, join(directory, "hard-linked-twin"));
    } else writeFileSync(path, content);
  }

  test("each status as documented in prefilter.c", () => {
    const prefilter = nativePrefilter();
    expect(prefilter).not.toBeNull();
    const names = [...cases.map(([name]) => name), "missing.txt"];
    const encoded = { runs: [new TextEncoder().encode(needle)], anchor: 0, caseless: false };
    const statuses = decide(directory, names.slice(0, -2), encoded, 64 * 1024 * 1024);
    // The too-large case is decided with a limit below its size; missing is a name that is not there.
    const small = decide(directory, ["too-large.txt", "missing.txt"], encoded, KiB);
    const got = Object.fromEntries(
      names.map((name, index) => [
        name,
        index < names.length - 2 ? statuses[index] : small[index - (names.length - 2)],
      ]),
    );
    const expected = Object.fromEntries([
      ...cases.map(([name, , status]) => [name, status]),
      ["missing.txt", PREFILTER.unreadable],
    ]);
    expect(got).toEqual(expected);
  });

  test("a directory not exactly at its walked path is not used: nothing decided, nothing opened", () => {
    const encoded = { runs: [new TextEncoder().encode(needle)], anchor: 0, caseless: false };
    symlinkSync(directory, join(temp, "kinds-alias"));
    symlinkSync(temp, join(temp, "temp-alias"));
    for (const path of [
      join(temp, "kinds-alias"),
      join(temp, "temp-alias", "kinds"),
      join(directory, "plain.txt"),
    ])
      expect(nativePrefilter()!.decide(path, ["plain.txt"], encoded, 1 << 20)).toBeUndefined();
  });

  test("needles it does not take leave every file undecided", () => {
    const prefilter = nativePrefilter()!;
    const a = new Uint8Array([97]);
    const bads = [
      { runs: [], anchor: 0, caseless: false },
      { runs: [new Uint8Array(0)], anchor: 0, caseless: false },
      { runs: [new Uint8Array(5000).fill(97)], anchor: 0, caseless: false },
      { runs: [a, a], anchor: 2, caseless: false },
      { runs: Array.from({ length: 33 }, () => a), anchor: 0, caseless: false },
    ];
    for (const bad of bads)
      expect(prefilter.decide(directory, ["plain.txt", "nul-early.bin"], bad, 1 << 20)).toBeUndefined();
  });
});

describe.skipIf(!supported)("runs in order on one line", () => {
  const directory = join(temp, "ordered");
  mkdirSync(directory);
  const long = "z".repeat(300 * 1024);
  const files: Array<[string, string, number]> = [
    ["same-line.js", "let a;\nfunction fooError() {}\n", PREFILTER.undecided],
    ["adjacent.js", "functionError\n", PREFILTER.undecided],
    ["other-lines.js", "function foo() {}\nthrow new Error();\n", PREFILTER.noMatch],
    ["wrong-order.js", "new Error(); function foo() {}\n", PREFILTER.noMatch],
    ["no-final-newline.js", "x\nfunction aError", PREFILTER.undecided],
    ["split-across-reads.js", `${"w\n".repeat(100 * 1024)}function fooError\n`, PREFILTER.undecided],
    ["long-line-without.js", `function a\n${long}\n`, PREFILTER.noMatch],
    ["long-line-then-anchor.js", `${long}\nError\n`, PREFILTER.undecided],
    ["long-line-holding-anchor.js", `${long}Error${long}`, PREFILTER.undecided],
  ];
  for (const [name, content] of files) writeFileSync(join(directory, name), content);

  test("a file holds a match only where one line holds every run in order", () => {
    const { runs } = regexRuns(String.raw`function\s+\w+Error`, false);
    expect(runs.runs.map((run) => Buffer.from(run).toString())).toEqual(["function", "Error"]);
    expectStatuses(directory, files, runs);
  });
});

describe.skipIf(!supported)("a run found by its rarest byte", () => {
  const directory = join(temp, "rarest-byte");
  mkdirSync(directory);
  // "getTokenPosOfNode(" is looked for by its "P" (offset 8), "needle" by its "d" (offset 3).
  const files: Array<[string, string, number]> = [
    ["at-start.ts", "getTokenPosOfNode(x)\nrest\n", PREFILTER.undecided],
    ["at-end.ts", "x\ny = getTokenPosOfNode(", PREFILTER.undecided],
    ["cut-at-end.ts", "x\ny = getTokenPosOfNod", PREFILTER.noMatch],
    ["rare-byte-first.ts", "x\nPosOfNode(\n", PREFILTER.noMatch],
    ["rare-byte-everywhere.ts", `x${"P".repeat(200 * 1024)}\n`, PREFILTER.noMatch],
    // Misses pile up (a "P" every other byte): the rest is left to memmem, which must still find the run.
    ["rare-byte-then-run.ts", `x${"aP".repeat(100 * 1024)}getTokenPosOfNode(\n`, PREFILTER.undecided],
    [
      "rare-byte-then-run-on-a-boundary.ts",
      `x${"P".repeat(64 * 1024 - 4)}getTokenPosOfNode(\n`,
      PREFILTER.undecided,
    ],
  ];
  for (const [name, content] of files) writeFileSync(join(directory, name), content);

  test("finds the run wherever it stands, also after the rare byte proved common", () => {
    const runs: RequiredRunBytes = { runs: [Buffer.from("getTokenPosOfNode(")], anchor: 0, caseless: false };
    expectStatuses(directory, files, runs);
  });

  test("the rarest byte is the first of the least common characters", () => {
    expect(rarestByteOf(Buffer.from("getTokenPosOfNode("))).toBe(5); // k: rarer in code than P, O or N
    expect(rarestByteOf(Buffer.from("Ah"))).toBe(1); // h: an uppercase letter is not always the rarer (A 1.08 %)
    expect(rarestByteOf(Buffer.from("needle"))).toBe(3);
    expect(rarestByteOf(Buffer.from("function"))).toBe(0);
    expect(rarestByteOf(Buffer.from("x"))).toBe(0);
  });
});

describe.skipIf(!supported)("the byte beside the rare one, checked before the whole run", () => {
  const directory = join(temp, "beside-rare");
  mkdirSync(directory);
  const kelvin = "\u212a";
  const longS = "\u017f";
  /** `files` in a folder of their own, decided with `runs` (caseless when the run is lowercase). */
  function expectRun(run: string, caseless: boolean, files: Array<[string, string, number]>) {
    const folder = join(directory, run);
    mkdirSync(folder);
    for (const [name, content] of files) writeFileSync(join(folder, name), content);
    expectStatuses(folder, files, { runs: [Buffer.from(run)], anchor: 0, caseless });
  }
  const { undecided, noMatch } = PREFILTER;

  test("a caseless run checks the byte after its rare byte in either case", () => {
    // "pm_resume" is looked for by its u (offset 6), then its m.
    expect(rarestByteOf(Buffer.from("pm_resume"), true)).toBe(6);
    expectRun("pm_resume", true, [
      ["upper.c", "x PM_RESUME y\n", undecided],
      ["mixed.c", "pm_reSUMe\n", undecided],
      ["long-s.c", `PM_RE${longS}UME\n`, undecided],
      ["u-then-other.c", "pm_resuNe pm_rexUme\n", noMatch],
      ["u-at-the-end.c", "pm_resu", noMatch],
    ]);
  });

  test("a caseless run whose rare byte is last checks the byte before it", () => {
    expect(rarestByteOf(Buffer.from("sub"), true)).toBe(2);
    expectRun("sub", true, [
      ["upper.c", "SUB\n", undecided],
      ["long-s.c", `${longS}uB\n`, undecided],
      ["gap.c", "su b\nb\n", noMatch],
    ]);
  });

  test("a caseless rare byte between a k and an s is compared outwards with no byte checked first", () => {
    expect(rarestByteOf(Buffer.from("kys"), true)).toBe(1);
    expectRun("kys", true, [
      ["wide.c", `${kelvin}Y${longS}\n`, undecided],
      ["plain.c", "KyS\n", undecided],
      ["other.c", "kyx xys\n", noMatch],
    ]);
  });

  test("an exact run checks the byte beside its rare byte, after it or (rare byte last) before it", () => {
    expectRun("Ah", false, [
      ["hit.c", "xAh\n", undecided],
      ["other-case.c", "AH hA\n", noMatch],
    ]);
    expect(rarestByteOf(Buffer.from("xQ"))).toBe(1);
    expectRun("xQ", false, [
      ["hit.c", "aQ xQ\n", undecided],
      ["other.c", "aQ XQ Q\n", noMatch],
    ]);
  });
});

/** Pieces a file is made of: every kind of byte the decisions depend on, in runs long enough to cross reads. */
const piece = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      "let x = 1;\n",
      "return value;\r\n",
      "  // comment\n",
      "\n",
      "é ü\n",
      "Needle",
      "NeEdLe ",
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "needle",
      "NEEDLE",
      "need",
      "le\n",
      "Error",
      "function  fooError ",
      "function x",
      // UTF-8 of U+212A KELVIN SIGN, a, U+017F LONG S, k: "kask" case-insensitively; then LONG S around needle.
      "\xe2\x84\xaaa\xc5\xbfk",
      "\xc5\xbfneedle\xc5\xbf",
      // The wide foldings at a run's start, middle and end, cut short, or next to a run; their neighbours U+212B
      // (E2 84 AB) and U+017E (C5 BE), which fold to no ASCII letter.
      "\xe2\x84\xaaA\xc5\xbf",
      "\xc5\xbfNEEDLE",
      "NEEDLE\xc5\xbf",
      "\xe2\x84",
      "\xc5",
      "\xe2\x84\xab",
      "\xc5\xbe",
      "Ka",
      "sK",
      "s\xe2\x84\xaaIP",
    ),
  },
  // A line longer than the prefilter's buffer (past it, only the run looked for first is required).
  { weight: 1, arbitrary: fc.constant("y".repeat(300 * 1024)) },
  { weight: 1, arbitrary: fc.constantFrom("\0", "\xff\xfe", "\xfe\xff", "PK", "\xe9", "\x89PNG") },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 90 }).map((kib) => "x".repeat(kib * 1024 - 1) + "\n") },
  // The rarest byte of "needle" ("d") and of "NEEDLE" ("N") again and again: the search switches to memmem.
  { weight: 1, arbitrary: fc.constantFrom("d".repeat(5000), "Nd".repeat(3000), "neeDle".repeat(500)) },
);
const fileContent = fc
  .array(piece, { maxLength: 24 })
  .map((pieces) => Buffer.from(pieces.join(""), "latin1"));
/**
 * A plain text file (no NUL, no BOM or signature lead, lines shorter than the buffer) is decided by caseless runs
 * exactly: no match where no line holds them as tests/support/caseless-bytes.ts reads them, else left undecided.
 */
function expectExactCaseless(content: Buffer, required: RequiredRunBytes, status: number) {
  const plain =
    !content.includes(0) &&
    !(content.length > 0 && SIGNATURE_LEADS[content[0]!]) &&
    !(content[0] === 0xff && content[1] === 0xfe) &&
    !(content[0] === 0xfe && content[1] === 0xff) &&
    content
      .toString("latin1")
      .split("\n")
      .every((line) => line.length < 200 * 1024);
  if (!plain) return;
  const runs = required.runs.map((run) => Buffer.from(run).toString("latin1"));
  const holds = someLineHolds(content, runs, !!required.anyOf);
  expect(status).toBe(holds ? PREFILTER.undecided : PREFILTER.noMatch);
}

const matcherSpec = fc.constantFrom<MatcherSpec>(
  { pattern: "needle", literal: true, ignoreCase: false },
  { pattern: "NEEDLE", literal: true, ignoreCase: false },
  { pattern: "le\nx", literal: true, ignoreCase: false },
  { pattern: String.raw`function\s+\w+Error`, literal: false, ignoreCase: false },
  { pattern: "ne+dle", literal: false, ignoreCase: false },
  { pattern: "need.*le", literal: false, ignoreCase: false },
  { pattern: "le.*need", literal: false, ignoreCase: false },
  { pattern: String.raw`Error\s*\w*function`, literal: false, ignoreCase: false },
  { pattern: "needle", literal: true, ignoreCase: true },
  { pattern: "NEEDLE", literal: false, ignoreCase: true },
  { pattern: String.raw`FUNCTION\s+\w+error`, literal: false, ignoreCase: true },
  // k and s also match U+212A KELVIN SIGN and U+017F LONG S case-insensitively (the pieces hold both).
  { pattern: "kask", literal: true, ignoreCase: true },
  { pattern: "Sneedles", literal: false, ignoreCase: true },
  { pattern: "skip", literal: true, ignoreCase: true },
  { pattern: "need.*KAS", literal: false, ignoreCase: true },
  { pattern: "needle|ask", literal: false, ignoreCase: true },
);

describe.skipIf(!supported)("runs of a case-insensitive pattern", () => {
  const directory = join(temp, "caseless");
  mkdirSync(directory);
  const files: Array<[string, string, number]> = [
    ["mixed-case.js", "x\nFunction fooERROR() {}\n", PREFILTER.undecided],
    ["other-lines.js", "FUNCTION foo\nERROR\n", PREFILTER.noMatch],
    ["wrong-order.js", "eRRoR FuNcTiOn\n", PREFILTER.noMatch],
    ["interleaved-cases.js", `${"fFuUnN".repeat(5000)}\nfUnCtIoN aErRoR\n`, PREFILTER.undecided],
  ];
  for (const [name, content] of files) writeFileSync(join(directory, name), content);

  test("are lowercased and found in either ASCII case", () => {
    const { matcher, runs } = regexRuns(String.raw`FUNCTION\s+\w+error`, true);
    expect(matcher.required).toBeUndefined();
    expect(runs.caseless).toBe(true);
    expect(runs.runs.map((run) => Buffer.from(run).toString())).toEqual(["function", "error"]);
    expectStatuses(directory, files, runs);
    const kelvin = compileMatcher({ pattern: "skipped tasks", literal: true, ignoreCase: true });
    if (!kelvin.ok || kelvin.value.kind !== "regex") throw new Error("unreachable");
    expect(kelvin.value.runs?.runs.map((run) => Buffer.from(run).toString())).toEqual(["skipped tasks"]);
  });
});

describe.skipIf(!supported)("caseless runs holding k or s", () => {
  const directory = join(temp, "wide-folds");
  mkdirSync(directory);
  const kelvin = "\u212A";
  const longS = "\u017F";
  const edge = 256 * 1024; // where the read after a buffer-long line starts (prefilter.c, anchor_anywhere)
  const wide = `${longS}${kelvin}IPPED TA${longS}${kelvin}${longS}`; // 20 bytes, 13 characters
  const files: Array<[string, string | Buffer, number]> = [
    ["plain.txt", "x\nskipped tasks\n", PREFILTER.undecided],
    ["mixed-case.txt", "x\nSkIpPeD TaSkS\n", PREFILTER.undecided],
    ["long-s-first.txt", `${longS}kipped tasks`, PREFILTER.undecided],
    ["kelvin-in-middle.txt", `x\nS${kelvin}IPPED TASKS\n`, PREFILTER.undecided],
    ["wide-at-end.txt", `x\nskipped task${longS}`, PREFILTER.undecided],
    ["all-wide.txt", `x\n${wide}\n`, PREFILTER.undecided],
    ["missing-first.txt", `x\n${kelvin}ipped tasks\n`, PREFILTER.noMatch],
    ["missing-last.txt", `x\nskipped task\n`, PREFILTER.noMatch],
    ["cut-kelvin.txt", Buffer.from("x\ns\xe2\x84ipped tasks\n", "latin1"), PREFILTER.noMatch],
    ["cut-long-s.txt", Buffer.from("x\nskipped ta\xbfks\n", "latin1"), PREFILTER.noMatch],
    ["angstrom.txt", `x\ns\u212Bipped tasks\n`, PREFILTER.noMatch],
    ["long-s-neighbour.txt", `x\nskipped task\u017E\n`, PREFILTER.noMatch],
    ["across-lines.txt", `x\nskipped\n tasks\n`, PREFILTER.noMatch],
    // Past a buffer-long line the run is looked for across reads: the bytes kept must hold its widest form.
    ...[1, 5, 10, 19].map((before): [string, string, number] => [
      `across-read-${before}.txt`,
      `${"y".repeat(edge - before)}${wide}\n`,
      PREFILTER.undecided,
    ]),
    [`long-line-cut.txt`, `${"y".repeat(edge - 10)}${wide.slice(0, -1)}\n`, PREFILTER.noMatch],
  ];
  for (const [name, content] of files) writeFileSync(join(directory, name), content);

  test("k and s are found as themselves, their other case, U+212A and U+017F, anywhere in the run", () => {
    const { runs } = regexRuns("skipped tasks", true);
    expect(rarestByteOf(runs.runs[0]!, true)).toBe(3);
    expectStatuses(directory, files, runs);
  });

  test("what the prefilter decides is what the run stands for (tests/support/caseless-bytes.ts)", () => {
    const { runs } = regexRuns("skipped tasks", true);
    for (const [name, content, status] of files) {
      if (name.startsWith("across-read") || name === "long-line-cut.txt") continue;
      const bytes = typeof content === "string" ? Buffer.from(content) : content;
      expect([name, someLineHolds(bytes, ["skipped tasks"], false)]).toEqual([
        name,
        status === PREFILTER.undecided,
      ]);
    }
  });
});

describe.skipIf(!supported)("directories opened from the search's root", () => {
  const spec = (root: string, search: number): SearchSpec => ({
    root,
    search,
    matcher: { pattern: "needle", literal: true, ignoreCase: false },
    context: 0,
    maxFileBytes: 1 << 20,
  });
  const kinds = (root: string, search: number, names: string[]) =>
    runJobs(
      names.map((name, id) => ({ id, absolute: join(root, name), keep: 5 })),
      spec(root, search),
    ).map((reply) => (reply.result.kind === "searched" ? `${reply.result.count}` : reply.result.kind));

  test("a folder on the way that is a symlink is refused: its files are not read", () => {
    const root = join(temp, "beneath");
    mkdirSync(join(root, "real"), { recursive: true });
    writeFileSync(join(root, "real", "a.txt"), "needle\n");
    symlinkSync(join(root, "real"), join(root, "link"));
    mkdirSync(join(root, "deeper"));
    symlinkSync(join(root, "real"), join(root, "deeper", "hop"));
    expect(kinds(root, 1, ["real/a.txt"])).toEqual(["1"]);
    expect(kinds(root, 1, ["deeper/hop/a.txt"])).toEqual(["unreadable"]);
  });

  test("the next search finds a root replaced by a new folder at its path (not the old one, not refused)", () => {
    const root = join(temp, "replaced-root");
    mkdirSync(join(root, "d"), { recursive: true });
    writeFileSync(join(root, "d", "old.txt"), "needle\n");
    expect(kinds(root, 1, ["d/old.txt"])).toEqual(["1"]);
    renameSync(root, join(temp, "replaced-root-before"));
    mkdirSync(join(root, "d"), { recursive: true });
    writeFileSync(join(root, "d", "new.txt"), "no\nneedle\nneedle\n");
    expect(kinds(root, 2, ["d/new.txt"])).toEqual(["2"]);
  });
});

describe.skipIf(!supported)("paths holding a NUL byte", () => {
  test("are never handed to the C code (they would name another file): searched as without the prefilter", () => {
    const directory = join(temp, "nul-paths");
    mkdirSync(directory);
    writeFileSync(join(directory, "a.txt"), "needle\n");
    const spec: SearchSpec = {
      matcher: { pattern: "needle", literal: true, ignoreCase: false },
      context: 0,
      maxFileBytes: 1 << 20,
    };
    const replies = runJobs(
      [
        { id: 0, absolute: `${directory}/a.txt\0b`, keep: 5 },
        { id: 1, absolute: `${directory}\0x/a.txt`, keep: 5 },
      ],
      spec,
    );
    expect(replies.map((reply) => reply.result.kind)).toEqual(["unreadable", "unreadable"]);
  });
});

describe.skipIf(!supported)(
  "a batch through the prefilter answers what JavaScript answers file by file",
  () => {
    test("property: random files, literal and regex needles", () => {
      const decided = { noMatch: 0, binary: 0 };
      forgetKeptRoot();
      const openBefore = readdirSync("/proc/self/fd").length;
      let round = 0;
      fc.assert(
        fc.property(
          fc.array(fileContent, { minLength: 1, maxLength: 6 }),
          matcherSpec,
          (contents, matcher) => {
            const directory = join(temp, `property-${round++}`);
            const paths = folderOfFiles(directory, contents);
            const compiled = compileMatcher(matcher);
            if (!compiled.ok) return; // "le\nx": a pattern with a line break is refused before any search
            // Every other round through the root's descriptor (beneath.c), the others by path and checked.
            const spec: SearchSpec = {
              ...(round % 2 === 0 && { root: temp, search: round }),
              matcher,
              context: 1,
              maxFileBytes: 64 * 1024 * 1024,
            };
            const required = compiled.value.runs;
            if (required)
              decide(
                directory,
                paths.map((path) => path.slice(directory.length + 1)),
                required,
                1 << 26,
              ).forEach((status, index) => {
                if (status === PREFILTER.noMatch) decided.noMatch++;
                if (status === PREFILTER.binary) decided.binary++;
                if (required.caseless) expectExactCaseless(contents[index]!, required, status);
              });
            const batch = runJobs(
              paths.map((absolute, id) => ({ id, absolute, keep: 5 })),
              spec,
            ).map((reply) => reply.result);
            // Alone, in path order, each file keeping rows for what the batch's 5 leaves (jobs.ts, FileJob.keep).
            let kept = 0;
            const alone = paths.map((path) => {
              const result = searchFile(path, {
                matcher: compiled.value,
                context: 1,
                keep: Math.max(0, 5 - kept),
                maxBytes: spec.maxFileBytes,
              });
              if (result.kind === "searched") kept += result.matches.length;
              return result;
            });
            expect(batch).toEqual(alone);
            rmSync(directory, { recursive: true });
          },
        ),
        { numRuns: 150 },
      );
      // The property saw the cases the prefilter decides on its own, not only files it leaves to JavaScript.
      expect(decided.noMatch).toBeGreaterThan(20);
      expect(decided.binary).toBeGreaterThan(3);
      // Every descriptor the prefilter left open for the JavaScript search was closed by it; the one it keeps is the
      // root's, until the next search begins.
      forgetKeptRoot();
      expect(readdirSync("/proc/self/fd").length).toBe(openBefore);
      // 150 runs take ~1 s; a busy machine (load 7) stretched them past bun's default 5 s.
    }, 60_000);
  },
);
