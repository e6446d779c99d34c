// Context windows around a file's matches, merged where they touch, as groups of rows to print (pure).
// Two matches whose context overlaps or is adjacent form one group, as in grep; `--` separates groups.

import type { Row } from "./search-file.ts";

export interface GroupRow {
  row: Row;
  /** The line is one of the shown matches (else it is context). */
  isMatch: boolean;
}

/**
 * Groups of rows for `matches` (ascending line numbers) with `context` lines either side. `matching`: the lines
 * whose rows are match rows (by default `matches`; a page also marks the matches its offset skipped).
 */
export function contextGroups(
  matches: readonly number[],
  rows: readonly Row[],
  context: number,
  matching: ReadonlySet<number> = new Set(matches),
): GroupRow[][] {
  const byLine = new Map<number, Row>();
  for (const row of rows) byLine.set(row[0], row);
  const matchSet = matching;
  const groups: GroupRow[][] = [];
  let current: GroupRow[] = [];
  let lastLine = -Infinity;
  for (const match of matches) {
    const from = Math.max(1, match - context, lastLine + 1);
    if (from > lastLine + 1 && current.length > 0) {
      groups.push(current);
      current = [];
    }
    for (let line = from; line <= match + context; line++) {
      const row = byLine.get(line);
      if (!row) break; // past the end of the file
      current.push({ row, isMatch: matchSet.has(line) });
      lastLine = line;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The rows before and after one match (its own context, regardless of neighbours). */
export function matchContext(
  match: number,
  rows: readonly Row[],
  context: number,
): { before: Row[]; after: Row[] } {
  const before: Row[] = [];
  const after: Row[] = [];
  for (const row of rows) {
    const line = row[0];
    if (line >= match - context && line < match) before.push(row);
    else if (line > match && line <= match + context) after.push(row);
  }
  return { before, after };
}
