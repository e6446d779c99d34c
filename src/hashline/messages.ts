// Every sentence of the hashline engine that a model reads, as functions of data.
// Wording lives here only, so it can be tuned for models without touching the logic.

import { ID_ALPHABET } from "./hash.ts";

const NOTHING_WRITTEN = "nothing was written.";

const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

// refs

export type InvalidRefReason = "empty" | "missing_hash" | "missing_line" | "bad_shape" | "bad_id_letters";

const REASONS: Record<InvalidRefReason, string> = {
  empty: "it is empty",
  missing_hash: "it has no #ID after the line number",
  missing_line: "it has no line number before #",
  bad_shape: "the ID after # must be exactly two letters",
  bad_id_letters: `IDs use only the letters ${ID_ALPHABET}`,
};

export function invalidRefSummary(raw: string, reason: InvalidRefReason, exampleRef: string): string {
  return `${JSON.stringify(raw)} is not a ref (${REASONS[reason]}); expected LINE#ID exactly as lapp shows it, e.g. "${exampleRef}" (inserts also take "0:" or "EOF:")`;
}

// edit shape

/** `edits[2]` or `edits[2].start`: 0-based like the JSON array the model sent. */
export const editPlace = (index: number, field?: string): string =>
  field ? `edits[${index}].${field}` : `edits[${index}]`;

export const unknownEditType = (index: number, type: unknown): string =>
  `${editPlace(index, "type")} is ${JSON.stringify(type)}; use replace, insert_after, insert_before or delete`;

export const anchorAndRange = (index: number, type: string): string =>
  `${editPlace(index)} (${type}) gives both anchor and start/end; give anchor for one line, or start and end for a range`;

export const halfRange = (index: number, type: string, missing: "start" | "end"): string =>
  `${editPlace(index)} (${type}) gives ${missing === "end" ? "start" : "end"} without ${missing}; a range needs both (use anchor for one line)`;

export const missingTarget = (index: number, type: string): string =>
  `${editPlace(index)} (${type}) needs anchor (one line) or start and end (a range)`;

export const replaceNeedsContent = (index: number): string =>
  `${editPlace(index)} (replace) has no content; give the new lines, or "" to remove the lines`;

export const deleteTakesNoContent = (index: number): string =>
  `${editPlace(index)} (delete) has content; a delete takes none (use replace to change lines)`;

export const insertTakesAnchorOnly = (index: number, type: string): string =>
  `${editPlace(index)} (${type}) gives start/end; an insert takes only anchor, the line it goes ${type === "insert_after" ? "after" : "before"}`;

export const insertNeedsAnchor = (index: number, type: string): string =>
  `${editPlace(index)} (${type}) has no anchor; give a ref, or "0:" (start of file) / "EOF:" (end of file)`;

export const insertNeedsContent = (index: number, type: string): string =>
  `${editPlace(index)} (${type}) has nothing to insert; content must hold at least one line ("\\n" is one empty line)`;

export const specialAnchorMisplaced = (index: number, type: string, field: string, shown: string): string =>
  `${editPlace(index, field)} is "${shown}", which is an insert position; ${type} needs a line ref like "12#KT"`;

export const startAfterEnd = (index: number, start: string, end: string): string =>
  `${editPlace(index)} has start ${start} after end ${end}; start must be the first line of the range`;

export const badRef = (index: number, field: string, summary: string): string =>
  `${editPlace(index, field)}: ${summary}`;

export const lineOutOfRange = (
  index: number,
  field: string,
  shown: string,
  lineCount: number,
  lastRef: string | undefined,
): string => {
  const size =
    lastRef === undefined
      ? `the file is empty (insert with "0:")`
      : `the file has ${plural(lineCount, "line")} (the last is ${lastRef})`;
  return `${editPlace(index, field)} is ${shown}, but ${size}`;
};

/** Why a ref was refused, in the words of its list item (the payload below shows the rows). */
export const staleRef = (
  index: number,
  field: string,
  shown: string,
  reason: "changed" | "moved" | "gone" | "dropped" | "inside",
  fresh: string,
): string => {
  const line = shown.split("#")[0];
  const why = {
    changed: `line ${line} changed since it was shown (now ${fresh})`,
    moved: `that line was moved by a change made outside lapp; it is now ${fresh}`,
    gone: `that line was replaced by an earlier edit; ${fresh} is there now`,
    dropped: `that ref is too old: lapp no longer remembers which line it showed (read these lines again; ${fresh} is line ${line} now)`,
    inside: `line ${line} inside the range changed since you saw it (now ${fresh})`,
  }[reason];
  return `${editPlace(index, field)} is ${shown}, but ${why}`;
};

