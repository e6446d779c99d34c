// The output budget applied to an answer before it is rendered: items are kept in order while they fit, at a
// row's boundary, with the answer's note where it was cut; headings and totals (`keep`) stay whatever happens.
// What is cut is never recorded as shown (the session records only the kept items).

import type { Answer, AnswerItem } from "../answer-items.ts";
import { estimateTokens } from "./estimate.ts";

export interface ClippedAnswer {
  items: AnswerItem[];
  cut: boolean;
}

/** The estimated cost of one item in a newline-joined answer. */
const itemTokens = (item: AnswerItem): number => estimateTokens(item.text) + 1;

/** `answer`'s items that fit `maxTokens` (estimated), the cut note in place when some did not. */
export function clipAnswer(answer: Answer, maxTokens: number): ClippedAnswer {
  const costs = answer.items.map(itemTokens);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total <= maxTokens) return { items: answer.items, cut: false };
  const note = answer.cutNote?.(0, answer.items.length);
  let room = maxTokens - (note ? itemTokens(note) + 8 : 0);
  answer.items.forEach((item, index) => {
    if (item.keep) room -= costs[index]!;
  });
  const kept: AnswerItem[] = [];
  let counted = 0;
  let cutAt: number | undefined;
  answer.items.forEach((item, index) => {
    if (item.keep) {
      kept.push(item);
      return;
    }
    if (cutAt === undefined && costs[index]! <= room) {
      room -= costs[index]!;
      kept.push(item);
      counted++;
      return;
    }
    cutAt ??= kept.length;
  });
  if (cutAt === undefined) return { items: kept, cut: false };
  if (answer.cutNote) kept.splice(cutAt, 0, answer.cutNote(counted, answer.items.length));
  return { items: kept, cut: true };
}
