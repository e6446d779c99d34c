// Places a file's hunks in its lines by their text, and turns each into the smallest edits of the engine. Each hunk's
// old lines (context and removed) must occur exactly once — exactly, else with whitespace normalised — after the hunk
// before it (hunks come in file order) and inside its `@@ scope` lines; when they occur at several places, a unified
// diff's `@@ -N` may name one of them. Anything else is refused with every candidate or the closest region. Pure.

import { analyzeBlocks, type BlockFinder } from "../blocks/find.ts";
import { findContent, type ContentMatch, type LineRange } from "../blocks/content/match.ts";
import { rebaseIndentation } from "../blocks/content/rebase.ts";
import { ambiguityRefusal, nowhereRefusal, type Sought } from "../blocks/content/refusals.ts";
import type { ErrorCode } from "../errors.ts";
import type { ResolvedEdit } from "../hashline/edit-types.ts";
import * as say from "./messages.ts";
import { naming, prose, type AnswerItem } from "../hashline/answer.ts";
import { refOf } from "../hashline/hash.ts";
import { newSide, oldSide, type PatchFormat, type PatchHunk } from "./types.ts";

export interface PlacedHunks {
  readonly edits: ResolvedEdit[];
  readonly warnings: string[];
  /** The file must end with a newline (true) or must not (false); undefined keeps what it has. */
  readonly finalNewline: boolean | undefined;
}

/** Why one hunk could not be placed, with the rows it shows (fresh refs of the file as loaded). */
export interface HunkProblem {
  readonly code: ErrorCode;
  readonly summary: string;
  readonly details: AnswerItem[];
}

export type Placement = { ok: true; value: PlacedHunks } | { ok: false; problems: HunkProblem[] };

export interface PlaceOptions {
  readonly format: PatchFormat;
  /** The file's name as messages show it, and as block rules are chosen by (for `@@ scope` lines). */
  readonly display: string;
  /** The block rules of `lines`, when the caller keeps them (the session's analysis of the version); else made here. */
  readonly blocks?: () => BlockFinder;
}

export function placeHunks(
  lines: readonly string[],
  hunks: readonly PatchHunk[],
  options: PlaceOptions,
): Placement {
  const edits: ResolvedEdit[] = [];
  const warnings: string[] = [];
  const problems: HunkProblem[] = [];
  let finalNewline: boolean | undefined;
  let finder: BlockFinder | undefined;
  const blocks = () => (finder ??= options.blocks?.() ?? analyzeBlocks(lines, options.display));
  /** Old lines (0-based count) the hunks placed so far have consumed: the next one starts after them. */
  let cursor = 0;
  hunks.forEach((hunk, index) => {
    const name = say.hunkName(index, hunk.header);
    // The patch's refusal says once that nothing was written.
    const sought: Sought = { what: name, display: options.display, writes: false };
    const old = oldSide(hunk);
    if (old.length === 0) {
      const gap = insertionGap(lines, hunk, options.format);
      if (gap === undefined || gap < cursor) {
        problems.push(problem("INVALID_PATCH", say.noContextMidFile(name)));
        return;
      }
      pushEdits(edits, hunk, gap, name, { lines: addedLines(hunk), warning: undefined });
      if (gap === lines.length && hunk.newEndsWithoutNewline) finalNewline = false;
      cursor = gap;
      return;
    }
    let within: LineRange[] = [{ from: cursor + 1, to: lines.length }];
    for (const scope of hunk.scopes) within = narrowToScope(lines, within, scope, blocks);
    if (within.length === 0) {
      problems.push(problem("BLOCK_NOT_FOUND", say.scopeNowhere(name, hunk.scopes.join(" / "))));
      return;
    }
    const found = findContent(lines, old, { within });
    let matches = hunk.atEnd ? found.matches.filter((match) => match.end === lines.length) : found.matches;
    if (matches.length === 0) {
      if (found.matches.length > 0) {
        problems.push(problem("BLOCK_NOT_FOUND", say.notAtEnd(name)));
        return;
      }
      const refusal = nowhereRefusal(lines, old, sought, true);
      const outOfOrder = cursor > 0 && findContent(lines, old).matches.length > 0;
      const applied = appliedAlready(lines, hunk);
      const notes = [...(outOfOrder ? [prose(say.hunkOutOfOrder())] : []), ...(applied ? [applied] : [])];
      problems.push({ ...refusal, details: [...notes, ...refusal.details] });
      return;
    }
    if (matches.length > 1 && hunk.oldStart !== undefined) {
      // Several places, and the header names one of them: the patch itself says which (never the first by rule).
      const named = matches.filter((match) => match.start === hunk.oldStart);
      if (named.length === 1) matches = named;
    }
    if (matches.length > 1) {
      problems.push(ambiguityRefusal(lines, found, sought, say.hunkRetry(), matches));
      return;
    }
    const match = matches[0]!;
    const added = rebasedAdded(hunk, match, name, found.tier === "normalized");
    const changedUpTo = pushEdits(edits, hunk, match.start - 1, name, added);
    if (added.warning !== undefined) warnings.push(added.warning);
    if (match.end === lines.length) {
      if (hunk.newEndsWithoutNewline) finalNewline = false;
      else if (hunk.oldEndsWithoutNewline) finalNewline = true;
    }
    cursor = Math.max(cursor, changedUpTo);
  });
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, value: { edits, warnings, finalNewline } };
}

