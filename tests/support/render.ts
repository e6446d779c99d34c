// Test support: edit answers rendered as the session renders them (cut at the budget first), and the lines an answer
// or an error shows with refs — the pure engine's answers without a session around them.
import { clipAnswer } from "../../src/budget/clip-answer.ts";
import type { LappError } from "../../src/errors.ts";
import { renderAnswer, shownLinesOf, type Answer } from "../../src/hashline/answer.ts";
import { dryRunAnswer, editSuccessAnswer } from "../../src/hashline/edit.ts";
import type { EditOutcome } from "../../src/hashline/edit-types.ts";
import type { TextDocument } from "../../src/text/document.ts";

export function rendered(answer: Answer, maxTokens = Number.POSITIVE_INFINITY): string {
  const clipped = clipAnswer(answer, maxTokens);
  return renderAnswer(answer, clipped.items, clipped.cut);
}

export const renderEditSuccess = (path: string, outcome: EditOutcome, maxTokens?: number): string =>
  rendered(editSuccessAnswer(path, outcome), maxTokens);

export const renderDryRun = (path: string, before: TextDocument, outcome: EditOutcome): string =>
  rendered(dryRunAnswer(path, before, outcome));

/** The lines (new file) an edit's answer shows with refs. */
export const shownLinesOfSuccess = (outcome: EditOutcome): number[] =>
  shownLinesOf(editSuccessAnswer("f", outcome).items).map((shown) => shown.line);

/** The lines an error shows with refs. */
export const errorShownLines = (error: LappError): number[] =>
  shownLinesOf(error.body).map((shown) => shown.line);
