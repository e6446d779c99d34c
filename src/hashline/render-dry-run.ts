// The dry-run preview of an edit: a compact diff against the CURRENT file — ` ` context and `-` removed
// rows with their current (still valid) refs, `+` new lines as plain text (they have no refs yet).

import { cutAtBudget } from "../budget/messages.ts";
import type { TextDocument } from "../text/document.ts";
import { abbreviatedRows, mergeWindows } from "./abbreviate.ts";
import { prose, row, type Answer, type AnswerItem } from "./answer.ts";
import type { EditOutcome } from "./edit-types.ts";
import { displayText } from "./format.ts";
import * as say from "./messages.ts";
import { noteWarning, repeatPreview } from "./repeat-report.ts";
import { RESULT_CONTEXT } from "./render-result.ts";

function previewWindows(before: TextDocument, outcome: EditOutcome) {
  return mergeWindows(outcome.regions, (region) => ({
    from: Math.max(1, region.oldStart - RESULT_CONTEXT),
    to: Math.min(before.lines.length, region.oldStart + region.removedCount - 1 + RESULT_CONTEXT),
  }));
}

/** A row of the current file with a diff marker in front: ` ` context, `-` removed. */
function markedRow(marker: " " | "-", line: number, text: string): AnswerItem {
  const item = row(line, text, marker === " " ? "context" : "line");
  return { ...item, text: `${marker}${item.text}` };
}

export function dryRunAnswer(displayPath: string, before: TextDocument, outcome: EditOutcome): Answer {
  const old = before.lines;
  const next = outcome.doc.lines;
  const items: AnswerItem[] = [
    prose(
      say.dryRunSummary(displayPath, outcome.editsApplied, outcome.added, outcome.removed, next.length),
      true,
    ),
  ];
  const more = (count: number) => prose(say.moreLines(count));
  const groups = previewWindows(before, outcome);
  groups.forEach((group, groupIndex) => {
    if (groupIndex > 0) items.push(prose(say.regionSeparator()));
    let line = group.from;
    for (const region of group.items) {
      for (; line < region.oldStart; line++) items.push(markedRow(" ", line, old[line - 1]!));
      const removed = abbreviatedRows(
        region.removedCount,
        (offset) => markedRow("-", region.oldStart + offset, old[region.oldStart + offset - 1]!),
        more,
      );
      const added = abbreviatedRows(
        region.lineCount,
        (offset) => prose(`+${displayText(next[region.start + offset - 1]!)}`),
        more,
      );
      items.push(...removed, ...added);
      line = region.oldStart + region.removedCount;
    }
    for (; line <= group.to; line++) items.push(markedRow(" ", line, old[line - 1]!));
  });
  items.push(prose(say.dryRunNote(), true));
  const warnings = [
    ...outcome.warnings,
    ...(outcome.repeats ?? []).map((note) => repeatPreview(old, note)),
    ...(outcome.notes ?? []).map((note) => noteWarning(note)),
  ];
  for (const warning of warnings) items.push(prose(say.warningLine(warning), true));
  return { items, cutNote: (kept, all) => prose(cutAtBudget(kept, all)) };
}
