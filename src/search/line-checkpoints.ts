// Line numbers of matches in a file's bytes: newlines counted from the start up to each match. For big files the
// count is what a search of them costs most (~3.6 ms for the 200,000 lines of a 9 MB bundle, more than reading and
// searching it), and it is the same every time the same bytes are searched: so where every 256th line starts is
// kept per digest of the bytes (this thread's: ~800 numbers for that bundle), and counting starts from the nearest.

/**
 * Lines between kept line starts. A match's count walks half of them on average, one Buffer search per line: with
 * 4,096, the 70 matches a regex found in typescript.js still cost ~1.4 ms of counting per search, with 256 ~0.1 ms.
 */
const STEP = 256;
/** Files whose line starts are kept, least recently used dropped first (each ~8 bytes per STEP lines). */
const KEEP_FILES = 64;
const NEWLINE = 10;

/** Byte offset of line 1 + k × STEP at index k (as far as some count has gone), by digest of the bytes. */
const kept = new Map<string, number[]>();

/**
 * The line number of each match: `anchors[i]` is the byte offset of a line start (ascending) and `lines[i]` the
 * match's line counted from it (1 = that line). `digest` names the bytes (the file's whole content, identity.ts):
 * given, the line starts found on the way are kept for the next count over the same bytes.
 */
export function lineNumbersOf(
  bytes: Buffer,
  anchors: readonly number[],
  lines: readonly number[],
  digest?: string,
): number[] {
  let starts = digest === undefined ? undefined : kept.get(digest);
  if (digest !== undefined) {
    starts ??= [0];
    kept.delete(digest);
    kept.set(digest, starts);
    if (kept.size > KEEP_FILES) kept.delete(kept.keys().next().value!);
  }
  const numbers: number[] = [];
  // `newlines` newlines lie before byte `counted`, which is a line start (or the count's end).
  let newlines = 0;
  let counted = 0;
  for (let index = 0; index < anchors.length; index++) {
    const anchor = anchors[index]!;
    if (starts !== undefined && anchor > counted) {
      // Jump to the last kept line start at or before the anchor, when it is ahead of the count.
      const nearest = lastAtOrBefore(starts, anchor);
      if (nearest * STEP > newlines) {
        newlines = nearest * STEP;
        counted = starts[nearest]!;
      }
    }
    while (counted < anchor) {
      const newline = bytes.indexOf(NEWLINE, counted);
      if (newline === -1 || newline >= anchor) break;
      newlines++;
      counted = newline + 1;
      if (starts !== undefined && newlines % STEP === 0 && newlines / STEP === starts.length)
        starts.push(counted);
    }
    numbers.push(newlines + lines[index]!);
  }
  return numbers;
}

/** Index of the last kept line start at or before `offset` (starts[0] is 0). */
function lastAtOrBefore(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
