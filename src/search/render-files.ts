// lapp_grep's `files` and `count` outputs (pure): one line per file with matches, in ripgrep's `--sort path` order,
// paged by offset and max_results, as text or as JSON. They show no rows, so their answers name no refs and the
// session records nothing; the output budget cuts them at a file, and the totals line says where to go on.

import type { Answer, AnswerItem } from "../hashline/answer.ts";
import type { FileCount, SearchOutcome } from "./engine.ts";
import { encodeName } from "../text/byte-names.ts";
import { MAX_OUTPUT_BYTES } from "./limits.ts";
import { binaryAfterNote, fileMatchCount, fileTotalsLine, fileWithMatches } from "./messages.ts";
import { documentAnswer, searchNotes, structuredNotes } from "./render.ts";

export interface ListOptions {
  output: "files" | "count";
  maxResults: number;
  /** Files to skip before the first listed. */
  offset: number;
  budgetMs: number;
  maxOutputBytes?: number;
}

/**
 * ripgrep's `--sort path` order: each directory's entries by their names' bytes, a directory's files where its name
 * sorts. That is byte order once `/` sorts before every byte a name can hold (a name never holds `/` or NUL). The
 * bytes are a name's exact ones (src/text/byte-names.ts), escaped bytes included.
 */
function ripgrepPathOrder(a: string, b: string): number {
  return Buffer.compare(encodeName(a.replaceAll("/", "\0")), encodeName(b.replaceAll("/", "\0")));
}

/**
 * The files `output` lists: every file with matches for `files` (as `rg --files-with-matches`), and for `count`
 * those whose reading no NUL byte stopped (as `rg --count`, which leaves those out), sorted.
 */
function listed(
  outcome: SearchOutcome,
  output: ListOptions["output"],
): { list: FileCount[]; left: string[] } {
  const sorted = [...outcome.counted].sort((a, b) => ripgrepPathOrder(a.relative, b.relative));
  if (output === "files") return { list: sorted, left: [] };
  return {
    list: sorted.filter((file) => !file.binaryAfter),
    left: sorted.filter((file) => file.binaryAfter).map((file) => file.relative),
  };
}

/** The page a list answer shows: its files' items (cut at the byte limit), and what it needs for its totals. */
function listPage(outcome: SearchOutcome, options: ListOptions, textOf: (file: FileCount) => string) {
  const { list, left } = listed(outcome, options.output);
  const page = list.slice(options.offset, options.offset + options.maxResults);
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const items: AnswerItem[] = [];
  let size = 0;
  for (const file of page) {
    const text = textOf(file);
    size += Buffer.byteLength(text) + 1;
    if (size > limit && items.length > 0) break;
    items.push({ text });
  }
  const bytesCut = items.length < page.length;
  return {
    list,
    left,
    items,
    matches: list.reduce((sum, file) => sum + file.count, 0),
    /** Why the answer lists fewer files than exist from the offset on, if so (`cut`: the token budget cut it). */
    limit: (cut: boolean) =>
      cut
        ? ("budget" as const)
        : bytesCut
          ? ("output" as const)
          : options.offset + page.length < list.length
            ? ("max_results" as const)
            : undefined,
  };
}

/** `path (N matches)` or `path:N` lines, a blank line, the totals and notes. */
export function fileListAnswer(outcome: SearchOutcome, options: ListOptions): Answer {
  const line = options.output === "files" ? fileWithMatches : fileMatchCount;
  const { list, left, items, matches, limit } = listPage(outcome, options, (file) =>
    line(file.relative, file.count),
  );
  const footer = (shown: number, cut: boolean) => {
    const totals = fileTotalsLine({
      shown,
      offset: options.offset,
      files: list.length,
      matches,
      filesSearched: outcome.filesSearched,
      maxResults: options.maxResults,
      cut: limit(cut),
      stopped: outcome.stopped,
      budgetMs: options.budgetMs,
    });
    const notes = left.length > 0 ? [binaryAfterNote(left)] : [];
    return [totals, ...notes, ...searchNotes(outcome)].join("\n");
  };
  // The footer's cost is set aside (its longest form); the real one is written once the lines are settled.
  const reserve: AnswerItem = { text: `\n${footer(list.length, true)}`, keep: true };
  return {
    items: [...items, reserve],
    render(kept, cut) {
      const body = kept.filter((item) => item !== reserve);
      const end = footer(body.length, cut);
      return body.length === 0 ? end : `${body.map((item) => item.text).join("\n")}\n\n${end}`;
    },
  };
}

/**
 * `{"files":[{"path","count"}],"total_matches","files_with_matches","files_searched","truncated"}` as JSON text,
 * with `next_offset` when more files remain.
 */
export function structuredFileListAnswer(outcome: SearchOutcome, options: ListOptions): Answer {
  const { list, left, items, matches, limit } = listPage(outcome, options, (file) =>
    JSON.stringify({ path: file.relative, count: file.count }),
  );
  const document = (shown: readonly AnswerItem[], cut: boolean, count = shown.length) => {
    const more = limit(cut) !== undefined;
    return `{"files":[${shown.map((item) => item.text).join(",")}],${JSON.stringify({
      total_matches: matches,
      files_with_matches: list.length,
      files_searched: outcome.filesSearched,
      truncated: more || outcome.stopped !== undefined || outcome.gaveUp.length > 0,
      ...(more && { next_offset: options.offset + count }),
      ...(left.length > 0 && { not_counted_binary: left }),
      ...structuredNotes(outcome),
    }).slice(1)}`;
  };
  return documentAnswer(items, document);
}
