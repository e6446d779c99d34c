// One page of an outline: which entries are shown (the essential ones, then children of the largest blocks while
// the budget allows) and the rows `START#ID..END#ID kind name`, two spaces per level, from a line offset on.

import { rowTokens } from "../budget/budget.ts";
import { refOf } from "../hashline/hash.ts";
import type { Outline, OutlineEntry, OutlineScan } from "./build.ts";

export interface OutlinePage {
  rows: string[];
  /** The entries behind `rows`, in the same order (their start and end lines count as shown). */
  entries: OutlineEntry[];
  /** Where the next page starts (a line number), or null when this page ends the outline. */
  nextOffset: number | null;
}

function outlineRow(lines: readonly string[], entry: OutlineEntry): string {
  const start = refOf(entry.start, lines[entry.start - 1]!);
  const end = refOf(entry.end, lines[entry.end - 1]!);
  const label = entry.name === "" ? entry.kind : `${entry.kind} ${entry.name}`;
  return `${"  ".repeat(entry.depth)}${start}..${end} ${label}`;
}

/** The entries an outline shows within `budget` tokens for the whole outline (more than one page when it must). */
function selectShown(
  outline: Outline,
  cost: (entry: OutlineEntry) => number,
  budget: number,
): Set<OutlineEntry> {
  const shown = new Set<OutlineEntry>();
  let spent = 0;
  // Once the essential entries alone pass the budget they are all the outline shows, and the rest of them need no
  // cost: a bundle's ~10,000 essential rows are made only as far as its first page.
  const addEssential = (entries: readonly OutlineEntry[]) => {
    for (const entry of entries) {
      if (!entry.essential) continue;
      shown.add(entry);
      if (spent <= budget) spent += cost(entry);
      addEssential(entry.children);
    }
  };
  addEssential(outline.roots);
  if (spent > budget) return shown;

  // Open the largest blocks first: a bundle's one big wrapper, a class with most of the file.
  const size = (entry: OutlineEntry) => entry.end - entry.start;
  const open = [...shown].filter((entry) => entry.children.some((child) => !shown.has(child)));
  open.sort((a, b) => size(b) - size(a) || a.start - b.start);
  while (open.length > 0) {
    const entry = open.shift()!;
    const hidden = entry.children.filter((child) => !shown.has(child));
    const extra = hidden.reduce((sum, child) => sum + cost(child), 0);
    if (spent + extra > budget) continue;
    spent += extra;
    for (const child of hidden) {
      shown.add(child);
      if (child.children.length > 0) insertBySize(open, child, size);
    }
  }
  return shown;
}

function insertBySize(
  queue: OutlineEntry[],
  entry: OutlineEntry,
  size: (entry: OutlineEntry) => number,
): void {
  let low = 0;
  let high = queue.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const other = queue[middle]!;
    if (size(other) > size(entry) || (size(other) === size(entry) && other.start < entry.start))
      low = middle + 1;
    else high = middle;
  }
  queue.splice(low, 0, entry);
}

/**
 * What paging an outline computes that does not depend on the page: each entry's row and its cost, and the entries
 * shown for a budget. Kept with the outline (weakly: it goes when the outline goes), so a kept outline (the
 * session's analysis of a version) is paged without making every row again: typescript.js has ~10,000 essential
 * entries, and making their rows took ~30 ms a page. Rows are a function of the lines the outline was built from.
 */
interface Rendering {
  rows: Map<OutlineEntry, string>;
  costs: Map<OutlineEntry, number>;
  shown: Map<number, Set<OutlineEntry>>;
}

const renderings = new WeakMap<Outline, Rendering>();

/** The rows of the outline from line `offset` on, at most `budget` estimated tokens (one row at least). */
export function outlinePage(
  lines: readonly string[],
  outline: Outline,
  offset: number,
  budget: number,
): OutlinePage {
  let rendering = renderings.get(outline);
  if (rendering === undefined) {
    rendering = { rows: new Map(), costs: new Map(), shown: new Map() };
    renderings.set(outline, rendering);
  }
  const { rows, costs } = rendering;
  const rowOf = (entry: OutlineEntry) => {
    let row = rows.get(entry);
    if (row === undefined) rows.set(entry, (row = outlineRow(lines, entry)));
    return row;
  };
  const cost = (entry: OutlineEntry) => {
    let tokens = costs.get(entry);
    if (tokens === undefined) costs.set(entry, (tokens = rowTokens(rowOf(entry))));
    return tokens;
  };
  let shown = rendering.shown.get(budget);
  if (shown === undefined) rendering.shown.set(budget, (shown = selectShown(outline, cost, budget)));
  return fillPage(shownFrom(outline.entries, shown, offset), rowOf, cost, budget);
}

function* shownFrom(
  entries: readonly OutlineEntry[],
  shown: Set<OutlineEntry>,
  offset: number,
): Generator<OutlineEntry> {
  for (const entry of entries) if (shown.has(entry) && entry.start >= offset) yield entry;
}

/** Rows of `entries`, in order, until the next would pass `budget` (one row at least); that one is `nextOffset`. */
function fillPage(
  entries: Iterable<OutlineEntry>,
  rowOf: (entry: OutlineEntry) => string,
  cost: (entry: OutlineEntry) => number,
  budget: number,
): OutlinePage {
  const page: OutlinePage = { rows: [], entries: [], nextOffset: null };
  let spent = 0;
  for (const entry of entries) {
    const entryCost = cost(entry);
    if (page.rows.length > 0 && spent + entryCost > budget) {
      page.nextOffset = entry.start;
      break;
    }
    page.rows.push(rowOf(entry));
    page.entries.push(entry);
    spent += entryCost;
  }
  return page;
}

/**
 * The first page of an outline whose scan is still running, when its essential entries alone cost more than
 * `budget`: an outline shows only those then (selectShown), in line order, so the page ends at the first one that
 * does not fit — and a big file's first page needs only the lines its rows reach (typescript.js: 8,715 of 200,276).
 * Null when the scan ends first: the whole outline then decides what its page shows.
 */
export function firstPageOfScan(
  lines: readonly string[],
  scan: OutlineScan,
  budget: number,
): OutlinePage | null {
  const rows = new Map<OutlineEntry, string>();
  const rowOf = (entry: OutlineEntry) => {
    let row = rows.get(entry);
    if (row === undefined) rows.set(entry, (row = outlineRow(lines, entry)));
    return row;
  };
  const page = fillPage(essentialsOf(scan), rowOf, (entry) => rowTokens(rowOf(entry)), budget);
  return page.nextOffset === null ? null : page;
}

function* essentialsOf(scan: OutlineScan): Generator<OutlineEntry> {
  for (let entry = scan.next(); entry !== null; entry = scan.next()) if (entry.essential) yield entry;
}
