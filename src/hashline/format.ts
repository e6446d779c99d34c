// Display rows of the hashline format: `N#ID:text` (a line), `N#ID-text` (a context line), `>>> ` marks.
// Long lines are shown cut, but the ref is always computed from the full text so it stays valid.

import { MAX_LINE_CHARS } from "../limits.ts";
import { refOf } from "./hash.ts";

/** Lines longer than this are shown cut (docs/format.md, "Rows"). */
export const MAX_DISPLAY_CHARS = MAX_LINE_CHARS;

/** Separator between ref and text: `:` for lines that matter, `-` for surrounding context (like grep). */
export type RowKind = "line" | "context";

/** The text as shown: at most MAX_DISPLAY_CHARS code units, then `… [+K chars]` naming what was left out. */
export function displayText(text: string): string {
  if (text.length <= MAX_DISPLAY_CHARS) return text;
  let cut = MAX_DISPLAY_CHARS;
  // Never split a surrogate pair: a lone half would show as garbage.
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${text.slice(0, cut)}… [+${text.length - cut} chars]`;
}

/** `N#ID:text` — the row a model copies refs from. */
export function formatRow(lineNumber: number, text: string): string {
  return `${refOf(lineNumber, text)}:${displayText(text)}`;
}

/** `N#ID-text` — a context row (grep context, edit-result context); its ref is just as valid. */
export function formatContextRow(lineNumber: number, text: string): string {
  return `${refOf(lineNumber, text)}-${displayText(text)}`;
}

const MARK = ">>> ";
const NO_MARK = "    ";

/** A row of the repair payload: 4-space indent, or `>>> ` when `marked` (the line that changed). */
export function formatMarkedRow(lineNumber: number, text: string, marked: boolean): string {
  return (marked ? MARK : NO_MARK) + formatRow(lineNumber, text);
}

/**
 * Rows `firstLine..lastLine` (1-based, inclusive, clamped to the document) of `lines`, joined by `\n`.
 * `kind` chooses the separator; the default is a plain `N#ID:text` row.
 */
export function renderRows(
  lines: readonly string[],
  firstLine: number,
  lastLine: number,
  kind: RowKind = "line",
): string {
  const rows: string[] = [];
  const from = Math.max(1, firstLine);
  const to = Math.min(lines.length, lastLine);
  for (let lineNumber = from; lineNumber <= to; lineNumber++) {
    const text = lines[lineNumber - 1]!;
    rows.push(kind === "line" ? formatRow(lineNumber, text) : formatContextRow(lineNumber, text));
  }
  return rows.join("\n");
}