export const changedInside = (index: number, range: string, fresh: string): string =>
  `${editPlace(index)} covers ${range}, but ${fresh} inside it changed since you saw it`;

export const ambiguousRef = (
  index: number,
  field: string,
  shown: string,
  candidates: readonly string[],
  replacedBy?: "edit" | "outside",
): string => {
  const gone = replacedBy
    ? ` or a line ${replacedBy === "edit" ? "an earlier edit replaced" : "changed outside lapp"}`
    : "";
  return `${editPlace(index, field)} is ${shown}, which lapp showed for more than one line: ${candidates.join(" or ")}${gone}`;
};

// warnings

export const prefixesStripped = (index: number): string =>
  `${editPlace(index, "content")}: every line started with a copied "N#ID:" prefix; the prefixes were removed`;

/** What one boundary repeat says: who, which side, how many lines, which file lines it repeats. */
export interface RepeatWording {
  /** `edits[2]`, or what the tool calls its one edit. */
  place: string;
  side: "before" | "after";
  count: number;
  /** The repeated lines of the file as refs: `42#QX` or `42#QX..43#XY`. */
  refs: string;
}

const contentEnd = (side: "before" | "after", count: number): string =>
  `the ${side === "after" ? "last" : "first"} ${count === 1 ? "line" : `${count} lines`} of content`;

const neighbourWords = (side: "before" | "after", count: number): string =>
  `${count === 1 ? "the line" : `the ${count} lines`} right ${side} where ${count === 1 ? "it goes" : "they go"}`;

/** A repeat lapp refuses: which content lines repeat which file lines. */
export const repeatRefused = (words: RepeatWording): string =>
  `${words.place}: ${contentEnd(words.side, words.count)} ${words.count === 1 ? "repeats" : "repeat"} ${words.refs}, ${neighbourWords(words.side, words.count)}, so the file would hold ${words.count === 1 ? "that line" : "those lines"} twice`;

/**
 * How to retry a refused repeat: drop the copy; for a range, take the line into the range (`extendTo`, the ref to
 * end or start it at); or, to have the line twice on purpose, double it in place.
 */
export function repeatAdvice(
  words: RepeatWording,
  extendTo: string | undefined,
  anchorRepeated: boolean,
): string {
  const them = words.count === 1 ? "it" : "them";
  const lines = words.count === 1 ? "that line" : `those ${words.count} lines`;
  const advice = [
    anchorRepeated
      ? `Content holds only the new lines (the insert keeps ${words.refs} as it is): drop ${lines} from content.`
      : `If ${words.refs} should stay as ${words.count === 1 ? "it is" : "they are"}, drop ${lines} from content.`,
  ];
  if (extendTo !== undefined)
    advice.push(
      `If the edit should replace ${words.refs} too, ${words.side === "after" ? "end" : "start"} the range at ${extendTo}.`,
    );
  // An insert's anchor cannot be replaced by another edit of the call: the anchor's own replace takes the content.
  advice.push(
    anchorRepeated
      ? `To have ${them} twice on purpose, replace ${words.refs} instead, with ${words.side === "before" ? `${them} followed by this content` : `this content followed by ${them}`}.`
      : `To have ${them} twice on purpose, drop ${them} from content and replace ${words.refs} with two copies of ${them}.`,
  );
  return advice.join(" ");
}

export function repeatsSummary(count: number): string {
  return `${plural(count, "edit")} would repeat the lines around ${count === 1 ? "it" : "them"} (details below); ${NOTHING_WRITTEN}`;
}

export const repeatRowsHeading = (): string => "Current rows, the repeated lines marked:";

/**
 * The warning of an applied repeat: both copies in file order, and the later one to delete if it was not meant (the
 * two hold the same text, so either undoes it; the earlier can share its ref with a line shown before the edit).
 */
export const repeatApplied = (words: RepeatWording, earlier: string, later: string): string =>
  `${words.place}: ${contentEnd(words.side, words.count)} ${words.count === 1 ? "repeats" : "repeat"} ${neighbourWords(words.side, words.count)}: ${earlier} and ${later} now hold the same text${words.count === 1 ? "" : "s"}; if that was not meant, delete ${later}${words.count === 1 ? "" : " (start and end)"}`;

/** The same warning in a dry run, with the refs of the file as it is. */
export const repeatPreviewed = (words: RepeatWording): string =>
  `${words.place}: ${contentEnd(words.side, words.count)} ${words.count === 1 ? "repeats" : "repeat"} ${words.refs}, ${neighbourWords(words.side, words.count)}: the file would hold ${words.count === 1 ? "that line" : "those lines"} twice`;

