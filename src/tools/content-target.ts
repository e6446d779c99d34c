// Shared by lapp_find_block, lapp_replace_block and lapp_insert_block: the fields that name a block by its text
// (old_content / anchor_content, normalize_whitespace), and finding that text in a file opened in the session —
// exactly once, or picked by `anchor` / `occurrence`; several places or none are refused with fresh refs.

import * as v from "valibot";
import { findContent, isBlank, type ContentMatch, type ContentMatches } from "../blocks/content/match.ts";
import * as say from "../blocks/content/messages.ts";
import * as blockSay from "../blocks/messages.ts";
import { rebaseIndentation } from "../blocks/content/rebase.ts";
import { ambiguityRefusal, nowhereRefusal, type Refusal, type Sought } from "../blocks/content/refusals.ts";
import { LappError } from "../errors.ts";
import { copiedPrefixError, splitContent, stripCopiedPrefixes } from "../hashline/edit.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { BlockSpan } from "../blocks/find.ts";
import { checkBlockSeen, findTargetIn, verifiedAnchorLine } from "./block-target.ts";

export const normalizeField = v.optional(
  v.pipe(
    v.boolean(),
    v.description(
      "When the text occurs nowhere exactly, match it ignoring the indentation all its lines share and trailing spaces (relative indentation still counts). Default true.",
    ),
  ),
);

/** A text-valued locator field (`old_content`, `anchor_content`) with its description. */
export const textField = (description: string) => v.optional(v.pipe(v.string(), v.description(description)));

export interface ContentLocator {
  /** The field the text came in, as messages name it. */
  readonly field: string;
  readonly text: string;
  readonly normalizeWhitespace?: boolean | undefined;
  /** A ref inside the place meant, or the 1-based number of a place as a refusal listed them. */
  readonly anchor?: string | undefined;
  readonly occurrence?: number | undefined;
  /** The call would write (the refusal then says nothing was written). */
  readonly writes: boolean;
}

export interface ContentTarget {
  readonly match: ContentMatch;
  readonly tier: NonNullable<ContentMatches["tier"]>;
  readonly warnings: string[];
}

/**
 * New lines written in the frame of the text that was found (`target`), moved to where it was found; the warnings
 * say when they moved, could not move, or the text was only found with whitespace normalised.
 */
export function rebaseOntoTarget(
  target: ContentTarget,
  field: string,
  lines: readonly string[],
  warnings: string[],
): string[] {
  const { givenIndent, fileIndent } = target.match;
  const rebased = rebaseIndentation(lines, givenIndent, fileIndent);
  if (!rebased.ok) warnings.push(say.indentationNotRebased(rebased.line));
  else if (rebased.moved) warnings.push(say.indentationRebased(field, givenIndent, fileIndent));
  else if (target.tier === "normalized") warnings.push(say.foundLoosely(field));
  return rebased.lines;
}

/**
 * The one place `locator.text` names in the file. Refusals (text nowhere, several places, a stale anchor) are cut
 * to the output budget and the rows they show are recorded as shown, by `file.guarded`.
 */
function findContentIn(file: SessionFile, locator: ContentLocator, maxTokens: number): ContentTarget {
  return file.guarded(() => findContentTarget(file, locator), maxTokens);
}

function findContentTarget(file: SessionFile, locator: ContentLocator): ContentTarget {
  const warnings: string[] = [];
  const copied = stripCopiedPrefixes(locator.text);
  if (copied.stripped) warnings.push(say.prefixesStrippedFrom(locator.field));
  const needle = splitContent(copied.content);
  if (needle.every(isBlank)) throw new LappError("INVALID_ARGUMENTS", say.blankText(locator.field));
  const { lines } = file;
  const sought: Sought = { what: locator.field, display: file.path.display, writes: locator.writes };
  const found = findContent(lines, needle, { normalizeWhitespace: locator.normalizeWhitespace });
  if (found.tier === undefined || found.matches.length === 0)
    throw refusalError(nowhereRefusal(lines, needle, sought, locator.normalizeWhitespace !== false));
  // `occurrence` numbers every place as a refusal lists them; `anchor` then keeps the places that hold its line.
  const retry = say.ambiguousRetry(locator.field);
  let chosen = found.matches;
  if (locator.occurrence !== undefined) {
    const picked = chosen[locator.occurrence - 1];
    if (picked === undefined) {
      const summary = say.occurrencePastCandidates(locator.occurrence, chosen.length, locator.field);
      throw refusalError({
        ...ambiguityRefusal(lines, found, sought, retry),
        code: "BLOCK_NOT_FOUND",
        summary,
      });
    }
    chosen = [picked];
  }
  const anchor = locator.anchor?.trim() ? locator.anchor : undefined;
  if (anchor !== undefined) {
    const { line } = verifiedAnchorLine(lines, anchor, file.shown);
    chosen = chosen.filter((match) => match.start <= line && line <= match.end);
    if (chosen.length === 0) {
      const summary = say.anchorInNoCandidate(anchor, locator.field);
      throw refusalError({
        ...ambiguityRefusal(lines, found, sought, retry),
        code: "BLOCK_NOT_FOUND",
        summary,
      });
    }
  }
  if (chosen.length > 1) throw refusalError(ambiguityRefusal(lines, found, sought, retry, chosen));
  return { match: chosen[0]!, tier: found.tier, warnings };
}

