// An answer as the tools build it (its shapes: answer-items.ts): items of text, each saying which lines of which file
// it shows with their refs. The output budget cuts the items (budget/clip-answer.ts), the edit session records the
// lines the kept items show — the one place that decides what the model saw — and only then is the answer rendered
// as text. Here rows are made and answers rendered.

import type { Answer, AnswerItem, RowSource, ShownLine } from "../answer-items.ts";
import { formatContextRow, formatMarkedRow, formatRow } from "./format.ts";

export type { Answer, AnswerItem, RowSource, ShownLine } from "../answer-items.ts";

/** Text that shows no ref (or none the model could use). */
export const prose = (text: string, keep = false): AnswerItem => (keep ? { text, keep } : { text });

/** Text that names refs of `shows` (a heading naming a block's first and last line, a pointer to a fresh ref). */
export const naming = (text: string, shows: readonly ShownLine[], keep = false): AnswerItem =>
  keep ? { text, shows, keep } : { text, shows };

export type RowStyle = "line" | "context" | "marked" | "unmarked";

/** One row: `N#ID:text` (line), `N#ID-text` (context), `>>> N#ID:text` (marked) or `    N#ID:text`. */
export function row(line: number, text: string, style: RowStyle = "line", source?: RowSource): AnswerItem {
  const rendered =
    style === "line"
      ? formatRow(line, text)
      : style === "context"
        ? formatContextRow(line, text)
        : formatMarkedRow(line, text, style === "marked");
  return { text: rendered, shows: [source === undefined ? { line, text } : { line, text, source }] };
}

/** Rows `from..to` of `lines` in one style. */
export function rows(
  lines: readonly string[],
  from: number,
  to: number,
  style: RowStyle = "line",
): AnswerItem[] {
  const items: AnswerItem[] = [];
  for (let line = Math.max(1, from); line <= Math.min(to, lines.length); line++)
    items.push(row(line, lines[line - 1]!, style));
  return items;
}

export function renderAnswer(
  answer: Answer,
  items: readonly AnswerItem[] = answer.items,
  cut = false,
): string {
  return answer.render ? answer.render(items, cut) : items.map((item) => item.text).join("\n");
}

/** Every line the items show. */
export function shownLinesOf(items: readonly AnswerItem[]): ShownLine[] {
  return items.flatMap((item) => item.shows ?? []);
}
