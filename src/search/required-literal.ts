// Runs of plain ASCII characters every match of a regex must contain, in order (pure), as ripgrep extracts them:
// a file whose bytes lack them cannot match, so it is skipped without being decoded. Conservative by construction:
// anything not understood (groups, classes, escapes, alternation) ends a run or gives up.

import { classEnd, pastEscapeOrClass } from "./regex-syntax.ts";

const SYNTAX = "\\^$.*+?()[]{}|/";
const MIN_LENGTH = 2;

/**
 * Every run of plain ASCII a match must contain, in the order a match holds them (runs of the top-level sequence,
 * none overlapping the next), and which of them the search looks for first (`anchor`, the rarest). Undefined when
 * none is certain (top-level alternation, or nothing long enough).
 */
export interface RequiredRuns {
  runs: string[];
  anchor: number;
}

/** The run a search looks for first (see `requiredRuns`); undefined when there is none. */
export function requiredLiteral(source: string): string | undefined {
  const required = requiredRuns(source);
  return required?.runs[required.anchor];
}

/**
 * ASCII letters a case-insensitive Unicode regex also matches with a non-ASCII character (their simple case
 * foldings): k with U+212A KELVIN SIGN (UTF-8 E2 84 AA), s with U+017F LATIN SMALL LETTER LONG S (C5 BF). No other
 * character folds to ASCII, so every other byte of a caseless run stands for itself or its other ASCII case.
 */
const WIDE_FOLDS = "ks";

/**
 * The runs a case-insensitive match must hold, lowercased: each holds in either ASCII case, its k and s also as
 * U+212A and U+017F (WIDE_FOLDS; the prefilter accepts those bytes there, prefilter.c find_caseless). A run is
 * found by a byte that stands for itself (any but k and s), so a run made only of k and s is left out.
 */
export function caselessRuns(source: string): RequiredRuns | undefined {
  const required = requiredRuns(source);
  if (!required) return undefined;
  const runs = required.runs
    .map((run) => run.toLowerCase())
    .filter((run) => [...run].some((char) => !WIDE_FOLDS.includes(char)));
  return runs.length === 0 ? undefined : { runs, anchor: rarest(runs, true) };
}

export function requiredRuns(source: string): RequiredRuns | undefined {
  const runs: string[] = [];
  let run = "";
  const endRun = () => {
    if (run.length >= MIN_LENGTH) runs.push(run);
    run = "";
  };
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    let literal: string | undefined;
    if (char === "\\") {
      const next = source[index + 1];
      if (next === undefined) return undefined;
      if (SYNTAX.includes(next) || next === "-") {
        literal = next;
        index += 2;
      } else {
        endRun();
        index = afterEscape(source, index);
        index = afterQuantifier(source, index).end;
        continue;
      }
    } else if (char === "|") {
      return undefined; // alternatives at the top level share no literal we can be sure of
    } else if (char === "(") {
      endRun();
      const close = groupEnd(source, index);
      if (close === -1) return undefined;
      index = afterQuantifier(source, close + 1).end;
      continue;
    } else if (char === "[") {
      endRun();
      const close = classEnd(source, index);
      if (close === -1) return undefined;
      index = afterQuantifier(source, close + 1).end;
      continue;
    } else if (char === "^" || char === "$" || char === "." || char === "*" || char === "+" || char === "?") {
      endRun();
      index = afterQuantifier(source, index + 1).end;
      continue;
    } else {
      literal = char;
      index++;
    }
    const code = literal.charCodeAt(0);
    const quantifier = afterQuantifier(source, index);
    index = quantifier.end;
    if (code > 0x7e || code < 0x20) {
      endRun();
      continue;
    }
    if (quantifier.kind === "none") {
      run += literal;
    } else if (quantifier.kind === "required") {
      run += literal;
      endRun();
    } else {
      endRun();
    }
  }
  endRun();
  return runs.length === 0 ? undefined : { runs, anchor: rarest(runs, false) };
}

/**
 * The run fewest lines should hold: the one whose rarest character is rarest in source code (as ripgrep ranks
 * its literals by their rarest byte), the longer on a tie. `function\s+\w+Error` scans for "Error", held by
 * 2.5× fewer lines of JavaScript than "function", so fewer candidate lines are decoded and tested. `caseless`: ranked
 * by the characters a run is looked for by (not k or s: see rarestByteOf).
 */
