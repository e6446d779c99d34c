// The success text of an edit: the summary line, then each changed region with FRESH refs and one
// context line either side, so the next edit needs no re-read. Changed rows `N#ID:text`, context `N#ID-text`.

import { clipToBudget, DEFAULT_MAX_OUTPUT_TOKENS } from "../budget/budget.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { abbreviatedRows, mergeWindows, shownLinesOfWindows } from "./abbreviate.ts";
import type { EditOutcome } from "./edit-types.ts";
import { formatContextRow, formatRow } from "./format.ts";
import * as say from "./messages.ts";
import { linesNamedBy, noteWarning, repeatWarning } from "./repeat-report.ts";

/** Context lines shown on each side of a changed region. */
export const RESULT_CONTEXT = 1;

/** A changed region, or a line outside every region that a warning names (shown as a context row). */
interface ShownSpan {
  start: number;
  lineCount: number;
  /** A named line: its window is the line alone. */
  named?: true;
}

/**
 * The windows of the new file the success text shows: each region with its context, and each line a warning names
 * (a repeat's copy and original), merged when they touch.
 */
function resultWindows(outcome: EditOutcome) {
  const total = outcome.doc.lines.length;
  const regions: ShownSpan[] = outcome.regions;
  const inRegion = (line: number) =>
    regions.some((region) => line >= region.start && line < region.start + region.lineCount);
  const named: ShownSpan[] = linesNamedBy(outcome.repeats)
    .filter((line) => line <= total && !inRegion(line))
    .map((line) => ({ start: line, lineCount: 0, named: true }));
  const spans = [...regions, ...named].sort(
    (a, b) => a.start - b.start || (a.named ? 1 : 0) - (b.named ? 1 : 0),
  );
  // A pure deletion (lineCount 0) still gets a window: the lines either side of the gap.
  return mergeWindows(spans, (span) =>
    span.named
      ? { from: span.start, to: span.start }
      : {
          from: Math.max(1, span.start - RESULT_CONTEXT),
          to: Math.min(total, span.start + span.lineCount - 1 + RESULT_CONTEXT),
        },
  );
}

/**
 * Line numbers (new file) of the rows the success text shows with their refs — what the session records as
 * shown. Rows left out of an abbreviated region are not: the model never saw their refs.
 */
export function shownLinesOfSuccess(outcome: EditOutcome): number[] {
  return shownLinesOfWindows(resultWindows(outcome), (span) => ({
    first: span.start,
    count: span.lineCount,
  }));
}

/** The success text, cut at `maxOutputTokens` (estimated) with a line saying so when a huge edit would pass it. */
export function renderEditSuccess(
  displayPath: string,
  outcome: EditOutcome,
  maxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS,
): string {
  const { lines } = outcome.doc;
  const total = lines.length;
  const out = [say.editedSummary(displayPath, outcome.editsApplied, outcome.added, outcome.removed, total)];
  if (outcome.mapped.length > 0) out.push(say.mappedRefsNote(outcome.mapped));
  if (total === 0) out.push(say.fileNowEmpty());
  const groups = resultWindows(outcome);
  groups.forEach((group, groupIndex) => {
    if (groupIndex > 0) out.push(say.regionSeparator());
    let line = group.from;
    for (const region of group.items) {
      for (; line < region.start; line++) out.push(formatContextRow(line, lines[line - 1]!));
      const rows = abbreviatedRows(region.lineCount, (offset) =>
        formatRow(region.start + offset, lines[region.start + offset - 1]!),
      );
      out.push(...rows);
      line = region.start + region.lineCount;
    }
    for (; line <= group.to; line++) out.push(formatContextRow(line, lines[line - 1]!));
  });
  for (const warning of outcome.warnings) out.push(say.warningLine(warning));
  for (const note of outcome.repeats ?? []) out.push(say.warningLine(repeatWarning(lines, note)));
  for (const note of outcome.notes ?? []) out.push(say.warningLine(noteWarning(note, lines)));
  return clipToBudget(out.join("\n"), maxOutputTokens, cutAtBudget);
}
