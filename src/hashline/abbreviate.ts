// Shared by the edit renderers: long runs of rows shown as head + `... (K more lines)` + tail,
// and windows around changes merged when they touch, so no row is printed twice.

import * as say from "./messages.ts";

/** Runs longer than this are abbreviated to ABBREVIATED_HEAD + note + ABBREVIATED_TAIL rows. */
const ABBREVIATE_OVER = 12;
export const ABBREVIATED_HEAD = 5;
export const ABBREVIATED_TAIL = 5;

/** Rows `0..count-1` rendered by `rowAt`, abbreviated when long. Skipped rows are never rendered. */
export function abbreviatedRows(count: number, rowAt: (offset: number) => string): string[] {
  const rows: string[] = [];
  if (count <= ABBREVIATE_OVER) {
    for (let offset = 0; offset < count; offset++) rows.push(rowAt(offset));
    return rows;
  }
  for (let offset = 0; offset < ABBREVIATED_HEAD; offset++) rows.push(rowAt(offset));
  rows.push(say.moreLines(count - ABBREVIATED_HEAD - ABBREVIATED_TAIL));
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

/**
 * The line numbers an answer built from `groups` shows with refs: every context line of each window, and of each
 * region's lines (`span`: its first line and count) only those an abbreviated region keeps.
 */
export function shownLinesOfWindows<T>(
  groups: readonly Window<T>[],
  span: (item: T) => { first: number; count: number },
): number[] {
  const shown: number[] = [];
  for (const group of groups) {
    let line = group.from;
    for (const item of group.items) {
      const { first, count } = span(item);
      for (; line < first; line++) shown.push(line);
      abbreviatedRows(count, (offset) => {
        shown.push(first + offset);
        return "";
      });
      line = first + count;
    }
    for (; line <= group.to; line++) shown.push(line);
  }
  return shown;
}
