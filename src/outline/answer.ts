// The outline answer of lapp_read for a loaded document: the page of rows from a line offset on, framed by its
// heading line and, when it stops early, the line naming the next page. Null when the file has no blocks.

import { rowsBudget } from "../budget/budget.ts";
import { estimateTokens } from "../budget/estimate.ts";
import { buildOutline, type OutlineEntry } from "./build.ts";
import { outlinePage } from "./render.ts";
import { outlineContinuation } from "./messages.ts";

export interface OutlineAnswer {
  text: string;
  /** Entries shown; both their start and end rows count as shown. */
  entries: OutlineEntry[];
}

/**
 * The outline of `lines` from `offset` on, within `maxOutputTokens` with `heading(entryCount)` as its first line,
 * or null when the block engine finds nothing to outline.
 */
export function outlineAnswer(
  lines: readonly string[],
  fileName: string,
  offset: number,
  maxOutputTokens: number,
  heading: (entryCount: number) => string,
): OutlineAnswer | null {
  const outline = buildOutline(lines, fileName);
  if (outline.entries.length === 0) return null;
  const head = heading(outline.entries.length);
  const budget = rowsBudget(maxOutputTokens) - estimateTokens(head);
  const page = outlinePage(lines, outline, offset, budget);
  const out = [head, ...page.rows];
  if (page.nextOffset !== null) out.push(outlineContinuation(page.nextOffset));
  return { text: out.join("\n"), entries: page.entries };
}
