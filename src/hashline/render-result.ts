// The success text of an edit: the summary line, then each changed region with FRESH refs and one
// context line either side, so the next edit needs no re-read. Changed rows `N#ID:text`, context `N#ID-text`.

import { clipToBudget, DEFAULT_MAX_OUTPUT_TOKENS } from "../budget/budget.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { abbreviatedRows, mergeWindows, shownLinesOfWindows } from "./abbreviate.ts";
import type { EditOutcome } from "./edit-types.ts";
import { formatContextRow, formatRow } from "./format.ts";
import * as say from "./messages.ts";

/** Context lines shown on each side of a changed region. */
export const RESULT_CONTEXT = 1;

/** The windows of the new file the success text shows: each region with its context, merged when they touch. */
function resultWindows(outcome: EditOutcome) {
  const total = outcome.doc.lines.length;
  // A pure deletion (lineCount 0) still gets a window: the lines either side of the gap.
  return mergeWindows(outcome.regions, (region) => ({
    from: Math.max(1, region.start - RESULT_CONTEXT),
    to: Math.min(total, region.start + region.lineCount - 1 + RESULT_CONTEXT),
  }));
}

/**
 * Line numbers (new file) of the rows the success text shows with their refs — what the session records as
 * shown. Rows left out of an abbreviated region are not: the model never saw their refs.
 */
export function shownLinesOfSuccess(outcome: EditOutcome): number[] {
  return shownLinesOfWindows(resultWindows(outcome), (region) => ({
    first: region.start,
    count: region.lineCount,
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
  return clipToBudget(out.join("\n"), maxOutputTokens, cutAtBudget);
}
