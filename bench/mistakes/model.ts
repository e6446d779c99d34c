// The mistakes bench's neutral model of an edit call: refs named by line (and how the model miswrote them), content
// lines (some copied with their row prefix), and what a call means when applied literally. Each contestant turns a
// call into its own tool's arguments (contestants.ts).

/** How a model wrote a ref: as shown, or one of the documented slips. */
export type RefForm =
  /** One letter (or hex digit) of the ID changed. */
  | "mistyped"
  /** The line number one too high, with the ID of the line it meant. */
  | "line+1"
  /** The ID another file shows at that line number. */
  | "other-file"
  /** The ID in the other letter case. */
  | "case"
  /** The whole row copied: ref, separator and text. */
  | "with-text";

export interface Slot {
  line: number;
  form?: RefForm;
}

/** A content line: its text, or a row copied whole (the row prefix of file line `row`, then `text`). */
export type ContentLine = string | { row: number; text: string };

export type Op =
  | { type: "replace"; start: Slot; end: Slot; content: ContentLine[] }
  | { type: "insert_after" | "insert_before"; anchor: Slot; content: ContentLine[] };

export interface Call {
  ops: Op[];
  /** Content lines joined with CRLF instead of LF. */
  crlf?: boolean;
}

export type Format = "lapp" | "hashline" | "text";

export interface Mistake {
  /** The call the model meant. */
  intent: Call;
  /** The call it sent. */
  mistake: Call;
  /** File lines an error must name for the retry to be found in it (the repeated line, the copied row). */
  evidence: number[];
  /** A call meaning the same as the intent, for a server that refuses the intent itself (a line doubled on purpose). */
  alternative?: Call;
}

export interface Kind {
  id: string;
  title: string;
  /** Ref slips, content slips, a sloppiness the format is meant to absorb, or a correct call that looks like a slip. */
  group: "ref" | "content" | "absorbed" | "correct";
  /** Where the kind was reported (issue and pull-request addresses). */
  sources: string[];
  formats: readonly Format[];
  /** The intended and the mistaken call at line `at` of `file`; undefined where the kind does not fit. */
  make(file: readonly string[], at: number): Mistake | undefined;
}

export const textOf = (line: ContentLine): string => (typeof line === "string" ? line : line.text);

/** The file lines after `call`, applied as meant: each op's content in place of the lines it names, at once. */
export function applyMeant(file: readonly string[], call: Call): string[] {
  const spans = call.ops.map((op, index) => {
    const content = op.content.map(textOf);
    if (op.type === "replace") return { from: op.start.line, to: op.end.line, content, phase: 1, index };
    const gap = op.type === "insert_after" ? op.anchor.line : op.anchor.line - 1;
    return { from: gap + 1, to: gap, content, phase: 0, index };
  });
  spans.sort((a, b) => a.from - b.from || a.phase - b.phase || a.index - b.index);
  const out: string[] = [];
  let next = 1;
  for (const span of spans) {
    for (; next < span.from; next++) out.push(file[next - 1]!);
    out.push(...span.content);
    next = Math.max(next, span.to + 1);
  }
  for (; next <= file.length; next++) out.push(file[next - 1]!);
  return out;
}

/** Every line a call names by ref. */
export function refLines(call: Call): number[] {
  return call.ops.flatMap((op) => (op.type === "replace" ? [op.start.line, op.end.line] : [op.anchor.line]));
}
