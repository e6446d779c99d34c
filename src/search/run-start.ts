// A candidate scan over a whole text (matcher.ts) only has to find every line holding a match. When the pattern
// begins with one character's class repeated without bound (`\w+\(\d+\)`, `[A-Z]+_RESUME`, `\d+\.\d+`), every
// match inside a run of that class has a twin starting where the run starts: the repetition takes the run's earlier
// characters too, and the rest of the match is the same. So the scan may start only where the class did not match
// just before (`(?<!\w)\w+\(\d+\)`). JavaScriptCore's engine otherwise tries every position of a run, and each try
// runs to the run's end and back: over the 444 MB of the Linux tree's files holding `\w+\(\d+\)` the scan took
// 3.4 s, and 1.9 s guarded.

import { scanSourceOf } from "./scan-source.ts";
import { classEnd } from "./regex-syntax.ts";

/**
 * `scanSource` (the scan form of `source`) with the guard in front when `source` begins with an atom matching one
 * character (`\w \d \s \W \D \S`, `\p{…}`, `.`, a class) and a greedy `+`, `*` or `{n,}`, and the atom's scan form
 * never matches a line break (a run then never spans lines); else `scanSource` itself.
 */
export function guardRunStart(source: string, scanSource: string, flags: string): string {
  const atom = leadingAtom(source);
  if (atom === undefined) return scanSource;
  const quantifier = /^(?:[+*]|\{\d+,\})(?!\?)/.exec(source.slice(atom.length));
  if (!quantifier) return scanSource;
  const scanAtom = scanSourceOf(atom);
  try {
    if (new RegExp(scanAtom, flags).test("\n")) return scanSource;
  } catch {
    return scanSource;
  }
  return `(?<!${scanAtom})${scanSource}`;
}

/** The atom `source` begins with, when it matches exactly one character; undefined otherwise. */
function leadingAtom(source: string): string | undefined {
  if (source.startsWith(".")) return ".";
  if (source.startsWith("[")) {
    const end = classEnd(source, 0);
    return end === -1 ? undefined : source.slice(0, end + 1);
  }
  if (/^\\[dDwWsS]/.test(source)) return source.slice(0, 2);
  return /^\\[pP]\{[^}]*\}/.exec(source)?.[0];
}
