// The output budget of every answer: how many estimated tokens a tool may return, and helpers that stop a list of
// rows, or cut a finished text, where the budget ends. Tools reserve a little for their own header and footer lines.

import { estimateTokens } from "./estimate.ts";

/** Default of --max-output-tokens / LAPP_MAX_OUTPUT_TOKENS: under Claude Code's 25,000-token refusal. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 20_000;
/** Smallest budget accepted: room for a header, one long row (2,000 chars cut) and a continuation line. */
export const MIN_MAX_OUTPUT_TOKENS = 2_000;
/** Kept free for the lines a tool adds around its rows (headers, continuation hints, warnings). */
const FRAME_TOKENS = 300;

/** The estimated cost of one row in a newline-joined answer. */
export const rowTokens = (row: string): number => estimateTokens(row) + 1;

/** Counts rows as they are added, so a loop can stop before the one that would not fit. */
export class TokenBudget {
  private spent = 0;

  constructor(readonly limit: number) {}

  get used(): number {
    return this.spent;
  }

  /** Whether `row` still fits; `always` lets the first row of an answer through, so paging makes progress. */
  fits(row: string, always = false): boolean {
    return always || this.spent + rowTokens(row) <= this.limit;
  }

  /** Adds `row` if it fits (or `always`); returns whether it was added. */
  take(row: string, always = false): boolean {
    const cost = rowTokens(row);
    if (!always && this.spent + cost > this.limit) return false;
    this.spent += cost;
    return true;
  }
}

/** Rows budget of an answer whose whole budget is `maxOutputTokens` (the frame kept free). */
export const rowsBudget = (maxOutputTokens: number): number => Math.max(1, maxOutputTokens - FRAME_TOKENS);

/**
 * `text` whole if it fits `maxOutputTokens`, else its first lines that fit followed by `note(shownLines, totalLines)`
 * (say where the rest is). For texts built elsewhere, such as error payloads listing rows.
 */
export function clipToBudget(
  text: string,
  maxOutputTokens: number,
  note: (shownLines: number, totalLines: number) => string,
): string {
  if (estimateTokens(text) <= maxOutputTokens) return text;
  const lines = text.split("\n");
  const budget = new TokenBudget(rowsBudget(maxOutputTokens));
  let shown = 0;
  while (shown < lines.length && budget.take(lines[shown]!, shown === 0)) shown++;
  return [...lines.slice(0, shown), note(shown, lines.length)].join("\n");
}
