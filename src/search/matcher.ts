// Turns pattern + literal + ignore_case into a line matcher with ripgrep's line semantics (pure).
// A line is the text between `\n`s, a CRLF line's `\r` included (as rg sees it), so `x$` does not match `x\r`.

import { fail, ok, type Result } from "../errors.ts";
import { invalidRegex, patternHasLineBreak } from "./messages.ts";
import { escapeLiteral, mayMatchLineBreak, multilineSource } from "./multiline.ts";
import { requiredLiteralSet } from "./literal-set.ts";
import { caselessRuns, requiredRuns } from "./required-literal.ts";
import { guardRunStart } from "./run-start.ts";
import { scanSourceOf } from "./scan-source.ts";

export interface MatcherSpec {
  pattern: string;
  literal: boolean;
  ignoreCase: boolean;
  /** Match the whole text of each file, across lines, as `rg --multiline` does (multiline.ts). */
  multiline?: boolean;
}

/**
 * `bytes`: a case-sensitive literal, searched in the file's bytes without decoding (the fast path) — except
 *   a non-ASCII literal in a file that is not UTF-8, which is matched in the Latin-1 text lapp_read shows.
 * `regex`: `scan` runs over a whole decoded text to find candidate lines fast; `line` decides each candidate.
 *   `required`: ASCII bytes every match contains (case-sensitive patterns only); a file without them is skipped.
 *   `runs`: every such run in the order a match holds them (`required` is one of them); for a case-insensitive
 *   pattern, lowercased runs that hold in either ASCII case, k and s also as U+212A and U+017F (`caseless`, and no
 *   `required`); see required-literal.ts.
 *   Where no run is certain but one of a few is (an alternation of literals), those runs with `anyOf` (and no
 *   `required`; literal-set.ts), and for a case-sensitive pattern the same set as `anyRequired`.
 *   `probe`: `line` plus an alternative that matches at every line's end, so it always matches unless the regex
 *   engine gives up (its backtracking limit, where JavaScriptCore answers "no match"); see scan.ts.
 *
 * `multiline`: `probe` runs over a file's whole text (multiline.ts), ending with an alternative that matches only at
 *   the text's end, so it answers null only when the regex engine gives up.
 *
 * Flags: Unicode mode first (case folding and `\p{…}` like ripgrep), patterns only valid without it fall back;
 * `s` on lines, so `.` matches any character of a line (a `\r` too, as in ripgrep); lines never contain `\n`.
 */
export type Matcher =
  | {
      kind: "bytes";
      needle: Uint8Array;
      literal: string;
      ascii: boolean;
      /** The needle as the one required run (an ASCII needle only; see `runs` below). */
      runs: RequiredRuns | undefined;
    }
  | {
      kind: "regex";
      scan: RegExp;
      line: RegExp;
      probe: RegExp;
      everyLine: boolean;
      required: Uint8Array | undefined;
      /** Byte runs, one of which each matching line holds (case-sensitive alternations of literals). */
      anyRequired: Uint8Array[] | undefined;
      runs: RequiredRuns | undefined;
    }
  | {
      kind: "multiline";
      probe: RegExp;
      /** No runs: the prefilter decides line by line, and a multiline match is not on one line. */
      runs: undefined;
    };

/** Runs a matching line holds: all of them in order, or (`anyOf`) one of them; `caseless`: see caselessRuns. */
export interface RequiredRuns {
  runs: Uint8Array[];
  anchor: number;
  caseless: boolean;
  anyOf: boolean;
}

/** The matchers that decide one line at a time. */
export type LineMatcher = Exclude<Matcher, { kind: "multiline" }>;

