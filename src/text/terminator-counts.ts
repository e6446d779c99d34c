// How many lines of a document end in each terminator, counted once per terminators array. Documents never change,
// so an array's counts hold for its life; an edit derives the new array's counts from the old ones and the lines it
// changed instead of counting a big file's 200,000 terminators again on every call (the dominant terminator and the
// check that only the last line lacks one each took such a pass). Terminators are document.ts's ("\n", "\r\n", ""),
// typed as strings here so that module can ask for counts without the two importing each other.

export interface TerminatorCounts {
  lf: number;
  crlf: number;
  /** Lines without a terminator (only the last may be one, once an edit is done). */
  none: number;
}

const counted = new WeakMap<readonly string[], TerminatorCounts>();

/** The counts of `terminators` (a copy: the caller may change it). */
export function terminatorCounts(terminators: readonly string[]): TerminatorCounts {
  let counts = counted.get(terminators);
  if (counts === undefined) {
    counts = { lf: 0, crlf: 0, none: 0 };
    for (const terminator of terminators) countIn(counts, terminator, 1);
    counted.set(terminators, counts);
  }
  return { ...counts };
}

/** Remembers counts worked out for `terminators` by whoever built it (they must be exact: nothing checks). */
export function rememberTerminatorCounts(terminators: readonly string[], counts: TerminatorCounts): void {
  counted.set(terminators, { ...counts });
}

/** The terminator new lines take: the more frequent of `\n` and `\r\n` (ties and no lines: `\n`). */
export function dominantOf(counts: TerminatorCounts): "\n" | "\r\n" {
  return counts.crlf > counts.lf ? "\r\n" : "\n";
}

/** Adds `by` (negative: removes) lines ending in `terminator` to `counts`. */
export function countIn(counts: TerminatorCounts, terminator: string, by: number): void {
  if (terminator === "\n") counts.lf += by;
  else if (terminator === "\r\n") counts.crlf += by;
  else counts.none += by;
}
