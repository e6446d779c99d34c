// Literal sets (pure): when no single run of text is certain but every match must hold one of a few runs of plain
// ASCII — a top-level alternation of literals, or a required group holding one, with a common prefix or suffix
// around it — those runs, one per alternative, as ripgrep's multi-literal prefilter takes them. A line holding none
// of them cannot match. Conservative like required-literal.ts: an alternative without a certain run gives up.

import { pastEscapeOrClass } from "./regex-syntax.ts";
import { afterQuantifier, caselessRuns, groupEnd, requiredRuns } from "./required-literal.ts";

/** More alternatives than this are left to the regex (each one costs the prefilter another pass over the bytes). */
const MAX_LITERALS = 16;

/**
 * Runs of ASCII, one of which every match holds (for `caseless`, lowercased, in either ASCII case: see
 * caselessRuns), or undefined when the pattern is no alternation whose every branch has one, or has too many.
 * Meant for patterns requiredRuns finds nothing certain in.
 */
export function requiredLiteralSet(source: string, caseless: boolean): string[] | undefined {
  const found = setOf(source, caseless, 0);
  if (!found) return undefined;
  // A run holding another is found wherever that one is: the shorter alone decides (and a repeat once).
  const unique = [...new Set(found)];
  const kept = unique.filter((run) => !unique.some((other) => other !== run && run.includes(other)));
  return kept.length <= MAX_LITERALS ? kept : undefined;
}

/** Deeper nesting than this gives up (a pattern is short; this only bounds the work on a hostile one). */
const MAX_DEPTH = 8;

function setOf(source: string, caseless: boolean, depth: number): string[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const alternatives = topLevelAlternatives(source);
  if (!alternatives) return undefined;
  if (alternatives.length > 1) {
    const set: string[] = [];
    for (const alternative of alternatives) {
      const found = setOf(alternative, caseless, depth + 1);
      if (!found) return undefined;
      set.push(...found);
      if (set.length > MAX_LITERALS * 2) return undefined;
    }
    return set;
  }
  // One sequence: its own certain run, else the set of a group every match of the sequence goes through.
  const runs = caseless ? caselessRuns(source) : requiredRuns(source);
  if (runs) return [runs.runs[runs.anchor]!];
  for (const body of requiredGroupBodies(source)) {
    const found = setOf(body, caseless, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The pattern split at its top-level `|`s (outside groups, classes and escapes); undefined if it does not parse. */
export function topLevelAlternatives(source: string): string[] | undefined {
  const alternatives: string[] = [];
  let start = 0;
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const past = pastEscapeOrClass(source, index);
    if (past === -1) return undefined;
    if (past !== undefined) {
      index = past;
    } else if (char === "(") {
      const close = groupEnd(source, index);
      if (close === -1) return undefined;
      index = close + 1;
    } else if (char === "|") {
      alternatives.push(source.slice(start, index));
      start = index + 1;
      index++;
    } else {
      index++;
    }
  }
  alternatives.push(source.slice(start));
  return alternatives;
}

/**
 * The bodies of the top-level groups of a sequence that every match passes through: capturing, non-capturing and
 * named groups not made optional by a quantifier. Lookarounds (they match no text) and modifier groups (`(?i:…)`
 * changes how the body matches) are not among them.
 */
function requiredGroupBodies(source: string): string[] {
  const bodies: string[] = [];
  let index = 0;
  while (index < source.length) {
    const past = pastEscapeOrClass(source, index);
    if (past === -1) return bodies;
    if (past !== undefined) {
      index = past;
      continue;
    }
    if (source[index] !== "(") {
      index++;
      continue;
    }
    const close = groupEnd(source, index);
    if (close === -1) return bodies;
    const bodyStart = groupBodyStart(source, index);
    const quantifier = afterQuantifier(source, close + 1);
    if (bodyStart !== undefined && quantifier.kind !== "optional")
      bodies.push(source.slice(bodyStart, close));
    index = quantifier.end;
  }
  return bodies;
}

/** Where the body of the group opened at `open` starts, for the kinds that match their body as it is written. */
function groupBodyStart(source: string, open: number): number | undefined {
  if (source[open + 1] !== "?") return open + 1;
  if (source[open + 2] === ":") return open + 3;
  if (source[open + 2] === "<" && /[A-Za-z_$]/.test(source[open + 3] ?? "")) {
    const close = source.indexOf(">", open);
    return close === -1 ? undefined : close + 1;
  }
  return undefined;
}
