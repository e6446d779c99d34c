// Boundary repeats: content whose first or last lines repeat the lines right outside where it goes (a model
// echoing the line after its range, or the anchor of an insert). Found here, judged by `judgeRepeat`; the engine
// refuses or warns (docs/format.md, "When the content repeats the lines around it"). Never changes what is written.

import { isRangeEdit, type ResolvedEdit } from "./edit-types.ts";

/** Longest run of lines checked as one repeated block (a model echoes a line or a few, not pages). */
const MAX_BLOCK = 16;

export type RepeatSide = "before" | "after";

/** What a repeat does to the file, and so what lapp does with it. */
export type RepeatVerdict = "refuse" | "warn";

export interface BoundaryRepeat {
  /** The edit's index in the call. */
  index: number;
  /** `after`: the last lines of content repeat the lines after the edit; `before`: the first, those before. */
  side: RepeatSide;
  /** How many lines repeat. */
  count: number;
  /** The repeated lines of the file before the call (1-based, inclusive), outside the edit. */
  neighbour: { from: number; to: number };
  /** Offset in the edit's lines of the first repeating content line. */
  copyOffset: number;
  /** Every repeated line is blank (only whitespace). */
  blank: boolean;
  /** The file already held the block twice in a row there (across the boundary or beyond the repeated lines):
   *  the edit lengthens a run of copies (closing braces of nested blocks, a repeated statement) rather than starting one. */
  lengthensRun: boolean;
  verdict: RepeatVerdict;
}

/**
 * Every boundary repeat of `edits` (resolved, non-overlapping, in any order) against `lines` (the file before the
 * call). A side whose neighbouring lines another edit of the call changes, or separates by an insert, is not
 * checked: what ends up next to the content there is the model's own new text, not a line it could have echoed.
 */
export function findBoundaryRepeats(
  lines: readonly string[],
  edits: readonly ResolvedEdit[],
): BoundaryRepeat[] {
  const found: BoundaryRepeat[] = [];
  for (const edit of edits) {
    if (edit.lines.length === 0) continue;
    for (const side of ["before", "after"] as const) {
      const repeat = repeatAt(lines, edits, edit, side);
      if (repeat) found.push(repeat);
    }
  }
  return found.sort((a, b) => a.index - b.index || (a.side === "before" ? -1 : 1));
}

/** Refuse a new repeat of a line that matters; warn when the repeated lines are blank or the run was there already. */
function judgeRepeat(blank: boolean, lengthensRun: boolean): RepeatVerdict {
  return blank || lengthensRun ? "warn" : "refuse";
}

/** The old lines an edit removes, as `first..last` (an insert removes none: `last = first - 1`, its gap). */
function removedSpan(edit: ResolvedEdit): { first: number; last: number } {
  return isRangeEdit(edit) ? { first: edit.start, last: edit.end } : { first: edit.gap + 1, last: edit.gap };
}

function repeatAt(
  lines: readonly string[],
  edits: readonly ResolvedEdit[],
  edit: ResolvedEdit,
  side: RepeatSide,
): BoundaryRepeat | undefined {
  const content = edit.lines;
  const { first, last } = removedSpan(edit);
  const reach = Math.min(content.length, MAX_BLOCK, untouchedReach(lines.length, edits, edit, side));
  for (let count = reach; count >= 1; count--) {
    // The neighbouring block of `count` lines and the content lines that would sit against it.
    const from = side === "after" ? last + 1 : first - count;
    const copyOffset = side === "after" ? content.length - count : 0;
    if (!sameBlock(content, copyOffset, lines, from - 1, count)) continue;
    // A block made of copies of a shorter one (`}`, `}`) is judged as that one: the run is of the shorter block.
    return judged(lines, edit, side, shortestPeriod(lines.slice(from - 1, from - 1 + count)));
  }
  return undefined;
}

/**
 * The repeat of `count` lines on `side` of `edit` (its content's edge equals the lines next to it), judged by the
 * copies of that block against the boundary: undefined when the edit leaves as many as the file held.
 */
