// Shared by the edit renderers: long runs of rows shown as head + `... (K more lines)` + tail,
// and windows around changes merged when they touch, so no row is printed twice.

/** Runs longer than this are abbreviated to ABBREVIATED_HEAD + note + ABBREVIATED_TAIL rows. */
const ABBREVIATE_OVER = 12;
export const ABBREVIATED_HEAD = 5;
export const ABBREVIATED_TAIL = 5;

/** Rows `0..count-1` built by `rowAt`, abbreviated when long (`more` says how many were left out). Skipped rows are never built. */
export function abbreviatedRows<T>(
  count: number,
  rowAt: (offset: number) => T,
  more: (count: number) => T,
): T[] {
  const rows: T[] = [];
  if (count <= ABBREVIATE_OVER) {
    for (let offset = 0; offset < count; offset++) rows.push(rowAt(offset));
    return rows;
  }
  for (let offset = 0; offset < ABBREVIATED_HEAD; offset++) rows.push(rowAt(offset));
  rows.push(more(count - ABBREVIATED_HEAD - ABBREVIATED_TAIL));
  for (let offset = count - ABBREVIATED_TAIL; offset < count; offset++) rows.push(rowAt(offset));
  return rows;
}

export interface Window<T> {
  /** First and last line shown (1-based, inclusive; `to < from` when nothing fits). */
  from: number;
  to: number;
  items: T[];
}

/**
 * Groups items (in order) by their line windows, merging windows that overlap or touch: a `...`
 * between groups must always mean that lines were left out.
 */
export function mergeWindows<T>(
  items: readonly T[],
  windowOf: (item: T) => { from: number; to: number },
): Window<T>[] {
  const groups: Window<T>[] = [];
  for (const item of items) {
    const { from, to } = windowOf(item);
    const last = groups.at(-1);
    if (last && from <= last.to + 1) {
      last.to = Math.max(last.to, to);
      last.items.push(item);
    } else {
      groups.push({ from, to, items: [item] });
    }
  }
  return groups;
}
