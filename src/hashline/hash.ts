// The line ID of the hashline format: two letters from XXH32 of the line's trimmed text.
// Bit-compatible with oh-my-pi so models trained on its LINE#ID format transfer unchanged.

const ALPHABET = "ZPMQVRWSNKTXJBYH";
const SIGNIFICANT = /[\p{L}\p{N}]/u;

/** Lookup table: byte → two-letter ID, built once (high nibble first). */
const ID_OF_BYTE: string[] = Array.from(
  { length: 256 },
  (_, byte) => ALPHABET[(byte >> 4) & 15]! + ALPHABET[byte & 15]!,
);

/** The text that is hashed: `\r` removed anywhere, trailing whitespace trimmed. */
function normalizeForHash(text: string): string {
  const withoutCr = text.includes("\r") ? text.replaceAll("\r", "") : text;
  return withoutCr.trimEnd();
}

/**
 * ID of line `lineNumber` (1-based) with `text` (terminator excluded).
 * Lines without letters or digits (`}`, blank) are seeded by their number so repeats differ.
 */
export function lineId(lineNumber: number, text: string): string {
  const normalized = normalizeForHash(text);
  const seed = SIGNIFICANT.test(normalized) ? 0 : lineNumber;
  const hash = Bun.hash.xxHash32(normalized, seed);
  return ID_OF_BYTE[hash & 255]!;
}

/** `N#ID` for a line. */
export function refOf(lineNumber: number, text: string): string {
  return `${lineNumber}#${lineId(lineNumber, text)}`;
}

export const ID_ALPHABET = ALPHABET;
