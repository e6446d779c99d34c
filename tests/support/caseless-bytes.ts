// Test support: what a caseless run (required-literal.ts, caselessRuns) stands for in a file's bytes, written
// independently of the prefilter's C code: each ASCII letter in either case, k also as U+212A KELVIN SIGN and s as
// U+017F LONG S in UTF-8, any other byte as itself. Matched against bytes read as Latin-1 (one character a byte).

const WIDE: Record<string, string> = { k: "\xe2\x84\xaa", s: "\xc5\xbf" };

/** The Latin-1 regex source of one caseless run's bytes. */
function runSource(run: string): string {
  return [...run]
    .map((char) => {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      const either = lower === upper ? escape(char) : `[${lower}${upper}]`;
      return WIDE[lower] ? `(?:${either}|${WIDE[lower]})` : either;
    })
    .join("");
}

function escape(char: string): string {
  return char.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

/** A regex over one line's bytes (as Latin-1): the runs in order, none overlapping the next, or (`anyOf`) one. */
export function caselessLineRegex(runs: readonly string[], anyOf: boolean): RegExp {
  const sources = runs.map(runSource);
  return new RegExp(anyOf ? sources.join("|") : sources.join("[^\\n]*"));
}

/** Whether some line of `bytes` holds the runs (in order, or `anyOf` one of them) as caseless runs. */
export function someLineHolds(bytes: Uint8Array, runs: readonly string[], anyOf: boolean): boolean {
  const regex = caselessLineRegex(runs, anyOf);
  return Buffer.from(bytes)
    .toString("latin1")
    .split("\n")
    .some((line) => regex.test(line));
}
