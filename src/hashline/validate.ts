// Checks every edit of a call against the file BEFORE the call: shape, ref syntax, range, hash.
// Never stops at the first problem — all failures are collected so the model fixes them in one retry.

import type { TextDocument } from "../text/document.ts";
import { copiedPrefixLines, splitContent, stripCopiedPrefixes } from "./content.ts";
import { EDIT_TYPES, type EditInput, type EditOptions, type ResolvedEdit } from "./edit-types.ts";
import { lineId } from "./hash.ts";
import * as say from "./messages.ts";
import { exampleRefOf, parseRef, showRef, type ParsedRef } from "./refs.ts";
import type { StaleRef } from "./repair.ts";
import { verifyLineRef } from "./verify-ref.ts";

export type FailureCode =
  "INVALID_EDIT" | "INVALID_REF" | "LINE_OUT_OF_RANGE" | "AMBIGUOUS_REF" | "HASH_MISMATCH";

export interface EditFailure {
  code: FailureCode;
  /** Index of the edit in the call. */
  index: number;
  message: string;
  /** For HASH_MISMATCH and AMBIGUOUS_REF: the ref, so the repair payload can show fresh rows where it points. */
  stale?: StaleRef;
}

/** A ref accepted at another line than its number: lapp's own edits moved the line it named. */
export interface MappedRef {
  ref: string;
  line: number;
}

export interface Validation {
  resolved: ResolvedEdit[];
  failures: EditFailure[];
  /** Per edit (by index): a warning about a leniency applied to it. */
  warnings: { index: number; text: string }[];
  /** Every distinct line ref of the call (`12#KT`), for "K of N refs are stale". */
  lineRefs: Set<string>;
  /** Refs whose line moved since they were shown, by lapp's own edits (the result says where they are now). */
  mapped: MappedRef[];
}

/** `seen`: when the model's view of the ref's line was made (the record's clock; 0 under the plain rule). */
type CheckedRef = { ok: true; ref: ParsedRef; seen: number } | { ok: false };

/** Validates and resolves all edits; `resolved` is complete only when `failures` is empty. */
export function validateEdits(
  doc: TextDocument,
  edits: readonly EditInput[],
  options: EditOptions = {},
): Validation {
  const state: Validation = { resolved: [], failures: [], warnings: [], lineRefs: new Set(), mapped: [] };
  const example = exampleRefOf(doc.lines);
  edits.forEach((edit, index) => validateOne(doc, edit, index, options, example, state));
  return state;
}

