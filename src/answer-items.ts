// What an answer is made of, as every part of lapp builds one: items of text, each saying which lines of which file
// it shows with their refs. Only the shapes live here, below everything that uses them (the errors that carry
// repair rows, the output budget that cuts items); hashline/answer.ts makes rows and renders.

/** A file whose rows an answer shows, as the session knows it; absent: the file the call is about. */
export interface RowSource {
  /** The file's real path. */
  readonly real: string;
  /** Digest of the bytes the rows were taken from (identity.ts): a search shows rows of the version it read. */
  readonly digest?: bigint;
}

/** A line of a file an answer shows with its ref: its number and full text (the ref is computed from them). */
export interface ShownLine {
  line: number;
  text: string;
  /** The ref as shown, when `text` is only the text displayed (a line cut at 2,000 characters). */
  ref?: string;
  source?: RowSource;
}

export interface AnswerItem {
  /** One or more lines of text (no trailing newline). */
  text: string;
  /** The lines this text shows with their refs. */
  shows?: readonly ShownLine[];
  /** Kept whatever the budget (a heading, the totals): its cost is set aside before any other item's. */
  keep?: boolean;
}

export interface Answer {
  items: AnswerItem[];
  /** The line put where the budget cut the items, saying where the rest is (how many items were kept). */
  cutNote?: (kept: number, total: number) => AnswerItem;
  /** The text of the kept items; by default their texts joined by newlines. */
  render?: (items: readonly AnswerItem[], cut: boolean) => string;
}
