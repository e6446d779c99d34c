// Sentences the output budget adds to an answer it had to cut.

/** Last line of a text cut at the output budget (edit results, error payloads). */
export const cutAtBudget = (shownLines: number, totalLines: number): string =>
  `[answer cut at the output budget: ${shownLines} of ${totalLines} lines shown; read the file with lapp_read offset/limit for the rest]`;

/** Last line of an error cut at the output budget: nothing was written, so the call can be fixed and sent again. */
export const errorCutAtBudget = (shownLines: number, totalLines: number): string =>
  `[error cut at the output budget: ${shownLines} of ${totalLines} lines shown; nothing was written — fix what is shown and send the call again to see the rest]`;
