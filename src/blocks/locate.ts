// Locating a block's header by pattern: the lines a regex (or literal text) matches, narrowed to the
// lines that start a block when some do, then one chosen by `occurrence` — or AMBIGUOUS with candidates.

import { fail, LappError, ok, type ErrorCode, type Result } from "../errors.ts";
import type { BlockFinder } from "./find.ts";
import * as messages from "./messages.ts";
import { naming, prose, type AnswerItem } from "../hashline/answer.ts";
import { formatRow } from "../hashline/format.ts";

export interface PatternOptions {
  readonly literal?: boolean;
  readonly ignoreCase?: boolean;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** 1-based numbers of the lines that `pattern` matches (INVALID_ARGUMENTS for a broken regex). */
export function locateHeaders(
  lines: readonly string[],
  pattern: string,
  options: PatternOptions = {},
): Result<number[]> {
  let matcher: RegExp;
  try {
    matcher = new RegExp(options.literal ? escapeRegExp(pattern) : pattern, options.ignoreCase ? "iu" : "u");
  } catch (error) {
    try {
      // Patterns written for engines without the `u` flag (`\-`, `\_`) still work without it.
      matcher = new RegExp(pattern, options.ignoreCase ? "i" : "");
    } catch {
      const reason = error instanceof Error ? error.message : String(error);
      return fail(
        "INVALID_ARGUMENTS",
        messages.invalidPattern(pattern, reason),
        messages.invalidPatternHint(),
      );
    }
  }
  const found: number[] = [];
  for (let index = 0; index < lines.length; index++) if (matcher.test(lines[index]!)) found.push(index + 1);
  return ok(found);
}

export interface HeaderChoice {
  readonly pattern: string;
  readonly literal: boolean;
  /** 1-based; undefined = the only candidate. */
  readonly occurrence?: number | undefined;
  /** Renders line N as a display row (`12#KT:text`) for the AMBIGUOUS candidate list. */
  /** The full text of a line (for the candidate rows the error shows with their refs). */
  readonly textOf: (line: number) => string;
}

/**
 * The header line among `matches`: lines that start a block are preferred over lines that merely match
 * (a call of `helper` does not compete with `def helper`). Several without an occurrence → AMBIGUOUS.
 */
export function chooseHeader(
  finder: BlockFinder,
  matches: readonly number[],
  choice: HeaderChoice,
): Result<number> {
  if (matches.length === 0) {
    return fail(
      "BLOCK_NOT_FOUND",
      messages.patternMatchesNothing(choice.pattern, choice.literal),
      messages.patternMatchesNothingHint(choice.literal),
    );
  }
  const headers = matches.filter((line) => finder.isHeader(line));
  const candidates = headers.length > 0 ? headers : matches;
  if (choice.occurrence !== undefined) {
    const chosen = candidates[choice.occurrence - 1];
    if (chosen === undefined || choice.occurrence < 1) {
      const summary = messages.occurrenceOutOfRange(choice.occurrence, candidates.length, choice.pattern);
      return withCandidates(
        "BLOCK_NOT_FOUND",
        summary,
        candidates,
        choice,
        headers.length > 0 && headers.length < matches.length,
      );
    }
    return ok(chosen);
  }
  if (candidates.length === 1) return ok(candidates[0]!);
  const narrowed = headers.length > 0 && headers.length < matches.length;
  const summary = messages.ambiguousPattern(candidates.length, choice.pattern, narrowed);
  return withCandidates("AMBIGUOUS", summary, candidates, choice, narrowed);
}

/** An error listing the candidates as rows; their lines count as shown (their refs are fresh). */
function withCandidates(
  code: ErrorCode,
  summary: string,
  candidates: readonly number[],
  choice: HeaderChoice,
  narrowed: boolean,
): Result<number> {
  return { ok: false, error: new LappError(code, summary, listCandidates(candidates, choice, narrowed)) };
}

function listCandidates(
  candidates: readonly number[],
  choice: HeaderChoice,
  narrowed: boolean,
): AnswerItem[] {
  const items = candidates.map((line, index) => {
    const text = choice.textOf(line);
    return naming(messages.ambiguousCandidate(index + 1, formatRow(line, text)), [{ line, text }]);
  });
  if (narrowed) items.push(prose(messages.candidatesNote()));
  items.push(prose(messages.ambiguousHint()));
  return items;
}
