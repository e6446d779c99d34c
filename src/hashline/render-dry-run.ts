// The dry-run preview of an edit: a compact diff against the CURRENT file — ` ` context and `-` removed
// rows with their current (still valid) refs, `+` new lines as plain text (they have no refs yet).

import type { TextDocument } from "../text/document.ts";
import { abbreviatedRows, mergeWindows, shownLinesOfWindows } from "./abbreviate.ts";
import type { EditOutcome } from "./edit-types.ts";
import { displayText, formatContextRow, formatRow } from "./format.ts";
import * as say from "./messages.ts";
import { noteWarning, repeatPreview } from "./repeat-report.ts";
import { RESULT_CONTEXT } from "./render-result.ts";

/** Old line numbers whose rows (with their current refs) the preview shows: what the session records. */
export function shownLinesOfDryRun(before: TextDocument, outcome: EditOutcome): number[] {
  return shownLinesOfWindows(previewWindows(before, outcome), (region) => ({
    first: region.oldStart,
    count: region.removedCount,
  }));
}

function previewWindows(before: TextDocument, outcome: EditOutcome) {
  return mergeWindows(outcome.regions, (region) => ({
    from: Math.max(1, region.oldStart - RESULT_CONTEXT),
    to: Math.min(before.lines.length, region.oldStart + region.removedCount - 1 + RESULT_CONTEXT),
  }));
}

export function renderDryRun(displayPath: string, before: TextDocument, outcome: EditOutcome): string {
  const old = before.lines;
  const next = outcome.doc.lines;
  const out = [
    say.dryRunSummary(displayPath, outcome.editsApplied, outcome.added, outcome.removed, next.length),
  ];
  const groups = previewWindows(before, outcome);
  const context = (line: number) => ` ${formatContextRow(line, old[line - 1]!)}`;
  groups.forEach((group, groupIndex) => {
    if (groupIndex > 0) out.push(say.regionSeparator());
    let line = group.from;
    for (const region of group.items) {
      for (; line < region.oldStart; line++) out.push(context(line));
      const removed = abbreviatedRows(region.removedCount, (offset) => {
        const number = region.oldStart + offset;
        return `-${formatRow(number, old[number - 1]!)}`;
      });
      const added = abbreviatedRows(
        region.lineCount,
        (offset) => `+${displayText(next[region.start + offset - 1]!)}`,
      );
      out.push(...removed, ...added);
      line = region.oldStart + region.removedCount;
    }
    for (; line <= group.to; line++) out.push(context(line));
  });
  out.push(say.dryRunNote());
  for (const warning of outcome.warnings) out.push(say.warningLine(warning));
  for (const note of outcome.repeats ?? []) out.push(say.warningLine(repeatPreview(old, note)));
  for (const note of outcome.notes ?? []) out.push(say.warningLine(noteWarning(note)));
  return out.join("\n");
}