/** What a written note says: with the refs of the lines written (`span`), or for a dry run without them. */
const writtenAs = (span: string | undefined): string =>
  span === undefined ? "it would be written as given" : `it was written as given (now ${span})`;

/** Every content line started with a diff's "+": written as given, with the one call that would take them off. */
export const diffMarkersWritten = (place: string, span?: string): string =>
  `${place}: every line of content starts with "+", as the added lines of a diff do; ${writtenAs(span)}. If the "+" was not meant, ${span === undefined ? "send the lines" : `replace ${span} with the same lines`} without it`;

/** No content line indented inside an indented block: written as given, with the call that would indent it. */
export const lostIndentWritten = (place: string, indent: string, span?: string): string =>
  `${place}: no line of content is indented, but the lines it replaces and those around it all start with ${JSON.stringify(indent)}; ${writtenAs(span)}. If the indentation was lost, ${span === undefined ? "send the lines" : `replace ${span} with the lines`} indented`;

/** A content line that kept its copied row prefix while other lines have none. */
export function partialPrefixes(
  place: string,
  prefixed: readonly { line: number; prefix: string; text: string }[],
): string {
  const shown = prefixed.slice(0, 5);
  const list = shown.map((item) => `line ${item.line} "${item.prefix}" (text: ${JSON.stringify(item.text)})`);
  const more = prefixed.length > shown.length ? ` and ${prefixed.length - shown.length} more` : "";
  const which = prefixed.length === 1 ? "a content line starts" : `${prefixed.length} content lines start`;
  return `${place}: ${which} with a row prefix copied from lapp's output while other lines have none: ${list.join(", ")}${more}. Content is only the text of the lines: send ${prefixed.length === 1 ? "it" : "them"} without the prefix`;
}

export const duplicateEdit = (index: number, firstIndex: number): string =>
  `${editPlace(index)} repeats ${editPlace(firstIndex)} exactly; it was applied once`;

export const noOpEdit = (index: number): string =>
  `${editPlace(index)} changes nothing: its content equals the current lines`;

export const warningLine = (warning: string): string => `warning: ${warning}`;

// call-level errors

export const withNothingWritten = (sentence: string): string => `${sentence}; ${NOTHING_WRITTEN}`;

export function problemsSummary(count: number, kinds: readonly string[]): string {
  return `${plural(count, "problem")} with the edits (${kinds.join(", ")}); ${NOTHING_WRITTEN}`;
}

export const problemKind = (code: string, count: number): string => {
  const names: Record<string, [string, string]> = {
    INVALID_EDIT: ["invalid edit", "invalid edits"],
    INVALID_REF: ["invalid ref", "invalid refs"],
    LINE_OUT_OF_RANGE: ["line out of range", "lines out of range"],
    HASH_MISMATCH: ["stale ref", "stale refs"],
    AMBIGUOUS_REF: ["ambiguous ref", "ambiguous refs"],
  };
  const [one, many] = names[code] ?? [code, code];
  return `${count} ${count === 1 ? one : many}`;
};

export const problemListItem = (message: string): string => `- ${message}`;

export const staleRowsHeading = (): string => "Current rows around the stale refs:";

export function hashMismatchSummary(
  staleCount: number,
  refCount: number,
  stale: readonly { line: number; at: number; reason?: string }[],
  ambiguousCount: number,
): string {
  const verb = staleCount === 1 ? "is" : "are";
  const moved = stale.filter((ref) => ref.reason === "moved");
  const inside = stale.filter((ref) => ref.reason === "inside");
  const dropped = stale.filter((ref) => ref.reason === "dropped");
  const changed = stale.filter((ref) => !["moved", "inside", "dropped"].includes(ref.reason ?? ""));
  const parts: string[] = [];
  if (changed.length === 1) parts.push(`line ${changed[0]!.line} changed since it was read`);
  else if (changed.length > 1)
    parts.push(`lines ${changed.map((ref) => ref.line).join(", ")} changed since they were read`);
  if (inside.length > 0)
    parts.push(
      `${plural(inside.length, "line")} inside a range changed since you saw them: ${inside.map((ref) => ref.at).join(", ")}`,
    );
  if (dropped.length > 0) parts.push(`too old: ${dropped.map((ref) => `${ref.line}`).join(", ")}`);
  if (moved.length > 0) {
    const list = moved.map((ref) => `${ref.line}→${ref.at}`).join(", ");
    parts.push(`moved outside lapp: ${list}`);
  }
  if (ambiguousCount > 0) parts.push(`${plural(ambiguousCount, "ambiguous ref")}`);
  return `${staleCount} of ${plural(refCount, "ref")} ${verb} stale (${parts.join("; ")}); ${NOTHING_WRITTEN}`;
}

