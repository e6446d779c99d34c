// The two result formats of lapp_grep (pure), built as answers (hashline/answer.ts) whose rows say which file and
// version they show: ripgrep-style text with refs, and the structured JSON text. The output budget cuts them at a
// row; the text also stops growing at MAX_OUTPUT_BYTES. The last line says when either cut it.

import type { Answer, AnswerItem, RowSource } from "../hashline/answer.ts";
import { quotePath } from "../text/quote-path.ts";
import type { FileMatches, SearchOutcome } from "./engine.ts";
import { contextGroups, matchContext } from "./groups.ts";
import { MAX_OUTPUT_BYTES } from "./limits.ts";
import { regexGaveUpNote, tooDeepNote, tooLargeNote, totalsLine, unfinishedNote } from "./messages.ts";
import type { Row } from "./search-file.ts";

export interface RenderOptions {
  context: number;
  maxResults: number;
  budgetMs: number;
  maxOutputBytes?: number;
}

/** The file and version a search's rows show. */
function sourceOf(file: FileMatches): RowSource {
  return file.digest === undefined
    ? { real: file.absolute }
    : { real: file.absolute, digest: BigInt(`0x${file.digest}`) };
}

/** One row as shown, with the line it shows (its displayed text and its ref, which names the full text). */
function rowItem(row: Row, separator: ":" | "-", source: RowSource): AnswerItem {
  const [line, ref, text] = row;
  return { text: `${ref}${separator}${text}`, shows: [{ line, text, ref, source }] };
}

/** `path` line, `N#ID:text` matches, `N#ID-text` context, `--` between groups, blank line between files, totals. */
export function textAnswer(outcome: SearchOutcome, options: RenderOptions): Answer {
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const matchItems = new WeakSet<AnswerItem>();
  const items: AnswerItem[] = [];
  let size = 0;
  let bytesCut = false;
  const add = (item: AnswerItem) => {
    items.push(item);
    size += Buffer.byteLength(item.text) + 1;
  };
  files: for (const file of outcome.files) {
    const source = sourceOf(file);
    const groups = contextGroups(file.matches, file.rows, options.context);
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index]!;
      const rows = group.map(({ row, isMatch }) => {
        const item = rowItem(row, isMatch ? ":" : "-", source);
        if (isMatch) matchItems.add(item);
        return item;
      });
      const groupSize = rows.reduce((sum, item) => sum + Buffer.byteLength(item.text) + 1, 0);
      if (size + groupSize > limit && items.length > 0) {
        bytesCut = true;
        break files;
      }
      if (index === 0) {
        if (items.length > 0) add({ text: "" });
        add({ text: quotePath(file.relative) });
      } else add({ text: "--" });
      rows.forEach(add);
    }
  }
  const footer = (shown: number, cut: boolean) => {
    const reason = cut ? "budget" : bytesCut ? "output" : outcome.truncated ? "max_results" : undefined;
    const lines = [
      totalsLine({
        shown,
        totalMatches: outcome.totalMatches,
        filesWithMatches: outcome.filesWithMatches,
        filesSearched: outcome.filesSearched,
        maxResults: options.maxResults,
        cut: reason,
        stopped: outcome.stopped,
        budgetMs: options.budgetMs,
      }),
    ];
    if (outcome.tooLarge.length > 0) lines.push(tooLargeNote(outcome.tooLarge));
    if (outcome.tooDeep.count > 0) lines.push(tooDeepNote(outcome.tooDeep.count, outcome.tooDeep.first));
    if (outcome.gaveUp.length > 0) lines.push(regexGaveUpNote(outcome.gaveUp));
    if (outcome.unfinished.length > 0) lines.push(unfinishedNote(outcome.unfinished));
    return lines.join("\n");
  };
  // The footer's cost is set aside (its longest form); the real one is written once the rows are settled.
  const reserve: AnswerItem = { text: `\n${footer(outcome.totalMatches, true)}`, keep: true };
  return {
    items: [...items, reserve],
    render(kept, cut) {
      const body = trimDangling(kept.filter((item) => item !== reserve));
      const shown = body.filter((item) => matchItems.has(item)).length;
      const text = body.map((item) => item.text).join("\n");
      return body.length === 0 ? footer(shown, cut) : `${text}\n\n${footer(shown, cut)}`;
    },
  };
}

/** Drops what no row follows any more after a cut: a trailing `--`, a file's path line, the blank line before it. */
function trimDangling(items: AnswerItem[]): AnswerItem[] {
  let end = items.length;
  while (end > 0 && items[end - 1]!.shows === undefined) end--;
  return items.slice(0, end);
}

interface StructuredMatch {
  path: string;
  line: number;
  ref: string;
  text: string;
  before: { ref: string; text: string }[];
  after: { ref: string; text: string }[];
}

/** `{"matches":[…],"total_matches","files_with_matches","files_searched","truncated"}` as compact JSON text. */
export function structuredAnswer(outcome: SearchOutcome, options: RenderOptions): Answer {
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const asPair = (row: Row) => ({ ref: row[1], text: row[2] });
  const items: AnswerItem[] = [];
  let size = 0;
  let bytesCut = false;
  files: for (const file of outcome.files) {
    const source = sourceOf(file);
    const byLine = new Map(file.rows.map((row) => [row[0], row]));
    for (const line of file.matches) {
      const row = byLine.get(line);
      if (!row) continue;
      const { before, after } = matchContext(line, file.rows, options.context);
      const match: StructuredMatch = {
        path: file.relative,
        line,
        ref: row[1],
        text: row[2],
        before: before.map(asPair),
        after: after.map(asPair),
      };
      const text = JSON.stringify(match);
      if (size + text.length + 1 > limit && items.length > 0) {
        bytesCut = true;
        break files;
      }
      size += text.length + 1;
      const shows = [...before, row, ...after].map(([shown, ref, display]) => ({
        line: shown,
        text: display,
        ref,
        source,
      }));
      items.push({ text, shows });
    }
  }
  const document = (matches: readonly AnswerItem[], cut: boolean) =>
    `{"matches":[${matches.map((item) => item.text).join(",")}],${JSON.stringify({
      total_matches: outcome.totalMatches,
      files_with_matches: outcome.filesWithMatches,
      files_searched: outcome.filesSearched,
      truncated:
        outcome.truncated || cut || bytesCut || outcome.stopped !== undefined || outcome.gaveUp.length > 0,
      ...(outcome.tooDeep.count > 0 && { skipped_too_deep: outcome.tooDeep.count }),
      ...(outcome.gaveUp.length > 0 ? { partial: regexGaveUpNote(outcome.gaveUp) } : {}),
      ...(outcome.unfinished.length > 0 ? { unfinished: outcome.unfinished } : {}),
    }).slice(1)}`;
  const reserve: AnswerItem = { text: document([], true), keep: true };
  return {
    items: [...items, reserve],
    render: (kept, cut) =>
      document(
        kept.filter((item) => item !== reserve),
        cut,
      ),
  };
}
