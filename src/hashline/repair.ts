// The HASH_MISMATCH repair payload: fresh rows ±2 around each stale ref, the changed line marked `>>>`,
// so the model retries locally instead of re-reading the file. Shape fixed by SPEC §3.

import { LappError } from "../errors.ts";
import { formatMarkedRow } from "./format.ts";
import * as say from "./messages.ts";
import { uniqueNearbyRef } from "./nearby.ts";

/** Rows shown either side of a stale line. */
const REPAIR_CONTEXT = 2;

export interface StaleRef {
  line: number;
  /** The ID the model sent (the content it saw when it read). */
  id: string;
}

/** The line numbers a repair payload shows, grouped (overlapping or touching windows merged). */
export function repairGroups(
  lineCount: number,
  staleLines: readonly number[],
): { from: number; to: number }[] {
  const sorted = [...new Set(staleLines)].sort((a, b) => a - b);
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
 * The payload body: each group of rows (stale lines marked `>>> `, others indented 4 spaces), the
 * moved-ID hints of that group, `...` between groups, and the closing retry line.
 */
export function renderRepairPayload(lines: readonly string[], stale: readonly StaleRef[]): string {
  const staleLines = new Set(stale.map((ref) => ref.line));
  const out: string[] = [];
  for (const group of repairGroups(lines.length, [...staleLines])) {
    if (out.length > 0) out.push(say.repairGroupSeparator());
    for (let line = group.from; line <= group.to; line++) {
      out.push(formatMarkedRow(line, lines[line - 1]!, staleLines.has(line)));
    }
    for (const ref of uniqueRefs(stale)) {
      if (ref.line < group.from || ref.line > group.to) continue;
      const fresh = uniqueNearbyRef(lines, ref.line, ref.id, ref.line);
      if (fresh !== undefined) out.push(say.movedHint(`${ref.line}#${ref.id}`, fresh));
    }
  }
  out.push(say.retryWithFreshRefs());
  return out.join("\n");
}

/** The whole HASH_MISMATCH error when stale refs are the only problem of the call. */
export function hashMismatchError(
  lines: readonly string[],
  stale: readonly StaleRef[],
  refCount: number,
): LappError {
  const distinct = uniqueRefs(stale);
  const staleLines = [...new Set(distinct.map((ref) => ref.line))].sort((a, b) => a - b);
  const summary = say.hashMismatchSummary(distinct.length, Math.max(refCount, distinct.length), staleLines);
  return new LappError(
    "HASH_MISMATCH",
    summary,
    renderRepairPayload(lines, distinct),
    repairLines(lines, distinct),
  );
}

/** Every line number the payload for `stale` shows. */
export function repairLines(lines: readonly string[], stale: readonly StaleRef[]): number[] {
  return repairGroups(
    lines.length,
    stale.map((ref) => ref.line),
  ).flatMap(({ from, to }) => Array.from({ length: to - from + 1 }, (_, offset) => from + offset));
}

function uniqueRefs(stale: readonly StaleRef[]): StaleRef[] {
  const seen = new Map<string, StaleRef>();
  for (const ref of stale) seen.set(`${ref.line}#${ref.id}`, ref);
  return [...seen.values()].sort((a, b) => a.line - b.line || a.id.localeCompare(b.id));
}
