// applyEdits: validate every ref → plan (duplicates, overlaps) → splice all edits in one pass.
// Edits act as if simultaneous on the file before the call; untouched lines keep text and terminator.

import { fail, ok, type Result } from "../errors.ts";
import { endsWithNewline, type Terminator, type TextDocument } from "../text/document.ts";
import { arrayOfLength } from "../text/spare-arrays.ts";
import {
  countIn,
  dominantOf,
  rememberTerminatorCounts,
  terminatorCounts,
  type TerminatorCounts,
} from "../text/terminator-counts.ts";
import {
  isRangeEdit,
  type ChangedRegion,
  type EditInput,
  type EditOptions,
  type EditOutcome,
  type ResolvedEdit,
} from "./edit-types.ts";
import { failuresToError } from "./failures.ts";
import * as say from "./messages.ts";
import { planEdits } from "./plan.ts";
import { contentNotes } from "./content-notes.ts";
import { placeNotes, placeRepeats, repeatFailure, repeatsError } from "./repeat-report.ts";
import { findBoundaryRepeats } from "./repeats.ts";
import { validateEdits, type EditFailure } from "./validate.ts";

/** One change to the old line array: remove `removeCount` lines at index `from`, put `lines` there. */
interface Splice {
  from: number;
  removeCount: number;
  lines: readonly string[];
}

/**
 * Applies `edits` to `doc` as one atomic call. Fails with INVALID_EDIT / INVALID_REF /
 * LINE_OUT_OF_RANGE / HASH_MISMATCH (all failures together), OVERLAPPING_EDITS, or NO_CHANGE.
 */
export function applyEdits(
  doc: TextDocument,
  edits: readonly EditInput[],
  options: EditOptions = {},
): Result<EditOutcome> {
  const validation = validateEdits(doc, edits, options);
  if (validation.failures.length > 0) {
    // When only the shape of edits failed (a copied prefix, say), content of the edits that did resolve that would
    // repeat a line is named too, so one retry fixes both. A refused ref keeps its own code and payload.
    const refsHeld = validation.failures.every((failure) => failure.code === "INVALID_EDIT");
    const failures = [
      ...validation.failures,
      ...(refsHeld ? repeatFailures(doc.lines, validation.resolved) : []),
    ];
    return { ok: false, error: failuresToError(doc.lines, failures, validation.lineRefs.size) };
  }
  const plan = planEdits(validation.resolved);
  if (!plan.ok) return plan;
  // A dropped duplicate's own warnings would only repeat those of the edit it duplicates.
  const kept = new Set(plan.value.edits.map((edit) => edit.index));
  const leniencies = validation.warnings.filter((warning) => kept.has(warning.index));
  const warnings = [...leniencies.map((warning) => warning.text), ...plan.value.warnings];
  const applied = applyResolved(doc, plan.value.edits, warnings);
  if (applied.ok) applied.value.mapped = validation.mapped;
  return applied;
}

/**
 * Applies edits already resolved to lines of `doc` (validated, non-overlapping): a block tool that found its
 * span hands it over directly. INVALID_EDIT when content would repeat a line next to it in a way lapp refuses
 * (repeats.ts), NO_CHANGE when nothing would change.
 */
export function applyResolved(
  doc: TextDocument,
  edits: readonly ResolvedEdit[],
  warnings: string[] = [],
): Result<EditOutcome> {
  const repeats = findBoundaryRepeats(doc.lines, edits);
  const refused = repeats.filter((repeat) => repeat.verdict === "refuse");
  if (refused.length > 0) return { ok: false, error: repeatsError(doc.lines, edits, refused) };
  const sorted = [...edits].sort(byPosition);
  const splices: Splice[] = [];
  for (const edit of sorted) {
    const splice = minimalSplice(doc.lines, edit);
    if (splice) splices.push(splice);
    else warnings.push(say.noOpEdit(edit.index));
  }
  const outcome = splices.length === 0 ? undefined : build(doc, splices, warnings);
  if (!outcome || sameText(doc, outcome.doc, outcome.regions))
    return fail("NO_CHANGE", say.noChangeSummary(), say.noChangeDetails());
  const starts = newStarts(sorted);
  if (repeats.length > 0) outcome.repeats = placeRepeats(edits, repeats, (index) => starts.get(index)!);
  const notes = sorted.flatMap((edit) =>
    placeNotes(edit, starts.get(edit.index)!, contentNotes(doc.lines, edit)),
  );
  if (notes.length > 0) outcome.notes = notes;
  return ok(outcome);
}

function repeatFailures(lines: readonly string[], resolved: readonly ResolvedEdit[]): EditFailure[] {
  return findBoundaryRepeats(lines, resolved)
    .filter((repeat) => repeat.verdict === "refuse")
    .map((repeat) => ({
      code: "INVALID_EDIT",
      index: repeat.index,
      message: repeatFailure(
        lines,
        resolved.find((edit) => edit.index === repeat.index)!,
        repeat,
      ),
    }));
}

