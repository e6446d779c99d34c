// Content that is probably not what the model meant, yet may be: every line starting with a diff's "+", or no line
// indented where the lines it replaces and those around it all are. lapp writes it as given and warns, naming the
// lines it wrote (docs/format.md, "When the content is wrong"); it never rewrites it.

import { isRangeEdit, type ResolvedEdit, type WrittenNote } from "./edit-types.ts";
import { commonIndent, isBlankLine, leadingWhitespace } from "../text/indentation.ts";

export type ContentNote = WrittenNote["note"];

const nonBlank = (lines: readonly string[]) => lines.filter((line) => !isBlankLine(line));
const leadingSpace = leadingWhitespace;

/** Every non-blank line (two at least) starts with one "+" (not "++", an increment): a diff's added lines. */
function diffMarked(content: readonly string[]): boolean {
  const lines = nonBlank(content);
  return lines.length >= 2 && lines.every((line) => line.startsWith("+") && !line.startsWith("++"));
}

/**
 * No content line is indented, while the lines the edit replaces (an insert: its anchor) and the lines right before
 * and after it all are: the content sits inside an indented block and lost its indentation.
 */
function lostIndent(lines: readonly string[], edit: ResolvedEdit): string | undefined {
  const content = nonBlank(edit.lines);
  if (content.length === 0 || content.some((line) => leadingSpace(line) !== "")) return undefined;
  const [first, last] = isRangeEdit(edit) ? [edit.start, edit.end] : [edit.gap + 1, edit.gap];
  const before = lines[first - 2];
  const after = lines[last];
  // A blank neighbour may end a block (a new top-level function after an indented body): nothing to tell then.
  if (before === undefined || after === undefined || before.trim() === "" || after.trim() === "")
    return undefined;
  const around = [before, ...lines.slice(first - 1, last), after];
  const indent = commonIndent(around);
  return indent === "" ? undefined : indent;
}

/** What to warn about in `edit`'s content, against `lines` (the file before the call). */
export function contentNotes(lines: readonly string[], edit: ResolvedEdit): ContentNote[] {
  const notes: ContentNote[] = [];
  if (diffMarked(edit.lines)) notes.push({ kind: "diff-markers" });
  const indent = lostIndent(lines, edit);
  if (indent !== undefined) notes.push({ kind: "lost-indent", indent });
  return notes;
}
