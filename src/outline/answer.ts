// The outline answer of lapp_read for a loaded document and its outline (build.ts): the page of rows from a line offset
// on, framed by its heading line and, when it stops early, the line naming the next page. Null when it has no blocks.
// Each row shows two refs: its block's first and last line.

import { rowsBudget } from "../budget/budget.ts";
import { estimateTokens } from "../budget/estimate.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { naming, prose, type Answer } from "../hashline/answer.ts";
import type { Outline, OutlineEntry } from "./build.ts";
import { outlinePage, type OutlinePage } from "./render.ts";
import { outlineContinuation } from "./messages.ts";

/** Where an answer's outline comes from: the whole outline, or (cheaper) its first page alone. */
export interface OutlineSource {
  outline(): Outline;
  /** The first page within `budget` tokens, or null when only the whole outline can tell it. */
  firstPage(budget: number): OutlinePage | null;
}

/**
 * The outline of `lines` from `offset` on, within `maxOutputTokens` with `heading` as its first line (a function
 * when it names the number of entries), or null when the block engine found nothing to outline. A first page under
 * a fixed heading is made from as few lines as it needs (render.ts: firstPageOfScan).
 */
export function outlineAnswer(
  lines: readonly string[],
  source: OutlineSource,
  offset: number,
  maxOutputTokens: number,
  heading: string | ((entryCount: number) => string),
): Answer | null {
  if (typeof heading === "string" && offset <= 1) {
    const page = source.firstPage(rowsBudget(maxOutputTokens) - estimateTokens(heading));
    if (page !== null) return pageAnswer(lines, heading, page);
  }
  const outline = source.outline();
  if (outline.entries.length === 0) return null;
  const head = typeof heading === "string" ? heading : heading(outline.entries.length);
  const budget = rowsBudget(maxOutputTokens) - estimateTokens(head);
  return pageAnswer(lines, head, outlinePage(lines, outline, offset, budget));
}

function pageAnswer(lines: readonly string[], head: string, page: OutlinePage): Answer {
  // Both refs of a row are shown: its block's first and last line.
  const shows = (entry: OutlineEntry) => [
    { line: entry.start, text: lines[entry.start - 1]! },
    { line: entry.end, text: lines[entry.end - 1]! },
  ];
  const items = [
    prose(head, true),
    ...page.rows.map((row, index) => naming(row, shows(page.entries[index]!))),
  ];
  if (page.nextOffset !== null) items.push(prose(outlineContinuation(page.nextOffset), true));
  return { items, cutNote: (kept, total) => prose(cutAtBudget(kept, total)) };
}