function rarest(runs: readonly string[], caseless: boolean): number {
  let best = 0;
  let bestScore = Infinity;
  runs.forEach((run, index) => {
    let score = Infinity;
    for (const char of run)
      if (!caseless || !WIDE_FOLDS.includes(char)) score = Math.min(score, commonness(char, caseless));
    if (score < bestScore || (score === bestScore && run.length > runs[best]!.length)) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

/**
 * Where the rarest byte of an ASCII run stands (the first of the rarest, by `commonness`). `caseless`: among the
 * bytes other than k and s, which may stand as several bytes in the text (WIDE_FOLDS) and so cannot be looked for
 * with memchr; -1 when there is none (caselessRuns leaves such runs out).
 */
export function rarestByteOf(run: Uint8Array, caseless = false): number {
  let best = -1;
  let bestScore = Infinity;
  for (let index = 0; index < run.length; index++) {
    const char = String.fromCharCode(run[index]!);
    if (caseless && WIDE_FOLDS.includes(char)) continue;
    const score = commonness(char, caseless);
    if (score < bestScore) {
      best = index;
      bestScore = score;
    }
  }
  return best;
}

/**
 * How common a character is in source code (higher: more common). Where case matters: its place in a list ordered
 * rarest first, one below all of them for a character the list lacks (non-ASCII, control characters but the tab).
 * `caseless`: a (lowercased) letter of a case-insensitive run stands for both its cases (caselessCommonness).
 */
function commonness(char: string, caseless = false): number {
  return caseless ? caselessCommonness(char) : commonnessInCode(char);
}

/**
 * The tab and printable ASCII characters, rarest first, by their mean share of the bytes of three corpora, measured
 * 2026-12-06: the Linux 6.1 tree (C), this repository's node_modules (.js, .ts, .mjs, .cjs) and CPython 3.11's library
 * (.py). Measured, not guessed: an uppercase letter is not always rarer than a lowercase one (A: 1.08 %, h: 0.96 %; in
 * the kernel 1.42 % against 0.69 %, so `\wAh` is looked for by h), and `_`, the tab and digits sit among the letters.
 */
const RARE_TO_COMMON = `^~$@J%?!Z+\`<j|9&7YzqQW[]X6K58V\\4{}H3>UGB#/wk2F1;OM*:vP'-DyNL=bxRSCI.)(Tgh\tEAm0fpu,dcl"_oasnirte `;

/** How common `char` is in source code: its place in RARE_TO_COMMON (higher: commoner), -1 where it is not listed. */
export function commonnessInCode(char: string): number {
  return RARE_TO_COMMON.indexOf(char);
}

/** Whether `char` is among the `count` commonest characters of code (RARE_TO_COMMON's last). */
export function isCommonInCode(char: string, count: number): boolean {
  const rank = commonnessInCode(char);
  return rank !== -1 && rank >= RARE_TO_COMMON.length - count;
}

/**
 * A coarse rank for a case-insensitive run's characters: a letter by how often it occurs in either case
 * (RARE_TO_COMMON_EITHER_CASE), between the digits and punctuation below and `_` and the commonest letters above. Kept
 * as it was when the table above came: ranked by that table's either-case shares, `pm_resume` would be looked for by
 * m (1.64 %) instead of u (1.69 %), a near tie that made the kernel's ignore-case queries 4 % slower (u is the rarer
 * in C: 1.72 % against 1.95 %; bench/results/2026-12-06-vm-xeon-ab-4.md).
 */
function caselessCommonness(char: string): number {
  if (" etaoinsr".includes(char)) return 10;
  if (char === "_") return 7.5;
  const lower = RARE_TO_COMMON_EITHER_CASE.indexOf(char);
  if (lower !== -1) return 6 + lower / RARE_TO_COMMON_EITHER_CASE.length;
  if ("().,;={}/:-\"'".includes(char)) return 5;
  if (char >= "0" && char <= "9") return 3;
  return 2;
}

/**
 * Lowercase letters other than " etaoinsr" by how often the letter occurs in either case, rarest first: measured
 * (2026-12-05) as the mean share of bytes over the three corpora above: h (1.1 %) and u (1.7 %) are rarer in either
 * case than p (2.0 %), which a case-insensitive `PM_RESUME` was looked for by (bench/results/2026-12-05-vm-xeon-casei.md).
 */
const RARE_TO_COMMON_EITHER_CASE = "jzqwkvyxbhgumfpdlc";

export type Quantifier = { kind: "none" | "required" | "optional"; end: number };

/** The quantifier starting at `index`, if any: optional (`?`, `*`, `{0,…}`) or required (`+`, `{n,…}` n ≥ 1). */
export function afterQuantifier(source: string, index: number): Quantifier {
  const char = source[index];
  let kind: Quantifier["kind"] = "none";
  let end = index;
  if (char === "?" || char === "*") {
    kind = "optional";
    end = index + 1;
  } else if (char === "+") {
    kind = "required";
    end = index + 1;
  } else if (char === "{") {
    const braces = /^\{(\d+)(,\d*)?\}/.exec(source.slice(index));
    if (!braces) return { kind: "none", end: index };
    kind = Number(braces[1]) === 0 ? "optional" : "required";
    end = index + braces[0].length;
  } else {
    return { kind, end };
  }
  if (source[end] === "?") end++; // lazy
  return { kind, end };
}

/** Index just after an escape that is not a plain character (`\d`, `\u{…}`, `\p{…}`, `\k<…>`, `\12`, …). */
function afterEscape(source: string, index: number): number {
  const kind = source[index + 1]!;
  const rest = source.slice(index + 2);
  if ((kind === "p" || kind === "P" || kind === "u") && rest.startsWith("{")) {
    const close = source.indexOf("}", index);
    return close === -1 ? source.length : close + 1;
  }
  if (kind === "u") return index + 2 + (/^[0-9a-fA-F]{4}/.test(rest) ? 4 : 0);
  if (kind === "x") return index + 2 + (/^[0-9a-fA-F]{2}/.test(rest) ? 2 : 0);
  if (kind === "c") return index + 3;
  if (kind === "k" && rest.startsWith("<")) {
    const close = source.indexOf(">", index);
    return close === -1 ? source.length : close + 1;
  }
  if (/[0-9]/.test(kind)) return index + 2 + (/^[0-9]*/.exec(rest)?.[0].length ?? 0);
  return index + 2;
}

/** Index of the `)` closing the group opened at `start`, or -1. */
export function groupEnd(source: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < source.length) {
    const past = pastEscapeOrClass(source, index);
    if (past === -1) return -1;
    if (past !== undefined) {
      index = past;
      continue;
    }
    const char = source[index]!;
    if (char === "(") depth++;
    if (char === ")" && --depth === 0) return index;
    index++;
  }
  return -1;
}
