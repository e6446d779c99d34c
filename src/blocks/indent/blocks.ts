// Block rules by indentation: a header (its whole logical line, so a multi-line signature counts) plus every
// following logical line indented deeper; trailing blank lines never belong. Options add Python decorators,
// YAML list items under a key, and the clause and `end` lines of keyword-end languages.

import { spanContains, type BlockRules, type LineSpan } from "../span.ts";
import { indentWidth, type LogicalLines } from "./logical-lines.ts";

export interface IndentOptions {
  /** `@decorator` lines head the definition below them (Python). */
  readonly decorators: boolean;
  /** A logical line that is a block even with nothing indented under it (`def f(): pass`). */
  readonly oneLineBlock: RegExp | null;
  /** YAML: a `key:` without a value owns the `- item` lines at its own indentation. */
  readonly yamlListItems: boolean;
  /** Comment-only lines right after the body (no blank line between), indented deeper, belong to it. */
  readonly trailingComments: boolean;
  /** Lines at the header's indentation that continue its block (`else`, `rescue`, `do`). */
  readonly clause: RegExp | null;
  /** The line at the header's indentation that closes its block (`end`, `fi`, `}`). */
  readonly closer: RegExp | null;
}

const YAML_OPEN_KEY = /^(?!-\s)[^#]*:\s*(?:[&!]\S+\s*)*(?:#.*)?$/;
const YAML_DASH_ITEM = /^-(?:\s|$)/;

export class IndentBlocks implements BlockRules {
  constructor(
    private readonly lines: readonly string[],
    private readonly logical: LogicalLines,
    private readonly options: IndentOptions,
  ) {}

  headerBlock(line: number): LineSpan | null {
    const { logical } = this;
    const index = logical.ofLine[line]!;
    if (index < 0 || logical.first[index] !== line) return null;
    if (this.options.decorators && this.isDecorator(index)) return this.decoratedBlock(index);
    return this.blockOf(index);
  }

  enclosingBlock(line: number): LineSpan | null {
    const { logical } = this;
    const index = logical.ofLine[line]!;
    if (index >= 0 && logical.first[index]! < line) {
      // Inside a statement that spans lines: the block it heads, else the statement itself.
      const headed = this.headerBlock(logical.first[index]!);
      return headed ?? { start: logical.first[index]!, end: logical.last[index]! };
    }
    let reference = index >= 0 ? this.effectiveIndent(index) : this.indentAroundGap(line);
    let candidate = index >= 0 ? index - 1 : this.lastLogicalBefore(line);
    for (; candidate >= 0; candidate--) {
      if (logical.indent[candidate]! >= reference) continue;
      const block = this.headerBlock(logical.first[candidate]!);
      if (block && spanContains(block, line)) return block;
      reference = logical.indent[candidate]!;
    }
    return null;
  }

  private text(index: number): string {
    return this.lines[this.logical.first[index]!]!.trimStart();
  }

  /** Clause and closer lines sit at their header's indentation but belong inside its block. */
  private effectiveIndent(index: number): number {
    const { clause, closer } = this.options;
    const text = this.text(index);
    const inside = (clause?.test(text) ?? false) || (closer?.test(text) ?? false);
    return this.logical.indent[index]! + (inside ? 1 : 0);
  }

  /**
   * For a blank or comment line: the deeper of the statements around it (the walk up then keeps only
   * blocks that really reach the line, so a gap after a body's end is not claimed by it).
   */
  private indentAroundGap(line: number): number {
    const before = this.lastLogicalBefore(line);
    const after = before + 1 < this.logical.first.length ? before + 1 : -1;
    if (before < 0) return after < 0 ? 0 : this.effectiveIndent(after);
    if (after < 0) return this.effectiveIndent(before);
    return Math.max(this.effectiveIndent(before), this.effectiveIndent(after));
  }

  private lastLogicalBefore(line: number): number {
    for (let physical = line - 1; physical >= 0; physical--) {
      const index = this.logical.ofLine[physical]!;
      if (index >= 0) return index;
    }
    return -1;
  }

  private isDecorator(index: number): boolean {
    return this.text(index).startsWith("@");
  }

  private decoratedBlock(index: number): LineSpan | null {
    const { logical } = this;
    const indent = logical.indent[index]!;
    let definition = index;
    while (definition < logical.first.length && this.isDecorator(definition)) {
      if (logical.indent[definition] !== indent) return null;
      definition++;
    }
    if (definition >= logical.first.length || logical.indent[definition] !== indent) return null;
    const body = this.blockOf(definition);
    return { start: logical.first[index]!, end: body ? body.end : logical.last[definition]! };
  }

  private blockOf(index: number): LineSpan | null {
    const { logical, options } = this;
    const indent = logical.indent[index]!;
    const count = logical.first.length;
    const ownsListItems = options.yamlListItems && YAML_OPEN_KEY.test(this.text(index));
    let next = index + 1;
    let end = logical.last[index]!;
    const takeBody = (): void => {
      while (
        next < count &&
        (logical.indent[next]! > indent ||
          (ownsListItems && logical.indent[next] === indent && YAML_DASH_ITEM.test(this.text(next))))
      ) {
        end = logical.last[next++]!;
      }
    };
    takeBody();
    while (next < count && logical.indent[next] === indent) {
      const text = this.text(next);
      if (options.clause?.test(text)) {
        end = logical.last[next++]!;
        takeBody();
        continue;
      }
      if (options.closer?.test(text)) end = logical.last[next++]!;
      break;
    }
    if (end === logical.last[index]) {
      // Nothing under it: still a block when the statement itself spans lines, or is a one-line `def`.
      const spansLines = end > logical.first[index]!;
      return spansLines || options.oneLineBlock?.test(this.text(index))
        ? { start: logical.first[index]!, end }
        : null;
    }
    if (options.trailingComments) end = this.extendOverTrailingComments(end, indent);
    return { start: logical.first[index]!, end };
  }

  private extendOverTrailingComments(end: number, indent: number): number {
    let last = end;
    while (
      last + 1 < this.lines.length &&
      this.logical.commentOnly[last + 1] === 1 &&
      indentWidth(this.lines[last + 1]!) > indent
    ) {
      last++;
    }
    return last;
  }
}