function judged(
  lines: readonly string[],
  edit: ResolvedEdit,
  side: RepeatSide,
  count: number,
): BoundaryRepeat | undefined {
  const content = edit.lines;
  const { first, last } = removedSpan(edit);
  const from = side === "after" ? last + 1 : first - count;
  const block = lines.slice(from - 1, from - 1 + count);
  const inContent =
    side === "after" ? copiesBackward(content, content.length, block) : copiesForward(content, 0, block);
  // Content made only of copies joins the copies on its other side too.
  const beyond =
    inContent * count !== content.length
      ? 0
      : side === "after"
        ? copiesBackward(lines, first - 1, block)
        : copiesForward(lines, last, block);
  const before =
    side === "after" ? copiesBackward(lines, last, block) : copiesForward(lines, first - 1, block);
  if (inContent + beyond <= before) return undefined; // the boundary holds no more copies than it did
  const blank = block.every((text) => text.trim() === "");
  // Copies of the block next to the repeated lines on their far side: the file already runs copies of it there.
  const farther =
    side === "after" ? copiesForward(lines, from - 1 + count, block) : copiesBackward(lines, from - 1, block);
  const lengthensRun = before > 0 || farther > 0;
  return {
    index: edit.index,
    side,
    count,
    neighbour: { from, to: from + count - 1 },
    copyOffset: side === "after" ? content.length - count : 0,
    blank,
    lengthensRun,
    verdict: judgeRepeat(blank, lengthensRun),
  };
}

/** The length of the shortest block whose copies make up `block` exactly. */
function shortestPeriod(block: readonly string[]): number {
  for (let period = 1; period < block.length; period++) {
    if (block.length % period !== 0) continue;
    if (block.every((text, at) => text === block[at % period])) return period;
  }
  return block.length;
}

/**
 * How many lines on `side` of `edit` stay next to its content in the new file: up to the file's edge, to the first
 * line another edit replaces, or to a gap where another edit inserts lines between them.
 */
function untouchedReach(
  lineCount: number,
  edits: readonly ResolvedEdit[],
  edit: ResolvedEdit,
  side: RepeatSide,
): number {
  const { first, last } = removedSpan(edit);
  let reach = side === "after" ? lineCount - last : first - 1;
  for (const other of edits) {
    if (other === edit) continue;
    if (isRangeEdit(other)) {
      // Lines other replaces, counted from the boundary outwards.
      const distance = side === "after" ? other.start - last : first - other.end;
      if (distance >= 1) reach = Math.min(reach, distance - 1);
      continue;
    }
    // An insert into a gap: gap `last` is right after the content, gap `first - 1` right before it.
    const distance = side === "after" ? other.gap - last : first - 1 - other.gap;
    if (distance < 0) continue;
    if (distance > 0) {
      reach = Math.min(reach, distance);
      continue;
    }
    // The same gap as the boundary: an insert lands between only when it comes after (before) this one there.
    const between = isRangeEdit(edit)
      ? true
      : side === "after"
        ? other.index > edit.index
        : other.index < edit.index;
    if (between) reach = 0;
  }
  return Math.max(0, reach);
}

function sameBlock(
  content: readonly string[],
  offset: number,
  lines: readonly string[],
  lineIndex: number,
  count: number,
): boolean {
  if (lineIndex < 0 || lineIndex + count > lines.length) return false;
  for (let step = 0; step < count; step++)
    if (content[offset + step] !== lines[lineIndex + step]) return false;
  return true;
}

/** How many copies of `block` end right before index `end` of `texts`, going backwards. */
function copiesBackward(texts: readonly string[], end: number, block: readonly string[]): number {
  let copies = 0;
  for (
    let at = end - block.length;
    at >= 0 && sameBlock(block, 0, texts, at, block.length);
    at -= block.length
  )
    copies++;
  return copies;
}

/** How many copies of `block` start at index `start` of `texts`, going forwards. */
function copiesForward(texts: readonly string[], start: number, block: readonly string[]): number {
  let copies = 0;
  for (let at = start; sameBlock(block, 0, texts, at, block.length); at += block.length) copies++;
  return copies;
}
