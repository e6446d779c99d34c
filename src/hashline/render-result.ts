// The success answer of an edit: the summary line, then each changed region with FRESH refs and one context line
// either side, so the next edit needs no re-read. Changed rows `N#ID:text`, context `N#ID-text`.

import { cutAtBudget } from "../budget/messages.ts";
import { abbreviatedRows, mergeWindows } from "./abbreviate.ts";
import { prose, row, type Answer, type AnswerItem } from "./answer.ts";
import type { EditOutcome } from "./edit-types.ts";
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

/** The success answer; cut at the output budget, it says so on its last row. */
export function editSuccessAnswer(displayPath: string, outcome: EditOutcome): Answer {
  const { lines } = outcome.doc;
  const total = lines.length;
  const head = [say.editedSummary(displayPath, outcome.editsApplied, outcome.added, outcome.removed, total)];
  if (outcome.mapped.length > 0) head.push(say.mappedRefsNote(outcome.mapped));
  if (total === 0) head.push(say.fileNowEmpty());
  const items: AnswerItem[] = head.map((text) => prose(text, true));
  const groups = resultWindows(outcome);
  groups.forEach((group, groupIndex) => {
    if (groupIndex > 0) items.push(prose(say.regionSeparator()));
    let line = group.from;
    for (const region of group.items) {
      for (; line < region.start; line++) items.push(row(line, lines[line - 1]!, "context"));
      items.push(
        ...abbreviatedRows(
          region.lineCount,
          (offset) => row(region.start + offset, lines[region.start + offset - 1]!),
          (count) => prose(say.moreLines(count)),
        ),
      );
      line = region.start + region.lineCount;
    }
    for (; line <= group.to; line++) items.push(row(line, lines[line - 1]!, "context"));
  });
  const warnings = [
    ...outcome.warnings,
    ...(outcome.repeats ?? []).map((note) => repeatWarning(lines, note)),
    ...(outcome.notes ?? []).map((note) => noteWarning(note, lines)),
  ];
  for (const warning of warnings) items.push(prose(say.warningLine(warning), true));
  return { items, cutNote: (kept, all) => prose(cutAtBudget(kept, all)) };
}
