// Indentation of lines of text (pure): what a line starts with, and what every line of a run shares. The block
// tools rebase new lines by it; the edit engine notices content that lost it.

/** The spaces and tabs a line starts with. */
export const leadingWhitespace = (text: string): string => /^[ \t]*/.exec(text)![0];

/** A line with nothing but whitespace. */
export const isBlankLine = (text: string): boolean => text.trim() === "";

/** The longest run of leading spaces and tabs every non-blank line of `lines[from, to)` starts with ("" when none). */
export function commonIndent(lines: readonly string[], from = 0, to = lines.length): string {
  let common: string | undefined;
  for (let index = from; index < to; index++) {
    const line = lines[index]!;
    if (isBlankLine(line)) continue;
    const indent = leadingWhitespace(line);
    if (common === undefined) common = indent;
    else {
      let shared = 0;
      while (shared < common.length && shared < indent.length && common[shared] === indent[shared]) shared++;
      common = common.slice(0, shared);
    }
    if (common === "") return "";
  }
  return common ?? "";
}
