// Indentation rebasing for text placed by content: the model wrote its old text and its new text in one frame
// (its own indentation); where the old text was found with another shared indentation, the new text moves with it.
// Pure.

import { isBlank } from "./match.ts";

export type Rebased =
  /** Nothing to do (same frame), or every non-blank line moved from `from` to `to`. */
  | { readonly ok: true; readonly lines: string[]; readonly moved: boolean }
  /** A non-blank line does not start with `from`: it cannot be moved without guessing; the text stays as given. */
  | { readonly ok: false; readonly lines: string[]; readonly line: number };

/**
 * Replaces the leading `from` of every non-blank line by `to`. Blank lines stay as they are. When some line does
 * not start with `from` (it is indented less than the frame the model gave), the lines come back unchanged with
 * that line's 1-based number.
 */
export function rebaseIndentation(lines: readonly string[], from: string, to: string): Rebased {
  if (from === to) return { ok: true, lines: [...lines], moved: false };
  const out: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (isBlank(line)) out.push(line);
    else if (line.startsWith(from)) out.push(to + line.slice(from.length));
    else return { ok: false, lines: [...lines], line: index + 1 };
  }
  return { ok: true, lines: out, moved: out.some((line, index) => line !== lines[index]) };
}
