// The `content` of an edit or a write: text → new lines, the one named leniency on it (stripping display prefixes,
// `12#KT:`, that a model copied onto every line), and finding the prefixes a model left on only some lines.

import { LappError } from "../errors.ts";
import { ID_ALPHABET } from "./hash.ts";
import { partialPrefixes, withNothingWritten } from "./messages.ts";

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

export interface PrefixedLine {
  /** 1-based line of the content. */
  line: number;
  /** The prefix as written, without the leading space: `41#QX:`. */
  prefix: string;
  /** The line without it. */
  text: string;
}

/**
 * Content lines that start with a copied display prefix (`41#QX:`, `>>> 41#QX:`), for content whose prefixes were
 * not all stripped: a model copied some rows whole. lapp refuses them rather than guess (docs/format.md).
 */
export function copiedPrefixLines(lines: readonly string[]): PrefixedLine[] {
  const found: PrefixedLine[] = [];
  lines.forEach((text, offset) => {
    const match = COPIED_PREFIX.exec(text);
    if (match) found.push({ line: offset + 1, prefix: match[0].trim(), text: text.slice(match[0].length) });
  });
  return found;
}

/** For a tool that takes one content: INVALID_EDIT when some of its lines kept a copied row prefix. */
export function copiedPrefixError(lines: readonly string[], place: string): LappError | undefined {
  const prefixed = copiedPrefixLines(lines);
  if (prefixed.length === 0) return undefined;
  return new LappError("INVALID_EDIT", withNothingWritten(partialPrefixes(place, prefixed)));
}
