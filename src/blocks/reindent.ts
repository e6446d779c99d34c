import { leadingWhitespace } from "../text/indentation.ts";
// Re-indentation of a replacement block: content indented consistently but starting at another
// indentation than the block's header is shifted as a whole to the header's (the caller warns).

export interface Reindented {
  readonly lines: string[];
  /** The indentation the content's first line had and the one it got; null when nothing moved. */
  readonly shift: { readonly from: string; readonly to: string } | null;
}

const isBlank = (text: string): boolean => text.trim() === "";

/**
 * Shifts `lines` so the first non-blank one starts with `headerIndent`, when every non-blank line starts
 * with the first one's indentation (a consistent block). Anything else is taken literally. Blank lines stay.
 */
export function reindentToHeader(lines: readonly string[], headerIndent: string): Reindented {
  const first = lines.find((line) => !isBlank(line));
  if (first === undefined) return { lines: [...lines], shift: null };
  const from = leadingWhitespace(first);
  if (from === headerIndent) return { lines: [...lines], shift: null };
  const consistent = lines.every((line) => isBlank(line) || line.startsWith(from));
  if (!consistent) return { lines: [...lines], shift: null };
  const shifted = lines.map((line) => (isBlank(line) ? line : headerIndent + line.slice(from.length)));
  return { lines: shifted, shift: { from, to: headerIndent } };
}

/** The indentation of a header line. */
export const indentationOf = leadingWhitespace;