export function compileMatcher(spec: MatcherSpec): Result<Matcher> {
  // A pattern that cannot match a line break is searched line by line, multiline or not, as ripgrep does.
  if (spec.multiline) {
    const multiline = compileMultiline(spec);
    if (!multiline.ok) return multiline;
    if (multiline.value !== undefined) return ok(multiline.value);
  }
  if (/[\n]/.test(spec.pattern)) return fail("INVALID_ARGUMENTS", patternHasLineBreak());
  if (spec.literal && !spec.ignoreCase) {
    const needle = new TextEncoder().encode(spec.pattern);
    const ascii = needle.length === spec.pattern.length;
    const runs = ascii ? { runs: [needle], anchor: 0, caseless: false, anyOf: false } : undefined;
    return ok({ kind: "bytes", needle, literal: spec.pattern, ascii, runs });
  }
  const source = spec.literal ? escapeLiteral(spec.pattern) : spec.pattern;
  const flags = validFlags(spec.pattern, source, spec.ignoreCase ? "i" : "");
  if (!flags.ok) return flags;
  const base = flags.value;
  const line = new RegExp(source, `${base}s`);
  // The empty group is last, so a match whose last group took part is the end-of-line alternative.
  const probe = new RegExp(`(?:${source})|(?![\\s\\S])()`, `${base}s`);
  const scanSource = guardRunStart(source, scanSourceOf(source), base);
  let scan: RegExp;
  try {
    scan = new RegExp(scanSource, `${base}gm`);
  } catch {
    // The rewrite is an optimization; if it ever produced an invalid pattern, scanning with the original is
    // still a superset once `.` may cross lines.
    scan = new RegExp(source, `${base}gms`);
  }
  const runs = requiredRunsOf(source, spec.ignoreCase);
  // The candidate scan (scan.ts) looks for exact bytes: only a case-sensitive pattern has them.
  const exact = runs && !runs.caseless ? runs : undefined;
  const required = exact && !exact.anyOf ? exact.runs[exact.anchor] : undefined;
  const anyRequired = exact?.anyOf ? exact.runs : undefined;
  const everyLine = hasLookaround(source);
  return ok({ kind: "regex", scan, line, probe, everyLine, required, anyRequired, runs });
}

/** The runs every match holds in order, else the set one of which it holds (as bytes); undefined when neither. */
function requiredRunsOf(source: string, caseless: boolean): RequiredRuns | undefined {
  const encoder = new TextEncoder();
  const found = caseless ? caselessRuns(source) : requiredRuns(source);
  if (found)
    return {
      runs: found.runs.map((run) => encoder.encode(run)),
      anchor: found.anchor,
      caseless,
      anyOf: false,
    };
  const set = requiredLiteralSet(source, caseless);
  if (!set) return undefined;
  return { runs: set.map((run) => encoder.encode(run)), anchor: 0, caseless, anyOf: true };
}

/** The whole-text matcher, or undefined when no match can span lines (a line matcher finds the same). */
function compileMultiline(spec: MatcherSpec): Result<Matcher | undefined> {
  const source = spec.literal ? escapeLiteral(spec.pattern) : spec.pattern;
  const flags = validFlags(spec.pattern, source, spec.ignoreCase ? "i" : "");
  if (!flags.ok) return flags;
  if (!mayMatchLineBreak(source, flags.value)) return ok(undefined);
  const probe = new RegExp(`(?:${multilineSource(source)})|(?![\\s\\S])()`, `${flags.value}g`);
  return ok({ kind: "multiline", probe, runs: undefined });
}

/** `u` and the case flag when the pattern compiles in Unicode mode, else the case flag alone; else why not. */
function validFlags(pattern: string, source: string, caseFlag: string): Result<string> {
  try {
    new RegExp(source, `u${caseFlag}`);
    return ok(`u${caseFlag}`);
  } catch (unicodeError) {
    try {
      new RegExp(source, caseFlag);
      return ok(caseFlag);
    } catch (error) {
      return fail("INVALID_ARGUMENTS", invalidRegex(pattern, messageOf(error) ?? messageOf(unicodeError)));
    }
  }
}

/** Lookarounds can see past a line's ends in a whole text, so such patterns are checked on every line. */
function hasLookaround(source: string): boolean {
  return /\(\?<?[=!]/.test(source);
}

function messageOf(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}
