// The one shape every block family returns: the first and last line of a block.
// Inside the families lines are 0-based indices; the public entry point turns them into 1-based numbers.

export interface LineSpan {
  readonly start: number;
  readonly end: number;
}

/** What each family offers the entry point; `null` means the family sees no block there. */
export interface BlockRules {
  /** The block whose header is this line, or null when the line opens none. */
  headerBlock(line: number): LineSpan | null;
  /** The innermost block around this line (the line is inside it, not its header), or null. */
  enclosingBlock(line: number): LineSpan | null;
}

export const spanContains = (span: LineSpan, line: number): boolean => span.start <= line && line <= span.end;
