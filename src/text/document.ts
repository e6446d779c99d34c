// A text file as lines that remember their own terminator, plus its encoding and BOM.
// Pure: decode(bytes) → TextDocument → encode() gives back the same bytes for untouched lines.

import { dominantOf, terminatorCounts } from "./terminator-counts.ts";

export type Encoding = "utf-8" | "utf-16le" | "utf-16be" | "latin1";
/** A line's own terminator; only the last line may have none. */
export type Terminator = "\n" | "\r\n" | "";

export interface TextDocument {
  readonly encoding: Encoding;
  /** A byte-order mark was present (and will be written back). */
  readonly bom: boolean;
  /** Line texts without terminators. A lone `\r` inside a line stays part of its text. */
  readonly lines: readonly string[];
  /** One per line, same length as `lines`. */
  readonly terminators: readonly Terminator[];
}

/** Splits decoded text into lines with their terminators (`\r\n` is one terminator). */
export function splitLines(text: string): { lines: string[]; terminators: Terminator[] } {
  const lines: string[] = [];
  const terminators: Terminator[] = [];
  let start = 0;
  const length = text.length;
  while (start < length) {
    const newline = text.indexOf("\n", start);
    if (newline === -1) {
      lines.push(text.slice(start));
      terminators.push("");
      break;
    }
    if (newline > start && text.charCodeAt(newline - 1) === 13) {
      lines.push(text.slice(start, newline - 1));
      terminators.push("\r\n");
    } else {
      lines.push(text.slice(start, newline));
      terminators.push("\n");
    }
    start = newline + 1;
  }
  return { lines, terminators };
}

/** Joins lines with their own terminators. */
export function joinLines(lines: readonly string[], terminators: readonly Terminator[]): string {
  const { body, tail } = joinedParts(lines, terminators);
  return body + tail;
}

/**
 * The text of the lines as `body + tail`, where `tail` is the last terminator of a file with one kind of line
 * ending (the native join, without a string built per line) and "" otherwise. Kept apart, an encoder writes both
 * without first copying them into one string (the size of the file).
 */
export function joinedParts(
  lines: readonly string[],
  terminators: readonly Terminator[],
): { body: string; tail: string } {
  const last = lines.length - 1;
  const shared = terminators[0];
  let uniform = shared !== undefined && shared !== "";
  for (let index = 0; uniform && index < last; index++) uniform = terminators[index] === shared;
  if (uniform) return { body: lines.join(shared), tail: terminators[last]! };
  let out = "";
  for (let index = 0; index < lines.length; index++) out += lines[index]! + terminators[index]!;
  return { body: out, tail: "" };
}

/** The terminator new lines take: the more frequent of `\n` and `\r\n` (ties and empty files → `\n`). */
export function dominantTerminator(doc: Pick<TextDocument, "terminators">): "\n" | "\r\n" {
  return dominantOf(terminatorCounts(doc.terminators));
}

/** Whether the file ends with a terminator. An empty file counts as ending with one (POSIX habit). */
export function endsWithNewline(doc: Pick<TextDocument, "terminators">): boolean {
  const last = doc.terminators.at(-1);
  return last === undefined || last !== "";
}

/** A document built from plain text in a given encoding (for new files and tests). */
export function documentFromText(text: string, encoding: Encoding = "utf-8", bom = false): TextDocument {
  const { lines, terminators } = splitLines(text);
  return { encoding, bom, lines, terminators };
}
