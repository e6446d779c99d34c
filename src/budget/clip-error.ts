// Errors within the output budget too: a refusal of a call with many stale refs on a file of long lines lists
// rows around every one of them, and an answer past what the client accepts is no answer at all.

import { LappError } from "../errors.ts";
import { rowsInText } from "../hashline/rows-in-text.ts";
import { clipToBudget } from "./budget.ts";
import { errorCutAtBudget } from "./messages.ts";

/**
 * `error` whole when its text fits `maxOutputTokens` (estimated), else the same error with the lines that fit and
 * a last line saying it was cut. Its shown lines are then only those whose rows are still in the text: lapp
 * records as shown only what the model was shown.
 */
export function clipError(error: LappError, maxOutputTokens: number): LappError {
  const text = error.render();
  const clipped = clipToBudget(text, maxOutputTokens, errorCutAtBudget);
  if (clipped === text) return error;
  const details = clipped.split("\n").slice(1).join("\n");
  return new LappError(error.code, error.summary, details, rowsInText(error.shownLines, details));
}
