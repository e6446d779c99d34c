// What the engine says about boundary repeats (repeats.ts): the INVALID_EDIT error of refused ones, with the
// current rows of the repeated lines marked, and the notes of applied ones, placed in the new file for the answer;
// also the warnings of content-notes.ts, naming the lines an edit wrote.

import { LappError } from "../errors.ts";
import { isRangeEdit, type RepeatNote, type ResolvedEdit, type WrittenNote } from "./edit-types.ts";
import { prose, row, type AnswerItem } from "./answer.ts";
import { refOf } from "./hash.ts";
import * as say from "./messages.ts";
import type { ContentNote } from "./content-notes.ts";
import type { BoundaryRepeat } from "./repeats.ts";
import { repairGroups } from "./repair.ts";

const placeOf = (edit: ResolvedEdit): string => edit.place ?? say.editPlace(edit.index);

/** `42#QX` or `42#QX..43#XY` for lines `from..to` of `lines`. */
function spanRefs(lines: readonly string[], from: number, to: number): string {
  const first = refOf(from, lines[from - 1]!);
  return from === to ? first : `${first}..${refOf(to, lines[to - 1]!)}`;
}

function wording(lines: readonly string[], edit: ResolvedEdit, repeat: BoundaryRepeat): say.RepeatWording {
  return {
    place: placeOf(edit),
    side: repeat.side,
    count: repeat.count,
    refs: spanRefs(lines, repeat.neighbour.from, repeat.neighbour.to),
  };
}

/** The sentence naming a refused repeat and how to retry it, as one item of a list of failures. */
export function repeatFailure(lines: readonly string[], edit: ResolvedEdit, repeat: BoundaryRepeat): string {
  return `${say.repeatRefused(wording(lines, edit, repeat))}. ${adviceFor(lines, edit, repeat)}`;
}

function adviceFor(lines: readonly string[], edit: ResolvedEdit, repeat: BoundaryRepeat): string {
  // A lapp_edit range can take the repeated lines in instead; a block tool's span or an insert cannot.
  const edge = repeat.side === "after" ? repeat.neighbour.to : repeat.neighbour.from;
  const extendTo = isRangeEdit(edit) && edit.place === undefined ? refOf(edge, lines[edge - 1]!) : undefined;
  return say.repeatAdvice(wording(lines, edit, repeat), extendTo, anchorRepeated(edit, repeat));
}

/** The one error for every refused repeat of a call: each named, the rows around them, how to retry. */
export function repeatsError(
  lines: readonly string[],
  edits: readonly ResolvedEdit[],
  refused: readonly BoundaryRepeat[],
): LappError {
  const editOf = (repeat: BoundaryRepeat) => edits.find((edit) => edit.index === repeat.index)!;
  const marked = new Set(
    refused.flatMap(({ neighbour }) =>
      Array.from({ length: neighbour.to - neighbour.from + 1 }, (_, step) => neighbour.from + step),
    ),
  );
  const groups = repairGroups(lines.length, [...marked]);
  const rows: AnswerItem[] = [prose(say.repeatRowsHeading())];
  groups.forEach((group, groupIndex) => {
    if (groupIndex > 0) rows.push(prose(say.repairGroupSeparator()));
    for (let line = group.from; line <= group.to; line++)
      rows.push(row(line, lines[line - 1]!, marked.has(line) ? "marked" : "unmarked"));
  });
  if (refused.length === 1) {
    const [repeat] = refused as [BoundaryRepeat];
    const edit = editOf(repeat);
    const summary = say.withNothingWritten(say.repeatRefused(wording(lines, edit, repeat)));
    return new LappError("INVALID_EDIT", summary, [...rows, prose(adviceFor(lines, edit, repeat))]);
  }
  const items = refused.map((repeat) =>
    prose(say.problemListItem(repeatFailure(lines, editOf(repeat), repeat))),
  );
  return new LappError("INVALID_EDIT", say.repeatsSummary(refused.length), [...items, ...rows]);
}

/** The insert's content repeats its own anchor line (a model showing where the lines go). */
function anchorRepeated(edit: ResolvedEdit, repeat: BoundaryRepeat): boolean {
  if (isRangeEdit(edit) || edit.anchorLine === undefined) return false;
  return repeat.side === "before"
    ? repeat.neighbour.to === edit.anchorLine
    : repeat.neighbour.from === edit.anchorLine;
}

/**
 * Applied repeats, placed in the new file: `startOf(index)` is the new line index (0-based) of the edit's first
 * content line. The copy is the content's; the original the file's lines next to it.
 */
export function placeRepeats(
  edits: readonly ResolvedEdit[],
  repeats: readonly BoundaryRepeat[],
  startOf: (index: number) => number,
): RepeatNote[] {
  return repeats.map((repeat) => {
    const edit = edits.find((item) => item.index === repeat.index)!;
    const start = startOf(repeat.index);
    const copyFrom = start + repeat.copyOffset + 1;
    const originalFrom = repeat.side === "after" ? start + edit.lines.length + 1 : start - repeat.count + 1;
    return {
      place: placeOf(edit),
      side: repeat.side,
      count: repeat.count,
      copy: { from: copyFrom, to: copyFrom + repeat.count - 1 },
      original: { from: originalFrom, to: originalFrom + repeat.count - 1 },
      before: repeat.neighbour,
    };
  });
}

/** The warning line of an applied repeat, with refs of the new file (`lines`): the later copy is the one to delete. */
export function repeatWarning(lines: readonly string[], note: RepeatNote): string {
  const words = { place: note.place, side: note.side, count: note.count, refs: "" };
  const [earlier, later] =
    note.copy.from < note.original.from ? [note.copy, note.original] : [note.original, note.copy];
  return say.repeatApplied(
    words,
    spanRefs(lines, earlier.from, earlier.to),
    spanRefs(lines, later.from, later.to),
  );
}

/** The warning of a repeat in a dry run, with refs of the file as it is (`lines`, before the call). */
export function repeatPreview(lines: readonly string[], note: RepeatNote): string {
  const refs = spanRefs(lines, note.before.from, note.before.to);
  return say.repeatPreviewed({ place: note.place, side: note.side, count: note.count, refs });
}

/** The new-file lines a repeat's warning names: the answer shows them as rows, so their refs count as shown. */
export function linesNamedBy(notes: readonly RepeatNote[] | undefined): number[] {
  const named = new Set<number>();
  for (const note of notes ?? [])
    for (const span of [note.copy, note.original])
      for (let line = span.from; line <= span.to; line++) named.add(line);
  return [...named].sort((a, b) => a - b);
}

/** `notes` on `edit`, whose lines start at new index `start` (0-based) of the new file. */
export function placeNotes(edit: ResolvedEdit, start: number, notes: readonly ContentNote[]): WrittenNote[] {
  const lines = { from: start + 1, to: start + edit.lines.length };
  return notes.map((note) => ({ place: placeOf(edit), note, lines }));
}

/** The warning of a written note: with the refs of its lines in the new file, or (a dry run) without them. */
export function noteWarning(written: WrittenNote, newLines?: readonly string[]): string {
  const span = newLines && spanRefs(newLines, written.lines.from, written.lines.to);
  return written.note.kind === "diff-markers"
    ? say.diffMarkersWritten(written.place, span)
    : say.lostIndentWritten(written.place, written.note.indent, span);
}