function refusalError(refusal: Refusal): LappError {
  return new LappError(refusal.code, refusal.summary, refusal.details);
}

/**
 * The one place the text of `field` names, with the tool's other locator fields: `anchor` and `occurrence` pick one
 * of several places; `pattern` cannot go with a text (INVALID_ARGUMENTS).
 */
export function findTextIn(
  file: SessionFile,
  field: string,
  text: string,
  input: Pick<BlockLocator, "pattern" | "anchor" | "occurrence" | "normalize_whitespace">,
  maxTokens: number,
  writes: boolean,
): ContentTarget {
  if (input.pattern !== undefined) throw new LappError("INVALID_ARGUMENTS", say.contentAndPattern(field));
  const locator: ContentLocator = {
    field,
    text,
    normalizeWhitespace: input.normalize_whitespace,
    anchor: input.anchor,
    occurrence: input.occurrence,
    writes,
  };
  return findContentIn(file, locator, maxTokens);
}

/**
 * The new lines of `text`, copied `N#ID:` prefixes taken off (with a warning) as lapp_edit does; prefixes on only
 * some lines are refused as lapp_edit refuses them (`where` names the field).
 */
export function newLinesOf(text: string, warnings: string[], where: string): string[] {
  const copied = stripCopiedPrefixes(text);
  if (copied.stripped) warnings.push(blockSay.prefixesStripped());
  const lines = splitContent(copied.content);
  const prefixed = copied.stripped ? undefined : copiedPrefixError(lines, where);
  if (prefixed) throw prefixed;
  return lines;
}

/** The fields lapp_find_block and lapp_replace_block take to name a block, by header or by text. */
export interface BlockLocator {
  anchor?: string | undefined;
  pattern?: string | undefined;
  literal?: boolean | undefined;
  occurrence?: number | undefined;
  old_content?: string | undefined;
  normalize_whitespace?: boolean | undefined;
}

export type LocatedBlock =
  | { readonly byContent: false; readonly span: BlockSpan; readonly warnings: string[] }
  | {
      readonly byContent: true;
      readonly span: BlockSpan;
      readonly target: ContentTarget;
      readonly warnings: string[];
    };

/** The block `locator` names: by its text when `old_content` is given, else by header (anchor or pattern). */
export function locateBlockIn(
  file: SessionFile,
  locator: BlockLocator,
  maxTokens: number,
  writes: boolean,
): LocatedBlock {
  if (locator.old_content === undefined) {
    const found = findTargetIn(file, locator, maxTokens);
    // A block replaced by its anchor: every line of it must be one the model saw as it is now.
    if (writes) checkBlockSeen(file, found, maxTokens);
    return { byContent: false, span: found.span, warnings: [] };
  }
  const target = findTextIn(file, "old_content", locator.old_content, locator, maxTokens, writes);
  const span = { start: target.match.start, end: target.match.end };
  return { byContent: true, span, target, warnings: target.warnings };
}

/** The new text of a block tool: `content`, or its other name `new_content` (the original lapp's). */
export function newContentOf(input: {
  content?: string | undefined;
  new_content?: string | undefined;
}): string {
  const { content, new_content: alias } = input;
  if (content !== undefined && alias !== undefined && content !== alias)
    throw new LappError("INVALID_ARGUMENTS", say.twoNewContents());
  const text = content ?? alias;
  if (text === undefined) throw new LappError("INVALID_ARGUMENTS", say.missingNewContent());
  return text;
}