export const ambiguousSummary = (count: number, refCount: number): string =>
  `${count} of ${plural(refCount, "ref")} ${count === 1 ? "names" : "name"} more than one line lapp showed; ${NOTHING_WRITTEN}`;

export const repairGroupSeparator = (): string => "...";

export const movedOutside = (sent: string, fresh: string): string =>
  `${sent} is now ${fresh} (moved by a change made outside lapp; check the rows above, then use ${fresh}).`;

export const changedOutside = (sent: string, fresh: string): string =>
  `${sent} was rewritten; what is there now is ${fresh}.`;

export const tooOld = (sent: string): string =>
  `lapp no longer remembers which line it showed as ${sent} (too old); the rows above are line ${sent.split("#")[0]} and its neighbours now: read the lines you need again, or use their fresh refs.`;

export const changedInsideRange = (fresh: string): string =>
  `${fresh} lies inside your range and changed since you saw it; check the rows above before replacing or deleting it.`;

export const replacedByEdit = (sent: string, fresh: string): string =>
  `${sent} was replaced by an earlier edit; the new text starts at ${fresh}.`;

export const ambiguousCandidates = (
  sent: string,
  fresh: readonly string[],
  replaced?: { by: "edit" | "outside"; fresh: string },
  newest?: string,
  forgotten?: boolean,
): string => {
  const gone = replaced
    ? `, and for a line ${replaced.by === "edit" ? "an earlier edit replaced" : "changed outside lapp"} (its new text starts at ${replaced.fresh})`
    : "";
  const lost = forgotten ? ", and for a line lapp no longer remembers (too old)" : "";
  const count = fresh.length + (replaced ? 1 : 0) + (forgotten ? 1 : 0);
  const again =
    newest === undefined ? "" : ` Sent again, ${sent} means ${newest}, the line lapp showed it for last.`;
  return `${sent} was shown for ${count} different lines, now ${fresh.join(" and ")}${gone}${lost}; use the fresh ref of the one you mean.${again}`;
};

export const retryWithFreshRefs = (): string => "Retry with the fresh refs above.";

/** The result line for refs that lapp's own edits had moved (docs/format.md). */
export function mappedRefsNote(mapped: readonly { ref: string; line: number }[]): string {
  const shownCount = 10;
  const list = mapped
    .slice(0, shownCount)
    .map(({ ref, line }) => `${ref}→${line}`)
    .join(", ");
  const more = mapped.length > shownCount ? ` and ${mapped.length - shownCount} more` : "";
  return `refs from before your last edit were mapped: ${list}${more}`;
}

export const overlapPair = (first: string, second: string): string => `${first} overlaps ${second}`;

export function overlappingSummary(firstPair: string, pairCount: number): string {
  const more = pairCount > 1 ? ` (and ${plural(pairCount - 1, "more overlap")})` : "";
  return `${firstPair}${more}; ${NOTHING_WRITTEN}`;
}

export const overlapAdvice = (): string =>
  "Each line may be replaced or deleted by one edit only, and an insert must not be anchored on a line " +
  "another edit replaces or deletes. Merge such edits into one replace, or anchor the insert on a line outside the range.";

export const editDescription = (index: number, type: string, label: string): string =>
  `${editPlace(index)} (${type} ${label})`;

export const noChangeSummary = (): string =>
  `the edits change nothing: every new text equals the current lines; ${NOTHING_WRITTEN}`;

export const noChangeDetails = (): string =>
  "Check that content holds the changed text, not a copy of the current lines.";

// results

export const editedSummary = (
  path: string,
  edits: number,
  added: number,
  removed: number,
  total: number,
): string =>
  `edited ${path}: ${plural(edits, "edit")}, +${added} -${removed} lines, now ${plural(total, "line")}`;

export const dryRunSummary = (
  path: string,
  edits: number,
  added: number,
  removed: number,
  total: number,
): string =>
  `dry run ${path}: ${plural(edits, "edit")}, +${added} -${removed} lines, would be ${plural(total, "line")}; ${NOTHING_WRITTEN}`;

export const dryRunNote = (): string =>
  `Refs above are those of the current file (unchanged); "+" lines get refs once written.`;

export const regionSeparator = (): string => "...";

export const moreLines = (count: number): string => `... (${plural(count, "more line")})`;

export const fileNowEmpty = (): string => `The file is now empty; insert with anchor "0:".`;
