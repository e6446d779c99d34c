// Line diff (Myers' O(ND) greedy algorithm) turning two versions of a file into hunks of changed lines.
// Pure; the bench builds every edit strategy (lapp_edit, str_replace, apply_patch) from these hunks.

/** One maximal run of changed lines: `oldCount` lines at `oldStart` become `newCount` lines at `newStart` (0-based). */
export interface Hunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

/** Hunks that turn `oldLines` into `newLines`, in file order, never adjacent to each other. */
export function diffLines(oldLines: readonly string[], newLines: readonly string[]): Hunk[] {
  // Common prefix and suffix are cut first: real changes are small against big files.
  let prefix = 0;
  const shortest = Math.min(oldLines.length, newLines.length);
  while (prefix < shortest && oldLines[prefix] === newLines[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < shortest - prefix &&
    oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]
  )
    suffix++;
  const a = internLines(
    oldLines.slice(prefix, oldLines.length - suffix),
    newLines.slice(prefix, newLines.length - suffix),
  );
  const matched = myersMatches(a.old, a.new);
  return hunksFromMatches(matched, a.old.length, a.new.length, prefix);
}

/** Lines as small integers, so comparisons in the inner loop are cheap. */
function internLines(
  oldLines: readonly string[],
  newLines: readonly string[],
): { old: Int32Array; new: Int32Array } {
  const ids = new Map<string, number>();
  const intern = (lines: readonly string[]) =>
    Int32Array.from(lines, (line) => {
      let id = ids.get(line);
      if (id === undefined) ids.set(line, (id = ids.size));
      return id;
    });
  return { old: intern(oldLines), new: intern(newLines) };
}

/**
 * Pairs (oldIndex, newIndex) of equal lines on one shortest edit script, in order.
 * Keeps one V snapshot per edit distance d (2d+1 entries), so memory is O(D²), not O((N+M)·D).
 * Moves that would leave the grid are never taken, so every snapshot holds only real points (-1 = unreached).
 */
function myersMatches(a: Int32Array, b: Int32Array): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max === 0) return [];
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3).fill(-1);
  const trace: Int32Array[] = [];
  let finalD = -1;
  for (let d = 0; d <= max && finalD < 0; d++) {
    const previous = (k: number) => v[offset + k]!;
    for (let k = -d; k <= d; k += 2) {
      const x0 = d === 0 ? 0 : furthestStart(previous, k, n, m).x;
      if (x0 < 0) {
        v[offset + k] = -1;
        continue;
      }
      let x = x0;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x === n && y === m) {
        finalD = d;
        break;
      }
    }
    trace.push(v.slice(offset - d, offset + d + 1));
  }

  // Walk back through the snapshots: each step is one insertion or deletion plus a diagonal of matches.
  const matches: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = finalD; d > 0; d--) {
    const snapshot = trace[d - 1]!;
    const previous = (k: number) => (k >= -(d - 1) && k <= d - 1 ? snapshot[k + (d - 1)]! : -1);
    const start = furthestStart(previous, x - y, n, m);
    while (x > start.x) matches.push([--x, --y]);
    x = start.fromX;
    y = start.fromY;
  }
  while (x > 0 && y > 0) matches.push([--x, --y]);
  return matches.reverse();
}

/**
 * Where diagonal k starts at distance d: one step down from diagonal k+1 (an insertion) or right from k-1
 * (a deletion), whichever reaches further while staying inside the n×m grid; x = -1 when neither can.
 */
function furthestStart(
  previous: (k: number) => number,
  k: number,
  n: number,
  m: number,
): { x: number; fromX: number; fromY: number } {
  let best = { x: -1, fromX: -1, fromY: -1 };
  const downFrom = previous(k + 1);
  if (downFrom >= 0 && downFrom - k <= m && downFrom - k >= 0) {
    best = { x: downFrom, fromX: downFrom, fromY: downFrom - (k + 1) };
  }
  const rightFrom = previous(k - 1);
  if (rightFrom >= 0 && rightFrom + 1 <= n && rightFrom + 1 - k >= 0 && rightFrom + 1 > best.x) {
    best = { x: rightFrom + 1, fromX: rightFrom, fromY: rightFrom - (k - 1) };
  }
  return best;
}

function hunksFromMatches(matches: Array<[number, number]>, n: number, m: number, shift: number): Hunk[] {
  const hunks: Hunk[] = [];
  let oldCursor = 0;
  let newCursor = 0;
  for (const [oldIndex, newIndex] of [...matches, [n, m] as [number, number]]) {
    if (oldIndex > oldCursor || newIndex > newCursor) {
      hunks.push({
        oldStart: oldCursor + shift,
        oldCount: oldIndex - oldCursor,
        newStart: newCursor + shift,
        newCount: newIndex - newCursor,
      });
    }
    oldCursor = oldIndex + 1;
    newCursor = newIndex + 1;
  }
  return hunks;
}

/** Applies hunks (as produced by diffLines on `oldLines`) to get the new lines; the check every consumer relies on. */
export function applyHunks(
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
): string[] {
  const out: string[] = [];
  let cursor = 0;
  for (const hunk of hunks) {
    out.push(
      ...oldLines.slice(cursor, hunk.oldStart),
      ...newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount),
    );
    cursor = hunk.oldStart + hunk.oldCount;
  }
  out.push(...oldLines.slice(cursor));
  return out;
}
