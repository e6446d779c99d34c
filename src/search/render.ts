// The two result formats of lapp_grep's content output (pure), built as answers (hashline/answer.ts) whose rows say
// which file and version they show: ripgrep-style text with refs, and the structured JSON text. The output budget
// cuts them at a row; the text also stops growing at MAX_OUTPUT_BYTES. The last line says when either cut it.
// A page starts `offset` matches in; a multiline search's match is a block of lines (render-files.ts: the lists).

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
  /** Matches to skip before the first shown (the engine found `offset + maxResults` of them). */
  offset?: number;
  /** A multiline search: each match shows its last line as `end_line` and its other lines in the structured format. */
  multiline?: boolean;
}

/** One file's part of a page: the matches it shows and every line of it known to match. */
interface PageFile {
  file: FileMatches;
  /** First and last line of each match shown: one line, or a multiline search's block. */
  shown: Array<[first: number, last: number]>;
  /** Lines of the matches shown and of those the offset skipped: a row of one is a match row (`:`). */
  matching: Set<number>;
}

/** The files of `outcome` from the `offset`-th match on (all files with `offset` 0). */
function pageOf(files: readonly FileMatches[], offset: number): PageFile[] {
  let skip = offset;
  const page: PageFile[] = [];
  for (const file of files) {
    const all = file.matches.map((first, index): [number, number] => [first, file.ends?.[index] ?? first]);
    if (skip >= all.length) {
      skip -= all.length;
      continue;
    }
    const matching = new Set<number>();
    for (const [first, last] of all) for (let line = first; line <= last; line++) matching.add(line);
    page.push({ file, shown: all.slice(skip), matching });
    skip = 0;
  }
  return page;
}

