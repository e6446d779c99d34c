// The repair payload of HASH_MISMATCH and AMBIGUOUS_REF: fresh rows ±2 around where each refused ref points now,
// that line marked `>>>` (every candidate, for an ambiguous ref), so the model retries without re-reading.

import { LappError } from "../errors.ts";
import { refOf } from "./hash.ts";
import { naming, prose, row, type AnswerItem, type ShownLine } from "./answer.ts";
import * as say from "./messages.ts";
import type { Replaced, StaleReason } from "./verify-ref.ts";

/** Rows shown either side of a refused ref's line. */
const REPAIR_CONTEXT = 2;

export interface StaleRef {
  /** The ref as the model sent it. */
  line: number;
  id: string;
  /** The current line it points at (marked `>>>`): where the shown line went, or what replaced it. */
  at: number;
  /** Why it was refused (HASH_MISMATCH); absent for an ambiguous ref. */
  reason?: StaleReason;
  /** AMBIGUOUS_REF: every current line the ref may mean, all marked `>>>`. */
  candidates?: number[];
  /** AMBIGUOUS_REF: the ref was also shown for a line that is gone now (see verify-ref.ts). */
  replaced?: Replaced;
  /** AMBIGUOUS_REF: the line the newest showing named, which the ref means once this error retired the others. */
  newest?: number;
  /** AMBIGUOUS_REF: lapp also showed the ref for a line it has since forgotten (memory bound). */
  forgotten?: boolean;
}

/** The line numbers a repair payload shows, grouped (overlapping or touching windows merged). */
export function repairGroups(
  lineCount: number,
  markedLines: readonly number[],
): { from: number; to: number }[] {
  const sorted = [...new Set(markedLines)]
    .filter((line) => line >= 1 && line <= lineCount)
    .sort((a, b) => a - b);
  const groups: { from: number; to: number }[] = [];
  for (const line of sorted) {
    const from = Math.max(1, line - REPAIR_CONTEXT);
    const to = Math.min(lineCount, line + REPAIR_CONTEXT);
    const last = groups.at(-1);
    if (last && from <= last.to + 1) last.to = Math.max(last.to, to);
    else groups.push({ from, to });
  }
  return groups;
}

/**
 * The payload: each group of rows (marked lines `>>> `, others indented 4 spaces), `...` between groups, one line
 * per ref whose line moved or is ambiguous saying where it is now, and the closing retry line.
 */
export function repairItems(lines: readonly string[], refused: readonly StaleRef[]): AnswerItem[] {
  const distinct = uniqueRefs(refused);
  const marked = new Set(distinct.flatMap(markedLinesOf));
  const out: AnswerItem[] = [];
  for (const group of repairGroups(lines.length, [...marked])) {
    if (out.length > 0) out.push(prose(say.repairGroupSeparator()));
    for (let line = group.from; line <= group.to; line++)
      out.push(row(line, lines[line - 1]!, marked.has(line) ? "marked" : "unmarked"));
  }
  for (const ref of distinct) {
    const note = whereNow(lines, ref);
    if (note) out.push(note);
  }
  out.push(prose(say.retryWithFreshRefs()));
  return out;
}

/** The whole error when refused refs are the only problem of the call. */
export function refusedRefsError(
  lines: readonly string[],
  refused: readonly StaleRef[],
  refCount: number,
): LappError {
  const distinct = uniqueRefs(refused);
  const stale = distinct.filter((ref) => ref.candidates === undefined);
  const ambiguous = distinct.filter((ref) => ref.candidates !== undefined);
  const summary =
    stale.length > 0
      ? say.hashMismatchSummary(stale.length, Math.max(refCount, distinct.length), stale, ambiguous.length)
      : say.ambiguousSummary(ambiguous.length, Math.max(refCount, distinct.length));
  return new LappError(
    stale.length > 0 ? "HASH_MISMATCH" : "AMBIGUOUS_REF",
    summary,
    repairItems(lines, distinct),
  );
}

function markedLinesOf(ref: StaleRef): number[] {
  return ref.candidates ?? [ref.at];
}

/** One exact line on where a refused ref's line is now; none for a plain "this line changed". */
function whereNow(lines: readonly string[], ref: StaleRef): AnswerItem | undefined {
  const sent = `${ref.line}#${ref.id}`;
  const named: ShownLine[] = [];
  const fresh = (line: number) => {
    named.push({ line, text: lines[line - 1]! });
    return refOf(line, lines[line - 1]!);
  };
  const note = (text: string) => naming(text, named);
  if (ref.candidates) {
    const at = ref.replaced?.at;
    const replaced =
      ref.replaced && at !== undefined && at <= lines.length
        ? { by: ref.replaced.by, fresh: fresh(at) }
        : undefined;
    const newest = ref.newest !== undefined && ref.newest <= lines.length ? fresh(ref.newest) : undefined;
    return note(say.ambiguousCandidates(sent, ref.candidates.map(fresh), replaced, newest, ref.forgotten));
  }
  if (ref.at < 1 || ref.at > lines.length) return undefined;
  if (ref.reason === "dropped") return note(say.tooOld(sent));
  if (ref.reason === "inside") return note(say.changedInsideRange(fresh(ref.at)));
  if (ref.reason === "moved") return note(say.movedOutside(sent, fresh(ref.at)));
  if (ref.reason === "gone") return note(say.replacedByEdit(sent, fresh(ref.at)));
  if (ref.at !== ref.line) return note(say.changedOutside(sent, fresh(ref.at)));
  return undefined;
}

function uniqueRefs(refused: readonly StaleRef[]): StaleRef[] {
  const seen = new Map<string, StaleRef>();
  for (const ref of refused) seen.set(`${ref.line}#${ref.id}`, ref);
  return [...seen.values()].sort((a, b) => a.line - b.line || a.id.localeCompare(b.id));
}
