// Errors within the output budget too: a refusal of a call with many stale refs on a file of long lines lists
// rows around every one of them, and an answer past what the client accepts is no answer at all.

import { LappError } from "../errors.ts";
import { clipAnswer } from "./clip-answer.ts";
import { errorCutAtBudget } from "./messages.ts";

/**
 * `error` whole when it fits `maxOutputTokens` (estimated), else the same error with the items of its body that
 * fit and a last line saying it was cut: the rows it shows are then only those still in it.
 */
export function clipError(error: LappError, maxOutputTokens: number): LappError {
  const head = { text: `error ${error.code}: ${error.summary}`, keep: true };
  const clipped = clipAnswer(
    {
      items: [head, ...error.body],
      cutNote: (kept, total) => ({ text: errorCutAtBudget(kept + 1, total) }),
    },
    maxOutputTokens,
  );
  if (!clipped.cut) return error;
  return new LappError(error.code, error.summary, clipped.items.slice(1));
}
