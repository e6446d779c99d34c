// The entry point of block finding: the block that starts at, or else most tightly contains, a line.
// Analyze a file once (`analyzeBlocks`) to ask about many lines; `findBlock` is the one-shot form.

import { fail, ok, type Result } from "../errors.ts";
import { detectLanguage, type Language } from "./language.ts";
import * as messages from "./messages.ts";
import type { LexedTokens } from "./brace/lexer.ts";
import { blockRulesFor } from "./rules.ts";

/** A block's first and last line, 1-based and inclusive. */
export interface BlockSpan {
  readonly start: number;
  readonly end: number;
}

export interface BlockFinder {
  readonly language: Language;
  /** The innermost block that starts at, or contains, line `line` (1-based). */
  find(line: number): Result<BlockSpan>;
  /** Whether line `line` (1-based) starts a block of its own. */
  isHeader(line: number): boolean;
  /** The block that line `line` (1-based) heads, or null (the outline walks every line with this). */
  headedBy(line: number): BlockSpan | null;
  /** The tokens lexed for a brace language (null for others): the analysis of a later version may start from them. */
  readonly lexed: LexedTokens | null;
}

/**
 * Lexes or scans `lines` once by the rules of the language `fileName` (and its content) calls for. `earlier`: the
 * analysis of a version these lines were edited from; a brace language then lexes only around what changed.
 */
export function analyzeBlocks(
  lines: readonly string[],
  fileName: string,
  language?: Language,
  earlier?: BlockFinder,
): BlockFinder {
  const detected = language ?? detectLanguage(fileName, lines);
  const { rules, lexed } = blockRulesFor(lines, detected, earlier?.lexed ?? null);
  return {
    language: detected,
    lexed,
    find(line) {
      if (!Number.isInteger(line) || line < 1 || line > lines.length) {
        return fail("LINE_OUT_OF_RANGE", messages.lineOutOfRange(line, lines.length));
      }
      const span = rules.headerBlock(line - 1) ?? rules.enclosingBlock(line - 1);
      if (!span) return fail("BLOCK_NOT_FOUND", messages.noBlockAt(line, detected), messages.noBlockHint());
      return ok({ start: span.start + 1, end: span.end + 1 });
    },
    isHeader(line) {
      return line >= 1 && line <= lines.length && rules.headerBlock(line - 1) !== null;
    },
    headedBy(line) {
      if (line < 1 || line > lines.length) return null;
      const span = rules.headerBlock(line - 1);
      return span ? { start: span.start + 1, end: span.end + 1 } : null;
    },
  };
}

/** The block that starts at, or contains, line `line` (1-based) of a file named `fileName`. */
export function findBlock(lines: readonly string[], fileName: string, line: number): Result<BlockSpan> {
  return analyzeBlocks(lines, fileName).find(line);
}
