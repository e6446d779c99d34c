// One page of a read: rows from `offset`, stopping at `limit` lines, at the byte cap or at the token budget,
// whichever comes first. Pure; the caller adds the continuation hint and headers.

import { rowTokens } from "../budget/budget.ts";
import { formatRow } from "./format.ts";

/** Where a page stops: bytes of output, and (optionally) estimated tokens of its rows. */
export interface PageBudget {
  bytes: number;
  tokens?: number;
}

export interface Page {
  rows: string[];
  firstLine: number;
  /** Last line shown (firstLine - 1 when nothing fits, which cannot happen for offset ≤ line count). */
  lastLine: number;
  totalLines: number;
}

export function readPage(
  lines: readonly string[],
  offset: number,
  limit: number,
  budget: number | PageBudget,
  lineNumberBase = 1,
): Page {
  const { bytes: maxBytes, tokens: maxTokens = Number.POSITIVE_INFINITY } =
    typeof budget === "number" ? { bytes: budget } : budget;
  const rows: string[] = [];
  let bytes = 0;
  let tokens = 0;
  const startIndex = offset - lineNumberBase;
  const endIndex = Math.min(lines.length, startIndex + limit);
  let index = startIndex;
  for (; index < endIndex; index++) {
    const row = formatRow(index + lineNumberBase, lines[index]!);
    // Always show at least one row, so a page makes progress even when one row is huge.
    // Counted in UTF-8 bytes, as lapp_grep counts its output.
    const size = Buffer.byteLength(row) + 1;
    const cost = rowTokens(row);
    if (rows.length > 0 && (bytes + size > maxBytes || tokens + cost > maxTokens)) break;
    rows.push(row);
    bytes += size;
    tokens += cost;
  }
  // Derived from the rows, not from index arithmetic, so an absurd offset can never claim a shown line.
  return { rows, firstLine: offset, lastLine: offset + rows.length - 1, totalLines: lines.length };
}