/** Every line of `spans` once, ascending (a multiline search's matches may share lines). */
function linesOf(spans: ReadonlyArray<readonly [number, number]>): number[] {
  const lines = new Set<number>();
  for (const [first, last] of spans) for (let line = first; line <= last; line++) lines.add(line);
  return [...lines].sort((a, b) => a - b);
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
  // The row of each shown match's last line, with how many matches end there: a match is shown when all of it is.
  const matchItems = new Map<AnswerItem, number>();
  const items: AnswerItem[] = [];
  let size = 0;
  let bytesCut = false;
  const add = (item: AnswerItem) => {
    items.push(item);
    size += Buffer.byteLength(item.text) + 1;
  };
  files: for (const { file, shown, matching } of pageOf(outcome.files, options.offset ?? 0)) {
    const source = sourceOf(file);
    const lastLines = new Map<number, number>();
    for (const [, last] of shown) lastLines.set(last, (lastLines.get(last) ?? 0) + 1);
    const groups = contextGroups(linesOf(shown), file.rows, options.context, matching);
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index]!;
      const rows = group.map(({ row, isMatch }) => {
        const item = rowItem(row, isMatch ? ":" : "-", source);
        const ending = isMatch ? lastLines.get(row[0]) : undefined;
        if (ending !== undefined) matchItems.set(item, ending);
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
    const totals = totalsLine({
      shown,
      totalMatches: outcome.totalMatches,
      filesWithMatches: outcome.filesWithMatches,
      filesSearched: outcome.filesSearched,
      maxResults: options.maxResults,
      cut: reason,
      stopped: outcome.stopped,
      budgetMs: options.budgetMs,
      offset: options.offset ?? 0,
    });
    return [totals, ...searchNotes(outcome)].join("\n");
  };
  // The footer's cost is set aside (its longest form); the real one is written once the rows are settled.
  const reserve: AnswerItem = { text: `\n${footer(outcome.totalMatches, true)}`, keep: true };
  return {
    items: [...items, reserve],
    render(kept, cut) {
      const body = trimDangling(kept.filter((item) => item !== reserve));
      const shown = body.reduce((sum, item) => sum + (matchItems.get(item) ?? 0), 0);
      const text = body.map((item) => item.text).join("\n");
      return body.length === 0 ? footer(shown, cut) : `${text}\n\n${footer(shown, cut)}`;
    },
  };
}

/** The notes under the totals line: files not searched or not searched to the end. */
export function searchNotes(outcome: SearchOutcome): string[] {
  const lines: string[] = [];
  if (outcome.tooLarge.length > 0) lines.push(tooLargeNote(outcome.tooLarge));
  if (outcome.tooDeep.count > 0) lines.push(tooDeepNote(outcome.tooDeep.count, outcome.tooDeep.first));
  if (outcome.gaveUp.length > 0) lines.push(regexGaveUpNote(outcome.gaveUp));
  if (outcome.unfinished.length > 0) lines.push(unfinishedNote(outcome.unfinished));
  return lines;
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
  /** A multiline search: the match's last line and its lines after the first. */
  end_line?: number;
  more_lines?: { ref: string; text: string }[];
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
  files: for (const { file, shown } of pageOf(outcome.files, options.offset ?? 0)) {
    const source = sourceOf(file);
    const byLine = new Map(file.rows.map((row) => [row[0], row]));
    for (const [line, last] of shown) {
      const row = byLine.get(line);
      if (!row) continue;
      const { before } = matchContext(line, file.rows, options.context);
      const { after } = matchContext(last, file.rows, options.context);
      const more = linesOf([[line + 1, last]])
        .map((other) => byLine.get(other))
        .filter((other): other is Row => other !== undefined);
      const match: StructuredMatch = {
        path: file.relative,
        line,
        ref: row[1],
        text: row[2],
        ...(options.multiline && { end_line: last, more_lines: more.map(asPair) }),
        before: before.map(asPair),
        after: after.map(asPair),
      };
      const text = JSON.stringify(match);
      if (size + text.length + 1 > limit && items.length > 0) {
        bytesCut = true;
        break files;
      }
      size += text.length + 1;
      const shows = [...before, row, ...more, ...after].map(([shown, ref, display]) => ({
        line: shown,
        text: display,
        ref,
        source,
      }));
      items.push({ text, shows });
    }
  }
  const offset = options.offset ?? 0;
  // Where the next page starts, when more matches remain than the answer shows (`shown`: the most it can show).
  const next = (shown: number, cut: boolean) =>
    outcome.truncated || cut || bytesCut ? { next_offset: offset + shown } : {};
  const document = (matches: readonly AnswerItem[], cut: boolean, shown = matches.length) =>
    `{"matches":[${matches.map((item) => item.text).join(",")}],${JSON.stringify({
      total_matches: outcome.totalMatches,
      files_with_matches: outcome.filesWithMatches,
      files_searched: outcome.filesSearched,
      truncated:
        outcome.truncated || cut || bytesCut || outcome.stopped !== undefined || outcome.gaveUp.length > 0,
      ...structuredNotes(outcome),
      ...next(shown, cut),
    }).slice(1)}`;
  return documentAnswer(items, document);
}

/** The structured format's fields on files not searched, or not to the end. */
export function structuredNotes(outcome: SearchOutcome): Record<string, unknown> {
  return {
    ...(outcome.tooDeep.count > 0 && { skipped_too_deep: outcome.tooDeep.count }),
    ...(outcome.gaveUp.length > 0 && { partial: regexGaveUpNote(outcome.gaveUp) }),
    ...(outcome.unfinished.length > 0 && { unfinished: outcome.unfinished }),
  };
}

/**
 * An answer whose text is `document` of the items the budget kept: its longest form (no item, cut, as many shown
 * as there are items) is set aside first, kept whatever the budget.
 */
export function documentAnswer(
  items: readonly AnswerItem[],
  document: (kept: readonly AnswerItem[], cut: boolean, shown?: number) => string,
): Answer {
  const reserve: AnswerItem = { text: document([], true, items.length), keep: true };
  return {
    items: [...items, reserve],
    render: (kept, cut) =>
      document(
        kept.filter((item) => item !== reserve),
        cut,
      ),
  };
}
