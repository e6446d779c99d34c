// The two result formats of lapp_grep (pure): ripgrep-style text with refs, and the structured JSON text.
// Both stop growing at MAX_OUTPUT_BYTES and then say they were cut.

import { rowsBudget, rowTokens } from "../budget/budget.ts";
import type { FileMatches, SearchOutcome } from "./engine.ts";
import { contextGroups, matchContext } from "./groups.ts";
import { MAX_OUTPUT_BYTES } from "./limits.ts";
import { regexGaveUpNote, tooDeepNote, tooLargeNote, totalsLine } from "./messages.ts";
import { quotePath } from "../text/quote-path.ts";

export interface RenderOptions {
  context: number;
  maxResults: number;
  budgetMs: number;
  maxOutputBytes?: number;
  /** Estimated tokens the whole answer may take (the output budget). */
  maxOutputTokens?: number;
  /** Told of every row the answer shows (a match or context row of `file`), for recording what was shown. */
  onRow?: (file: FileMatches, line: number) => void;
}

/** `path` line, `N#ID:text` matches, `N#ID-text` context, `--` between groups, blank line between files, totals. */
export function renderText(outcome: SearchOutcome, options: RenderOptions): string {
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const tokenLimit = rowsBudget(options.maxOutputTokens ?? Number.POSITIVE_INFINITY);
  let tokens = 0;
  const blocks: string[] = [];
  let size = 0;
  let shown = 0;
  let outputCut = false;
  files: for (const file of outcome.files) {
    const heading = quotePath(file.relative);
    const lines: string[] = [heading];
    let fileShown = 0;
    let fileSize = Buffer.byteLength(heading) + 1;
    let fileTokens = rowTokens(heading) + 1;
    const groups = contextGroups(file.matches, file.rows, options.context);
    for (let index = 0; index < groups.length; index++) {
      const group = groups[index]!;
      const groupLines = group.map(({ row, isMatch }) => `${row[1]}${isMatch ? ":" : "-"}${row[2]}`);
      if (index > 0) groupLines.unshift("--");
      const groupSize = groupLines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
      const groupTokens = groupLines.reduce((sum, line) => sum + rowTokens(line), 0);
      const overBudget = tokens + fileTokens + groupTokens > tokenLimit;
      if ((size + fileSize + groupSize > limit || overBudget) && shown + fileShown > 0) {
        outputCut = true;
        if (fileShown > 0) blocks.push(lines.join("\n"));
        shown += fileShown;
        break files;
      }
      lines.push(...groupLines);
      for (const { row } of group) options.onRow?.(file, row[0]);
      fileSize += groupSize;
      fileTokens += groupTokens;
      fileShown += group.filter((row) => row.isMatch).length;
    }
    blocks.push(lines.join("\n"));
    size += fileSize + 1;
    tokens += fileTokens;
    shown += fileShown;
  }
  const cut = outputCut ? "output" : outcome.truncated ? "max_results" : undefined;
  const footer = [
    totalsLine({
      shown,
      totalMatches: outcome.totalMatches,
      filesWithMatches: outcome.filesWithMatches,
      filesSearched: outcome.filesSearched,
      maxResults: options.maxResults,
      cut,
      stopped: outcome.stopped,
      budgetMs: options.budgetMs,
    }),
  ];
  if (outcome.tooLarge.length > 0) footer.push(tooLargeNote(outcome.tooLarge));
  if (outcome.tooDeep.count > 0) footer.push(tooDeepNote(outcome.tooDeep.count, outcome.tooDeep.first));
  if (outcome.gaveUp.length > 0) footer.push(regexGaveUpNote(outcome.gaveUp));
  return [...blocks, footer.join("\n")].join("\n\n");
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
export function renderStructured(outcome: SearchOutcome, options: RenderOptions): string {
  const limit = options.maxOutputBytes ?? MAX_OUTPUT_BYTES;
  const tokenLimit = rowsBudget(options.maxOutputTokens ?? Number.POSITIVE_INFINITY);
  let tokens = 0;
  const matches: StructuredMatch[] = [];
  let size = 0;
  let outputCut = false;
  const asPair = (row: readonly [number, string, string]) => ({ ref: row[1], text: row[2] });
  files: for (const file of outcome.files) {
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
      const matchText = JSON.stringify(match);
      const matchSize = matchText.length + 1;
      const matchTokens = rowTokens(matchText);
      if ((size + matchSize > limit || tokens + matchTokens > tokenLimit) && matches.length > 0) {
        outputCut = true;
        break files;
      }
      matches.push(match);
      for (const shownRow of [...before, row, ...after]) options.onRow?.(file, shownRow[0]);
      size += matchSize;
      tokens += matchTokens;
    }
  }
  return JSON.stringify({
    matches,
    total_matches: outcome.totalMatches,
    files_with_matches: outcome.filesWithMatches,
    files_searched: outcome.filesSearched,
    truncated: outcome.truncated || outputCut || outcome.stopped !== undefined || outcome.gaveUp.length > 0,
    ...(outcome.tooDeep.count > 0 && { skipped_too_deep: outcome.tooDeep.count }),
    ...(outcome.gaveUp.length > 0 ? { partial: regexGaveUpNote(outcome.gaveUp) } : {}),
  });
}
