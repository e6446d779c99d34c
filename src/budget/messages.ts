// Sentences the output budget adds to an answer it had to cut.

/** Last line of a text cut at the output budget (edit results, error payloads). */
export const cutAtBudget = (shownLines: number, totalLines: number): string =>
  `[answer cut at the output budget: ${shownLines} of ${totalLines} lines shown; read the file with lapp_read offset/limit for the rest]`;