/** Where each edit's first content line lands in the new file (0-based), by the edit's index. */
function newStarts(sorted: readonly ResolvedEdit[]): Map<number, number> {
  const starts = new Map<number, number>();
  let shift = 0;
  for (const edit of sorted) {
    starts.set(edit.index, (isRangeEdit(edit) ? edit.start - 1 : edit.gap) + shift);
    shift += edit.lines.length - (isRangeEdit(edit) ? edit.end - edit.start + 1 : 0);
  }
  return starts;
}

/**
 * Order in the old file. A gap insert sorts before a range starting right after that gap, and inserts
 * into one gap keep the order given. Keys use the untrimmed edit so a trimmed replace keeps its place.
 */
function byPosition(a: ResolvedEdit, b: ResolvedEdit): number {
  const [aAt, aPhase] = isRangeEdit(a) ? [a.start - 1, 1] : [a.gap, 0];
  const [bAt, bPhase] = isRangeEdit(b) ? [b.start - 1, 1] : [b.gap, 0];
  return aAt - bAt || aPhase - bPhase || a.index - b.index;
}

/**
 * The smallest splice doing what `edit` asks: a replace keeps its leading and trailing lines that
 * already hold the same text (so their bytes, terminators included, stay). Undefined when nothing changes.
 */
function minimalSplice(lines: readonly string[], edit: ResolvedEdit): Splice | undefined {
  if (!isRangeEdit(edit)) return { from: edit.gap, removeCount: 0, lines: edit.lines };
  const oldCount = edit.end - edit.start + 1;
  const first = edit.start - 1;
  const next = edit.lines;
  let prefix = 0;
  while (prefix < oldCount && prefix < next.length && lines[first + prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < oldCount - prefix &&
    suffix < next.length - prefix &&
    lines[first + oldCount - 1 - suffix] === next[next.length - 1 - suffix]
  ) {
    suffix++;
  }
  const removeCount = oldCount - prefix - suffix;
  const inserted = next.slice(prefix, next.length - suffix);
  if (removeCount === 0 && inserted.length === 0) return undefined;
  return { from: first + prefix, removeCount, lines: inserted };
}

/** The edited document, its arrays made in one pass over the old ones (`spliced`), its terminator counts carried. */
function build(doc: TextDocument, splices: readonly Splice[], warnings: string[]): EditOutcome {
  // The old array's counts, kept up to date as terminators change: the new array's, remembered for the next edit.
  const counts = terminatorCounts(doc.terminators);
  const dominant = dominantOf(counts);
  // Edits that replace lines one for one (the usual edit) write into copies of the arrays, which keep their size;
  // others build the new arrays. Growing arrays of a big file was much of the garbage an edit left.
  const inPlace = splices.every((splice) => splice.lines.length === splice.removeCount);
  // Lines replaced one for one keep their own terminators: such an edit shares the old array (documents are never
  // changed) until a terminator does change, and spares copying an array the size of the file.
  let terminators: Terminator[] = doc.terminators as Terminator[];
  let ownsTerminators = false;
  const setTerminator = (index: number, terminator: Terminator) => {
    if (terminators[index] === terminator) return;
    if (!ownsTerminators) {
      terminators = copyOf(terminators);
      ownsTerminators = true;
    }
    countIn(counts, terminators[index]!, -1);
    countIn(counts, terminator, 1);
    terminators[index] = terminator;
  };
  const regions: ChangedRegion[] = [];
  /** Each splice's new lines and their terminators: a line replaced one for one keeps its own, others the dominant. */
  const pieces = splices.map((splice) => ({
    ...splice,
    terminators: splice.lines.map((_, offset) =>
      offset < splice.removeCount ? doc.terminators[splice.from + offset] || dominant : dominant,
    ),
  }));
  let cursor = 0;
  let added = 0;
  let removed = 0;
  for (const splice of pieces) {
    const touchesPrevious = regions.length > 0 && splice.from === cursor;
    const start = splice.from + added - removed + 1;
    added += splice.lines.length;
    removed += splice.removeCount;
    cursor = splice.from + splice.removeCount;
    const last = regions.at(-1);
    if (touchesPrevious && last) {
      last.lineCount += splice.lines.length;
      last.removedCount += splice.removeCount;
    } else {
      regions.push({
        start,
        lineCount: splice.lines.length,
        oldStart: splice.from + 1,
        removedCount: splice.removeCount,
      });
    }
  }
  let lines: string[];
  if (inPlace && pieces.length > 1) {
    lines = copyOf(doc.lines);
    for (const splice of pieces) splice.lines.forEach((line, offset) => (lines[splice.from + offset] = line));
  } else lines = spliced(doc.lines, pieces, (splice) => splice.lines);
  if (inPlace) {
    for (const splice of pieces)
      splice.terminators.forEach((terminator, offset) => setTerminator(splice.from + offset, terminator));
  } else {
    for (const splice of pieces) {
      for (let index = splice.from; index < splice.from + splice.removeCount; index++)
        countIn(counts, doc.terminators[index]!, -1);
      for (const terminator of splice.terminators) countIn(counts, terminator, 1);
    }
    terminators = spliced(doc.terminators as Terminator[], pieces, (splice) => splice.terminators);
    ownsTerminators = true;
  }
  keepFinalNewlineState(terminators, counts, endsWithNewline(doc), dominant, setTerminator);
  if (ownsTerminators) rememberTerminatorCounts(terminators, counts);
  return {
    doc: { encoding: doc.encoding, bom: doc.bom, lines, terminators },
    editsApplied: splices.length,
    added,
    removed,
    warnings,
    regions,
    mapped: [],
  };
}

/**
 * `items` with each piece's `removeCount` items at `from` replaced by `itemsOf(piece)` (pieces in order, not
 * overlapping), in an array of the final length (made between calls where it can be: spare-arrays.ts) filled in one
 * pass. For the 200,000 lines of a 9 MB file, in a server between edits, that took ~1.0 ms where the native
 * `toSpliced` or `slice` took ~1.9 ms (an edit copies both the lines and their terminators); pushing grew the array
 * and left it slow to copy again at the next edit. Filling a spare, ~0.3 ms.
 */
function spliced<T, P extends { from: number; removeCount: number }>(
  items: readonly T[],
  pieces: readonly P[],
  itemsOf: (piece: P) => readonly T[],
): T[] {
  let length = items.length;
  for (const piece of pieces) length += itemsOf(piece).length - piece.removeCount;
  const out = arrayOfLength<T>(length);
  let written = 0;
  let cursor = 0;
  for (const piece of pieces) {
    while (cursor < piece.from) out[written++] = items[cursor++]!;
    for (const item of itemsOf(piece)) out[written++] = item;
    cursor = piece.from + piece.removeCount;
  }
  while (cursor < items.length) out[written++] = items[cursor++]!;
  return out;
}

/**
 * Only the last line may lack a terminator, and whether it does is the file's choice: a line that was
 * last but no longer is gets the dominant terminator; the new last line ends like the old last line did.
 */
function keepFinalNewlineState(
  terminators: readonly Terminator[],
  counts: TerminatorCounts,
  finalNewline: boolean,
  dominant: "\n" | "\r\n",
  set: (index: number, terminator: Terminator) => void,
): void {
  const lastIndex = terminators.length - 1;
  // The counts say whether a line before the last lacks a terminator at all (most edits: none), sparing the pass.
  const bareBeforeLast = counts.none - (terminators[lastIndex] === "" ? 1 : 0);
  if (bareBeforeLast > 0)
    for (let index = 0; index < lastIndex; index++) if (terminators[index] === "") set(index, dominant);
  if (lastIndex < 0) return;
  if (!finalNewline) set(lastIndex, "");
  else if (terminators[lastIndex] === "") set(lastIndex, dominant);
}

/**
 * A copy of an array of a file's lines or terminators. Array.prototype.slice took ~1 ms for 100,000 lines here (Bun
 * 1.4), a spread ~0.15 ms (a loop into `new Array(n)` is as fast, but its holey copy joins 1 ms slower): for a
 * one-line edit of a big file, that copy was the largest cost after the write.
 */
function copyOf<T>(items: readonly T[]): T[] {
  return [...items];
}

/**
 * Whether the edited document reads as the old one. `build` takes every line outside the changed regions from the
 * old document, and shares its terminators until one changes: so where every region keeps its line count and the
 * terminators are shared, the regions' lines alone can differ. Comparing all 200,000 lines of a 9 MB file after a
 * one-line replacement (the usual edit) took ~0.5 ms.
 */
function sameText(before: TextDocument, after: TextDocument, regions: readonly ChangedRegion[]): boolean {
  if (before.lines.length !== after.lines.length) return false;
  if (
    after.terminators === before.terminators &&
    regions.every((region) => region.lineCount === region.removedCount && region.start === region.oldStart)
  ) {
    return regions.every((region) => {
      for (let index = region.start - 1; index < region.start - 1 + region.lineCount; index++)
        if (before.lines[index] !== after.lines[index]) return false;
      return true;
    });
  }
  for (let index = 0; index < before.lines.length; index++) {
    if (
      before.lines[index] !== after.lines[index] ||
      before.terminators[index] !== after.terminators[index]
    ) {
      return false;
    }
  }
  return true;
}