/**
 * When a hunk's old lines are gone but its new lines are there, exactly once: most likely the patch (or this hunk)
 * was applied before — say so, so a patch sent again after an interruption is not taken for a wrong one.
 */
function appliedAlready(lines: readonly string[], hunk: PatchHunk): AnswerItem | undefined {
  const added = newSide(hunk);
  if (!hunk.lines.some((line) => line.op === "+") || added.every((line) => line.trim() === ""))
    return undefined;
  const found = findContent(lines, added, { normalizeWhitespace: false });
  if (found.matches.length !== 1) return undefined;
  const { start, end } = found.matches[0]!;
  const note = say.hunkAppliedAlready(refOf(start, lines[start - 1]!), refOf(end, lines[end - 1]!));
  return naming(
    note,
    [start, end].map((line) => ({ line, text: lines[line - 1]! })),
  );
}

function problem(code: ErrorCode, summary: string): HunkProblem {
  return { code, summary, details: [] };
}

/**
 * Where a hunk with no old lines goes: the envelope appends it to the file (as Codex does); a unified diff may name
 * only the start (`@@ -0,0`) or the end of the file, since no text confirms any other place.
 */
function insertionGap(lines: readonly string[], hunk: PatchHunk, format: PatchFormat): number | undefined {
  if (format === "envelope" || lines.length === 0) return lines.length;
  if (hunk.oldStart === 0) return 0;
  if (hunk.oldStart !== undefined && hunk.oldStart >= lines.length) return lines.length;
  return undefined;
}

/** The ranges lying under each line equal to `scope` (whitespace aside) inside `ranges`: its block, or to the range's end. */
function narrowToScope(
  lines: readonly string[],
  ranges: readonly LineRange[],
  scope: string,
  blocks: () => BlockFinder,
): LineRange[] {
  const wanted = scope.trim();
  const out: LineRange[] = [];
  for (const range of ranges) {
    for (let line = range.from; line <= range.to; line++) {
      if (lines[line - 1]!.trim() !== wanted) continue;
      const block = blocks().headedBy(line);
      const end = block !== null && block.end > line ? Math.min(block.end, range.to) : range.to;
      out.push({ from: line, to: end });
    }
  }
  return out;
}

interface AddedLines {
  lines: string[];
  warning: string | undefined;
}

const addedLines = (hunk: PatchHunk): string[] =>
  hunk.lines.filter((line) => line.op === "+").map((line) => line.text);

/** The hunk's added lines, moved as far as its old lines were found to be indented otherwise than written. */
function rebasedAdded(hunk: PatchHunk, match: ContentMatch, name: string, loose: boolean): AddedLines {
  const added = addedLines(hunk);
  const rebased = rebaseIndentation(added, match.givenIndent, match.fileIndent);
  if (!rebased.ok) return { lines: added, warning: say.hunkNotRebased(name, rebased.line) };
  const warning = rebased.moved
    ? say.rebasedHunk(name, match.givenIndent, match.fileIndent)
    : loose
      ? say.looseHunk(name)
      : undefined;
  return { lines: rebased.lines, warning };
}

/**
 * The hunk's runs of removed and added lines as edits, its first old line at 0-based `at`. Returns the 0-based end
 * (exclusive) of the last old line a run changed, or `at` when none did.
 */
function pushEdits(
  edits: ResolvedEdit[],
  hunk: PatchHunk,
  at: number,
  name: string,
  added: AddedLines,
): number {
  let position = at;
  let addedIndex = 0;
  let run: { at: number; removed: string[]; added: string[] } | undefined;
  let changedUpTo = at;
  const flush = () => {
    if (run === undefined) return;
    const { removed } = run;
    const same =
      removed.length === run.added.length && removed.every((text, offset) => text === run!.added[offset]);
    if (!same) {
      const index = edits.length;
      if (removed.length === 0) {
        edits.push({
          index,
          type: "insert_after",
          gap: run.at,
          anchorLine: undefined,
          lines: run.added,
          label: name,
          // A diff shows the lines around its change: a line it repeats there is meant (repeats.ts).
          neighboursShown: true,
        });
      } else {
        const type = run.added.length === 0 ? ("delete" as const) : ("replace" as const);
        edits.push({
          index,
          type,
          start: run.at + 1,
          end: run.at + removed.length,
          lines: run.added,
          label: name,
          neighboursShown: true,
        });
      }
    }
    changedUpTo = run.at + removed.length;
    run = undefined;
  };
  for (const line of hunk.lines) {
    if (line.op === " ") {
      flush();
      position++;
      continue;
    }
    run ??= { at: position, removed: [], added: [] };
    if (line.op === "-") {
      run.removed.push(line.text);
      position++;
    } else run.added.push(added.lines[addedIndex++]!);
  }
  flush();
  return changedUpTo;
}
