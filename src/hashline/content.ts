// The `content` of an edit or a write: text → new lines, and the one named leniency on it,
// stripping display prefixes (`12#KT:`) that a model copied onto every line.

import { ID_ALPHABET } from "./hash.ts";

/**
 * Splits `content` into line texts: `\n` separates (`\r\n` accepted), one trailing newline is optional
 * and ignored, `""` is no lines and `"\n"` one empty line. Indentation and other `\r` stay literal.
 */
export function splitContent(content: string): string[] {
  if (content === "") return [];
  let body = content;
  if (body.endsWith("\r\n")) body = body.slice(0, -2);
  else if (body.endsWith("\n")) body = body.slice(0, -1);
  return body.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
}

/** A copied display prefix, as leniently as refs are parsed: markers, `N # ID`, then `:`, `|` or `-`. */
const COPIED_PREFIX = new RegExp(`^(?:\\s*(?:>>>|>|\\+|-))*\\s*\\d+\\s*#\\s*[${ID_ALPHABET}]{2}[:|-]`, "i");

/**
 * When EVERY non-blank line of `content` starts with a copied display prefix (`12#KT:`), removes the
 * prefixes (the text after the separator is kept literally) and reports `stripped: true` so the caller
 * warns. Any line without a prefix means the content is taken as it is: no partial correction.
 */
export function stripCopiedPrefixes(content: string): { content: string; stripped: boolean } {
  const pieces = content.split("\n");
  let prefixed = 0;
  for (const piece of pieces) {
    if (piece.trim() === "") continue;
    if (!COPIED_PREFIX.test(piece)) return { content, stripped: false };
    prefixed++;
  }
  if (prefixed === 0) return { content, stripped: false };
  const stripped = pieces.map((piece) => (piece.trim() === "" ? piece : piece.replace(COPIED_PREFIX, "")));
  return { content: stripped.join("\n"), stripped: true };
}
