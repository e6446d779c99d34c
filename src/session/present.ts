// The one place that decides what the model saw: an answer is cut at the output budget, the lines its kept items
// show are recorded, and only then is it rendered. Every tool answer and every error with rows goes through here.

import { clipAnswer } from "../budget/clip-answer.ts";
import { renderAnswer, type Answer, type AnswerItem } from "../hashline/answer.ts";
import type { ShownRecord } from "./shown-record.ts";

/** `answer` cut at `maxTokens` and rendered; `record` is handed the items the model will see, before rendering. */
export function presentAnswer(
  answer: Answer,
  maxTokens: number,
  record: (items: readonly AnswerItem[]) => void,
): string {
  const clipped = clipAnswer(answer, maxTokens);
  record(clipped.items);
  return renderAnswer(answer, clipped.items, clipped.cut);
}

/**
 * Records the lines `items` show of one file (those without another source), as `lines` — the file as it is now —
 * holds them; a line whose text is not that line's now is not recorded. Returns the line numbers recorded.
 */
export function recordShown(
  record: ShownRecord,
  lines: readonly (string | undefined)[],
  items: readonly AnswerItem[],
): Set<number> {
  const shown = new Set<number>();
  for (const item of items)
    for (const line of item.shows ?? [])
      if (line.source === undefined && lines[line.line - 1] === line.text) shown.add(line.line);
  if (shown.size > 0) record.show(lines, shown);
  return shown;
}