function validateOne(
  doc: TextDocument,
  edit: EditInput,
  index: number,
  options: EditOptions,
  example: string,
  state: Validation,
): void {
  const invalid = (message: string) => state.failures.push({ code: "INVALID_EDIT", index, message });
  const type = edit.type;
  if (!(EDIT_TYPES as readonly string[]).includes(type)) {
    invalid(say.unknownEditType(index, type));
    return;
  }
  const anchor = present(edit.anchor);
  const start = present(edit.start);
  const end = present(edit.end);
  // Taken first: a copied prefix left on some lines is refused, but the edit still resolves (with the lines as
  // meant) so the same answer can also name a line its content repeats (apply.ts).
  const content = edit.content === undefined ? undefined : takeContent(edit.content, index, state);
  const failuresBefore = state.failures.length;

  /** Parses one ref and resolves it to a current line (docs/format.md); records failures. */
  const check = (field: string, raw: string): CheckedRef => {
    const parsed = parseRef(raw, example);
    if (!parsed.ok) {
      state.failures.push({
        code: "INVALID_REF",
        index,
        message: say.badRef(index, field, parsed.error.summary),
      });
      return { ok: false };
    }
    const ref = parsed.value;
    if (ref.kind !== "line") return { ok: true, ref, seen: 0 };
    const shown = showRef(ref);
    state.lineRefs.add(shown);
    const verdict = verifyLineRef(doc.lines, ref.line, ref.id, options.shown);
    if (verdict.ok) {
      if (verdict.line !== ref.line && !state.mapped.some((mapped) => mapped.ref === shown))
        state.mapped.push({ ref: shown, line: verdict.line });
      return { ok: true, ref: { kind: "line", line: verdict.line, id: ref.id }, seen: verdict.seen };
    }
    const lineCount = doc.lines.length;
    switch (verdict.code) {
      case "LINE_OUT_OF_RANGE": {
        const lastRef = lineCount === 0 ? undefined : refLabel(doc, lineCount);
        const message = say.lineOutOfRange(index, field, shown, lineCount, lastRef);
        state.failures.push({ code: "LINE_OUT_OF_RANGE", index, message });
        break;
      }
      case "HASH_MISMATCH": {
        const fresh = refLabel(doc, verdict.at);
        const message = say.staleRef(index, field, shown, verdict.reason, fresh);
        const stale: StaleRef = { line: ref.line, id: ref.id, at: verdict.at, reason: verdict.reason };
        state.failures.push({ code: "HASH_MISMATCH", index, message, stale });
        break;
      }
      case "AMBIGUOUS_REF": {
        const fresh = verdict.candidates.map((line) => refLabel(doc, line));
        const message = say.ambiguousRef(index, field, shown, fresh, verdict.replaced?.by);
        const stale: StaleRef = {
          line: ref.line,
          id: ref.id,
          at: verdict.candidates[0]!,
          candidates: verdict.candidates,
          ...(verdict.replaced ? { replaced: verdict.replaced } : {}),
          ...(verdict.newest !== undefined ? { newest: verdict.newest } : {}),
          ...(verdict.forgotten ? { forgotten: true } : {}),
        };
        state.failures.push({ code: "AMBIGUOUS_REF", index, message, stale });
        break;
      }
    }
    return { ok: false };
  };

  if (type === "replace" || type === "delete") {
    if (type === "replace" && content === undefined) invalid(say.replaceNeedsContent(index));
    if (type === "delete" && content !== undefined && content.length > 0)
      invalid(say.deleteTakesNoContent(index));
    if (anchor !== undefined && (start !== undefined || end !== undefined))
      invalid(say.anchorAndRange(index, type));
    else if (anchor === undefined && start === undefined && end === undefined)
      invalid(say.missingTarget(index, type));
    else if (anchor === undefined && start === undefined) invalid(say.halfRange(index, type, "start"));
    else if (anchor === undefined && end === undefined) invalid(say.halfRange(index, type, "end"));

    let seen = Number.POSITIVE_INFINITY;
    const lineOf = (field: string, raw: string | undefined): number | undefined => {
      if (raw === undefined) return undefined;
      const checked = check(field, raw);
      if (!checked.ok) return undefined;
      if (checked.ref.kind !== "line") {
        invalid(say.specialAnchorMisplaced(index, type, field, showRef(checked.ref)));
        return undefined;
      }
      seen = Math.min(seen, checked.seen);
      return checked.ref.line;
    };
    const anchorLine = lineOf("anchor", anchor);
    const startLine = lineOf("start", start);
    const endLine = lineOf("end", end);
    if (startLine !== undefined && endLine !== undefined && startLine > endLine) {
      invalid(say.startAfterEnd(index, refLabel(doc, startLine), refLabel(doc, endLine)));
    }
    if (state.failures.length > failuresBefore) return;
    const first = anchorLine ?? startLine!;
    const last = anchorLine ?? endLine!;
    const label = first === last ? refLabel(doc, first) : `${refLabel(doc, first)}..${refLabel(doc, last)}`;
    // Every line the range removes must be one the model saw as it is now (docs/format.md).
    for (const line of options.shown?.unverified(first + 1, last - 1, seen) ?? []) {
      const fresh = refLabel(doc, line);
      const [, id] = fresh.split("#");
      state.failures.push({
        code: "HASH_MISMATCH",
        index,
        message: say.changedInside(index, label, fresh),
        stale: { line, id: id!, at: line, reason: "inside" },
      });
    }
    if (state.failures.length > failuresBefore) return;
    state.resolved.push({
      index,
      type,
      start: first,
      end: last,
      lines: type === "delete" ? [] : content!,
      label,
    });
    return;
  }

  // insert_after / insert_before
  if (start !== undefined || end !== undefined) invalid(say.insertTakesAnchorOnly(index, type));
  if (content === undefined || content.length === 0) invalid(say.insertNeedsContent(index, type));
  if (anchor === undefined) {
    invalid(say.insertNeedsAnchor(index, type));
    return;
  }
  const checked = check("anchor", anchor);
  if (!checked.ok || state.failures.length > failuresBefore) return;
  const ref = checked.ref;
  const lineCount = doc.lines.length;
  // `0:` and `EOF:` name gaps, not lines, so insert_before and insert_after agree on them:
  // before/after the start of the file is its start, before/after its end is its end.
  const gap =
    ref.kind === "start"
      ? 0
      : ref.kind === "end"
        ? lineCount
        : type === "insert_after"
          ? ref.line
          : ref.line - 1;
  const anchorLine = ref.kind === "line" ? ref.line : undefined;
  state.resolved.push({ index, type, gap, anchorLine, lines: content!, label: showRef(ref) });
}

/** A ref given as "" or only whitespace counts as absent: models often fill unused optional fields so. */
function present(value: string | undefined): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * The new lines of `raw`: prefixes copied onto every line are stripped (with a warning); prefixes left on only some
 * lines are refused (INVALID_EDIT naming each line and its text without the prefix), never written or guessed.
 */
function takeContent(raw: string, index: number, state: Validation): string[] {
  const { content, stripped } = stripCopiedPrefixes(raw);
  if (stripped) {
    state.warnings.push({ index, text: say.prefixesStripped(index) });
    return splitContent(content);
  }
  const lines = splitContent(content);
  const prefixed = copiedPrefixLines(lines);
  if (prefixed.length === 0) return lines;
  state.failures.push({
    code: "INVALID_EDIT",
    index,
    message: say.partialPrefixes(say.editPlace(index, "content"), prefixed),
  });
  const meant = [...lines];
  for (const item of prefixed) meant[item.line - 1] = item.text;
  return meant;
}

function refLabel(doc: TextDocument, line: number): string {
  return `${line}#${lineId(line, doc.lines[line - 1]!)}`;
}
