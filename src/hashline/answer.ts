// An answer as the tools build it: items of text, each saying which lines of which file it shows with their refs.
// The output budget cuts the items (budget/clip-answer.ts), the edit session records the lines the kept items
// show — the one place that decides what the model saw — and only then is the answer rendered as text.

import { formatContextRow, formatMarkedRow, formatRow } from "./format.ts";

/** A file whose rows an answer shows, as the session knows it; absent: the file the call is about. */
export interface RowSource {
  /** The file's real path. */
  readonly real: string;
  /** Digest of the bytes the rows were taken from (identity.ts): a search shows rows of the version it read. */
  readonly digest?: bigint;
}

/** A line of a file an answer shows with its ref: its number and full text (the ref is computed from them). */
export interface ShownLine {
  line: number;
  text: string;
  /** The ref as shown, when `text` is only the text displayed (a line cut at 2,000 characters). */
  ref?: string;
  source?: RowSource;
}

export interface AnswerItem {
  /** One or more lines of text (no trailing newline). */
  text: string;
  /** The lines this text shows with their refs. */
  shows?: readonly ShownLine[];
  /** Kept whatever the budget (a heading, the totals): its cost is set aside before any other item's. */
  keep?: boolean;
}

export interface Answer {
  items: AnswerItem[];
  /** The line put where the budget cut the items, saying where the rest is (how many items were kept). */
  cutNote?: (kept: number, total: number) => AnswerItem;
  /** The text of the kept items; by default their texts joined by newlines. */
  render?: (items: readonly AnswerItem[], cut: boolean) => string;
}

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
