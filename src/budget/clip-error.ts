// Errors within the output budget too: a refusal of a call with many stale refs on a file of long lines lists
// rows around every one of them, and an answer past what the client accepts is no answer at all.

import { LappError } from "../errors.ts";
import { ID_ALPHABET } from "../hashline/hash.ts";
import { clipToBudget } from "./budget.ts";
import { errorCutAtBudget } from "./messages.ts";

/** A row's ref (`12#KT`) in an error's text, as a payload row, a candidate or a hint names it. */
const ROW_REF = new RegExp(`(?:^|[^\\d])(\\d+)#[${ID_ALPHABET}]{2}(?![${ID_ALPHABET}])`, "g");

/**
 * `error` whole when its text fits `maxOutputTokens` (estimated), else the same error with the lines that fit and
 * a last line saying it was cut. Its shown lines are then only those whose rows are still in the text: lapp
 * records as shown only what the model was shown.
 */
export function clipError(error: LappError, maxOutputTokens: number): LappError {
  const text = error.render();
  const clipped = clipToBudget(text, maxOutputTokens, errorCutAtBudget);
  if (clipped === text) return error;
  const details = clipped.split("\n").slice(1);
  const named = new Set<number>();
  for (const line of details) for (const match of line.matchAll(ROW_REF)) named.add(Number(match[1]));
  const shown = error.shownLines.filter((line) => named.has(line));
  return new LappError(error.code, error.summary, details.join("\n"), shown);
}
