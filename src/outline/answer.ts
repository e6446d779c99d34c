// The outline answer of lapp_read for a loaded document and its outline (build.ts): the page of rows from a line offset
// on, framed by its heading line and, when it stops early, the line naming the next page. Null when it has no blocks.
// Each row shows two refs: its block's first and last line.

import { rowsBudget } from "../budget/budget.ts";
import { estimateTokens } from "../budget/estimate.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { naming, prose, type Answer } from "../hashline/answer.ts";
import type { Outline, OutlineEntry } from "./build.ts";
import { outlinePage } from "./render.ts";
import { outlineContinuation } from "./messages.ts";

/**
 * `outline` (of `lines`) from `offset` on, within `maxOutputTokens` with `heading(entryCount)` as its first line,
 * or null when the block engine found nothing to outline.
 */
export function outlineAnswer(
  lines: readonly string[],
  outline: Outline,
  offset: number,
  maxOutputTokens: number,
  heading: (entryCount: number) => string,
): Answer | null {
  if (outline.entries.length === 0) return null;
  const head = heading(outline.entries.length);
  const budget = rowsBudget(maxOutputTokens) - estimateTokens(head);
  const page = outlinePage(lines, outline, offset, budget);
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
