// Sentences a model reads about encodings: the one refusal the text layer produces.

/** New text holds a character the file's Latin-1 encoding cannot store; names it and where it is. */
export function latin1Unrepresentable(char: string, codePoint: number, lineNumber: number) {
  const hex = codePoint.toString(16).toUpperCase().padStart(4, "0");
  return {
    summary: `the file is Latin-1 and cannot hold ${JSON.stringify(char)} (U+${hex}), found on line ${lineNumber} of the edited text; nothing was written.`,
    details: "Use only characters up to U+00FF in this file, or an escape sequence of the file's language.",
  };
}
