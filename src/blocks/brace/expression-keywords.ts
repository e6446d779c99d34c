// The words after which a `/` starts a regex and a `<` may start JSX, tested in place: the lexer meets every
// identifier of a file (1.3 million words in a 9 MB bundle), and cutting each out to look it up in a set was a
// third of its time. Only a word whose length and first letter match some keyword is compared at all.

const EXPRESSION_KEYWORDS = [
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
  "default",
  "extends",
];

const LONGEST = Math.max(...EXPRESSION_KEYWORDS.map((word) => word.length));

/** Keywords by `length * 128 + first char code` (every keyword is lowercase ASCII): an array, read once per word. */
const BY_SHAPE: (string[] | undefined)[] = [];
for (const word of EXPRESSION_KEYWORDS) {
  const shape = word.length * 128 + word.charCodeAt(0);
  (BY_SHAPE[shape] ??= []).push(word);
}

/** Whether `text.slice(start, end)` is one of the keywords an expression may follow. */
export function isExpressionKeyword(text: string, start: number, end: number): boolean {
  const length = end - start;
  if (length > LONGEST) return false;
  const first = text.charCodeAt(start);
  if (first >= 128) return false;
  const candidates = BY_SHAPE[length * 128 + first];
  if (candidates === undefined) return false;
  for (const word of candidates) if (text.startsWith(word, start)) return true;
  return false;
}
