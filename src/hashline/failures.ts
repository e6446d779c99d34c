// Turns every failure of a call into ONE error. Precedence of the code (the first kind present wins):
// INVALID_EDIT > INVALID_REF > LINE_OUT_OF_RANGE > HASH_MISMATCH > AMBIGUOUS_REF — shape before freshness.

import { LappError } from "../errors.ts";
import * as say from "./messages.ts";
import { prose } from "./answer.ts";
import { refusedRefsError, repairItems, type StaleRef } from "./repair.ts";
import type { EditFailure, FailureCode } from "./validate.ts";

/**
 * Why this order: a malformed edit or ref has to be rewritten whatever the file holds, while a stale
 * ref only needs the fresh ref from the payload — so the code names the problem to fix first. Every
 * failure is still listed, and the repair rows are included whenever any ref is stale.
 */
export const FAILURE_PRECEDENCE: readonly FailureCode[] = [
  "INVALID_EDIT",
  "INVALID_REF",
  "LINE_OUT_OF_RANGE",
  "HASH_MISMATCH",
  "AMBIGUOUS_REF",
];

export function failuresToError(
  lines: readonly string[],
  failures: readonly EditFailure[],
  lineRefCount: number,
): LappError {
  const stale: StaleRef[] = failures.flatMap((failure) => (failure.stale ? [failure.stale] : []));
  if (stale.length === failures.length) return refusedRefsError(lines, stale, lineRefCount);

  const primary = FAILURE_PRECEDENCE.find((code) => failures.some((failure) => failure.code === code))!;
  if (failures.length === 1) return new LappError(primary, say.withNothingWritten(failures[0]!.message));

  const kinds = FAILURE_PRECEDENCE.flatMap((code) => {
    const count = failures.filter((failure) => failure.code === code).length;
    return count > 0 ? [say.problemKind(code, count)] : [];
  });
  const details = failures.map((failure) => prose(say.problemListItem(failure.message)));
  if (stale.length > 0) details.push(prose(say.staleRowsHeading()), ...repairItems(lines, stale));
  return new LappError(primary, say.problemsSummary(failures.length, kinds), details);
}
