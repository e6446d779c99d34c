// Runs looked for by a window of their bytes, 16 text positions at a time (src/search/window-scan.c, on x86_64:
// caseless runs and exact ones whose rarest byte is a lowercase letter; elsewhere they go by their rarest byte, and
// these tests check that path). The prefilter must still answer exactly what the runs stand for (caseless ones as
// tests/support/caseless-bytes.ts reads them): a file is left undecided exactly when one of its lines holds them. Files are built around the places the scan treats apart: the run at every
// position of a 16-byte block, in the last bytes a whole block cannot reach, after windows that fit without the run
// (many of them: the scan then hands over to the rarest byte), with k and s as U+212A and U+017F (where a window
// holding k or s is not used), and in lines longer than the prefilter's buffer.
import "../support/fast-check-seed.ts";
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as fc from "fast-check";
import { compileMatcher } from "../../src/search/matcher.ts";
import { PREFILTER, type RequiredRunBytes } from "../../src/search/prefilter.ts";
import { someLineHolds } from "../support/caseless-bytes.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { decide } from "../support/prefilter-decide.ts";

const supported = process.platform === "linux" && (process.arch === "x64" || process.arch === "arm64");
const temp = makeTempRoot("lapp-window-scan-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const KELVIN = "\xe2\x84\xaa"; // U+212A in UTF-8, read as Latin-1 (one character a byte)
const LONG_S = "\xc5\xbf"; // U+017F

/** The runs a search for `pattern` hands the prefilter (matcher.ts): caseless ones for an ignore-case search. */
function runsOf(pattern: string, ignoreCase = true): RequiredRunBytes {
  const compiled = compileMatcher({ pattern, literal: false, ignoreCase });
  const runs = compiled.ok ? compiled.value.runs : undefined;
  if (!runs || runs.caseless !== ignoreCase) throw new Error(`no runs for ${pattern}`);
  return runs;
}

/** Whether some line of `content` holds exact `runs` in order (none overlapping the next), or `anyOf` one of them. */
function someLineHoldsExactly(content: string, runs: readonly string[], anyOf: boolean): boolean {
  return content.split("\n").some((line) => {
    if (anyOf) return runs.some((run) => line.includes(run));
    let at = 0;
    for (const run of runs) {
      const found = line.indexOf(run, at);
      if (found === -1) return false;
      at = found + run.length;
    }
    return true;
  });
}

/**
 * Lines put first in every file: the prefilter looks through fewer bytes than 256 by the rarest byte alone
 * (find-runs.c, WINDOW_MIN_RANGE), so without them most files here would never meet the window scan.
 */
const LEAD = "0123456789\n".repeat(30);

/**
 * Each file's status against what its lines hold; files written as Latin-1 strings, one character a byte, after
 * LEAD.
 */
function expectDecidedAsHeld(folder: string, bodies: string[], runs: RequiredRunBytes) {
  const contents = bodies.map((body) => LEAD + body);
  mkdirSync(folder);
  const names = contents.map((_, index) => `f${index}.c`);
  contents.forEach((content, index) => writeFileSync(join(folder, names[index]!), content, "latin1"));
  const texts = runs.runs.map((run) => Buffer.from(run).toString("latin1"));
  const statuses = decide(folder, names, runs, 1 << 26);
  const anyOf = runs.anyOf ?? false;
  const holds = (content: string) =>
    runs.caseless
      ? someLineHolds(Buffer.from(content, "latin1"), texts, anyOf)
      : someLineHoldsExactly(content, texts, anyOf);
  const expected = contents.map((content) => (holds(content) ? PREFILTER.undecided : PREFILTER.noMatch));
  expect(statuses).toEqual(expected);
  return statuses;
}

/** `text` with each letter's case flipped where `flips` has a 1 bit (cycled), so both cases turn up anywhere. */
function recased(text: string, flips: number): string {
  return [...text]
    .map((char, index) => ((flips >> (index % 31)) & 1 ? char.toUpperCase() : char.toLowerCase()))
    .join("");
}

/** Patterns, each with whether it is searched ignoring case. */
const PATTERNS: Array<[string, boolean]> = [
  ["PM_RESUME", true], // looked for by "ume"
  ["skipped tasks", true], // k and s around the rare byte
  ["ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT", true], // four windows in one pass, "sys" holding s
  ["kys", true], // a window of k, y, s
  ["Ah", true], // a window of two bytes
  ["Ah", false], // exact, its rarest byte (h) a lowercase letter: a window of two bytes
  ["pm_resume", false], // exact, lowercase: "ume"
  ["err_sys|pme_turn_off", false], // an exact lowercase alternation: its windows in one pass
  ["ERR_SYS|pm_resume", false], // an uppercase rarest byte (found by memchr) beside a window: each run alone
];

describe.skipIf(!supported)("runs found by a window of their bytes", () => {
  test("the run at every position of a block and in the last bytes, after windows that fit without it", () => {
    let round = 0;
    for (const [pattern, ignoreCase] of PATTERNS) {
      const runs = runsOf(pattern, ignoreCase);
      const run = Buffer.from(runs.runs.at(-1)!).toString("latin1");
      const contents: string[] = [];
      for (let before = 0; before < 40; before++) {
        const pad = "x".repeat(before);
        contents.push(`${pad}${run}`, `${pad}${run}\n${pad}`); // as it is, last in the file or not
        contents.push(`${pad}${recased(run, before * 7919)}\n`); // the run then a newline
        contents.push(`${pad}${recased(run, before * 104729)}`); // the run as the file's last bytes
        contents.push(`${pad}${run.slice(0, -1)}\n${run.slice(-1)}`); // cut by a line break
        contents.push(`${pad}${run.slice(1)}`); // its first byte missing
        // Each window of the run (every two or three bytes of it) many times, then the run itself or not.
        for (let at = 0; at + 2 <= run.length; at++) {
          const piece = run.slice(at, at + 3);
          contents.push(`${pad}${piece.repeat(300)} ${before % 2 ? recased(run, before) : ""}\n`);
        }
      }
      expectDecidedAsHeld(join(temp, `block-${round++}`), contents, runs);
    }
    // Thousands of small files are written: 5 s was too little on a busy 2-core machine (5.3 s measured).
  }, 30_000);

  test("a window fitting every third byte hands over to the rarest byte, which finds a run begun before it", () => {
    // "ume" is PM_RESUME's window: after ~200 bytes of misses the search starts again by the rarest byte; a run
    // whose first bytes were passed by then is still found.
    for (const [pattern, ignoreCase, piece] of [
      ["PM_RESUME", true, "uMe"],
      ["pm_resume", false, "ume"],
    ] as const) {
      const contents: string[] = [];
      for (let before = 0; before < 16; before++)
        for (let times = 50; times < 90; times++)
          contents.push(`${"w".repeat(before)}${piece.repeat(times)}pm_resume\n`);
      const folder = join(temp, `hand-over-${pattern}`);
      const statuses = expectDecidedAsHeld(folder, contents, runsOf(pattern, ignoreCase));
      expect(statuses.every((status) => status === PREFILTER.undecided)).toBe(true);
    }
  });

  test("k and s as their wide foldings: found wherever they stand, also where a window holds them", () => {
    let round = 0;
    for (const pattern of ["skipped tasks", "kys", "ERR_SYS|LINK_REQ_RST"]) {
      const runs = runsOf(pattern);
      const contents: string[] = [];
      for (const run of runs.runs.map((bytes) => Buffer.from(bytes).toString("latin1"))) {
        const wides = [...run].map((char) => (char === "k" ? KELVIN : char === "s" ? LONG_S : char)).join("");
        for (let before = 0; before < 20; before++) {
          const pad = "y".repeat(before);
          contents.push(`${pad}${wides}\n`);
          contents.push(`${pad}${recased(wides, before)}`);
          contents.push(`${pad}${wides.slice(0, -1)}\n`); // a wide folding cut short, or the run's end missing
          // A wide folding elsewhere in the file: windows holding k or s are not used on these bytes.
          contents.push(`${pad}${LONG_S}\n${recased(run, before)}\n`);
          contents.push(`${KELVIN}${pad}\n${run.replace(/s/, "x")}\n`);
        }
      }
      expectDecidedAsHeld(join(temp, `wide-${round++}`), contents, runs);
    }
  });

  test("bytes left in the buffer by an earlier file, past a file's end, are never taken for its own", () => {
    // Files decided in a row share one buffer; each is shorter than the last and ends a few bytes before where
    // the one before it held the run, which the scan's last blocks read.
    for (const [pattern, ignoreCase] of PATTERNS) {
      const runs = runsOf(pattern, ignoreCase);
      const run = Buffer.from(runs.runs.at(-1)!).toString("latin1");
      const folder = join(temp, `stale-${pattern.replace(/\W/g, "_")}-${ignoreCase}`);
      const whole = `${"v".repeat(600)}${run}`;
      const bodies = [whole];
      // Cut before the run, or inside it (its window then fits, and the rest stands only in the earlier bytes).
      for (let cut = 1; cut < run.length + 20; cut++) bodies.push(whole.slice(0, whole.length - cut));
      const statuses = expectDecidedAsHeld(folder, bodies, runs);
      expect(statuses.slice(1).every((status) => status === PREFILTER.noMatch)).toBe(true);
    }
  });

  test("past a line longer than the buffer, the run across reads", () => {
    const runs = runsOf("PM_RESUME");
    const edge = 256 * 1024;
    // The buffer is full there: its last places are looked at one by one. (LEAD's lines are settled first: the
    // buffer then starts with the long line.)
    const befores = [1, 2, 3, 8, 12, 15, 16, 17, 18, 19, 30];
    const contents = befores.flatMap((before) => [
      `${"z".repeat(edge - before)}Pm_ReSuMe\n`,
      `${"z".repeat(edge - before)}pm_resum\n`,
      `${"z".repeat(edge - before)}${"ume".repeat(40)}\n`,
    ]);
    expectDecidedAsHeld(join(temp, "long-lines"), contents, runs);
    for (const [pattern, ignoreCase] of [
      ["ERR_SYS|PME_TURN_OFF", true],
      ["err_sys|pme_turn_off", false],
    ] as const) {
      const alternation = befores.flatMap((before) => [
        `${"z".repeat(edge - before)}pme_turn_off\n`,
        `${"z".repeat(edge - before)}err_sy\n`,
      ]);
      expectDecidedAsHeld(join(temp, `long-lines-${ignoreCase}`), alternation, runsOf(pattern, ignoreCase));
    }
  });

  test("property: random lines of run pieces, fillers and foldings, each file decided as its lines hold", () => {
    const piece = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom("x", "yy", "  ", "\n", "int a;\n", "\t", "é", "0x0Ah") },
      {
        weight: 3,
        arbitrary: fc.constantFrom("pm_", "ume", "PM_RES", "SUME", "sum", "Sys", "err_", "Ah", "AH", "ah"),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom("PM_RESUME", "pm_resume", "Err_Sys", "kys", "KYS", "skipped", "TASKS"),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(KELVIN, LONG_S, `${KELVIN}ys`, `${LONG_S}kipped ta${LONG_S}k${LONG_S}`),
      },
      { weight: 1, arbitrary: fc.constantFrom("\xe2\x84", "\xc5", "\xe2\x84\xab", "\xc5\xbe") },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 70 }).map((length) => "q".repeat(length)) },
    );
    const file = fc.array(piece, { maxLength: 40 }).map((pieces) => ` ${pieces.join("")}`);
    let round = 0;
    fc.assert(
      fc.property(
        fc.array(file, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...PATTERNS),
        (contents, [pattern, ignoreCase]) => {
          expectDecidedAsHeld(join(temp, `property-${round++}`), contents, runsOf(pattern, ignoreCase));
        },
      ),
      { numRuns: 200 },
    );
  });
});
