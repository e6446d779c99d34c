// Logical lines for indentation rules: statements that may span several physical lines (brackets, strings,
// continuations), each with the indentation of its first line; blank and comment-only lines belong to none.

export interface LogicalLines {
  /** Per physical line: the logical line it belongs to, or -1 for a blank or comment-only line. */
  readonly ofLine: Int32Array;
  /** Per logical line: first and last physical line, and the indentation column of the first. */
  readonly first: number[];
  readonly last: number[];
  readonly indent: number[];
  /** Per physical line: the line holds only a comment (outside any string). */
  readonly commentOnly: Uint8Array;
}

const TAB_WIDTH = 8;

/** Indentation column of `text` (tabs to multiples of 8, a form feed resets the column, as Python counts). */
export function indentWidth(text: string): number {
  let column = 0;
  for (let index = 0; index < text.length; index++) {
    const c = text.charCodeAt(index);
    if (c === 32) column++;
    else if (c === 9) column = (Math.floor(column / TAB_WIDTH) + 1) * TAB_WIDTH;
    else if (c === 12) column = 0;
    else break;
  }
  return column;
}

/** Builder shared by the scanners: open a logical line, extend it, mark ignorable lines. */
export class LogicalLinesBuilder {
  readonly ofLine: Int32Array;
  readonly commentOnly: Uint8Array;
  readonly first: number[] = [];
  readonly last: number[] = [];
  readonly indent: number[] = [];

  constructor(lineCount: number) {
    this.ofLine = new Int32Array(lineCount).fill(-1);
    this.commentOnly = new Uint8Array(lineCount);
  }

  open(line: number, indent: number): void {
    this.ofLine[line] = this.first.length;
    this.first.push(line);
    this.last.push(line);
    this.indent.push(indent);
  }

  /** The line continues the latest logical line. */
  extend(line: number): void {
    const current = this.first.length - 1;
    if (current < 0) return;
    this.ofLine[line] = current;
    this.last[current] = line;
  }

  build(): LogicalLines {
    return this;
  }
}
