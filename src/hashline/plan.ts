// Decides whether resolved edits can apply together: exact duplicates collapse (with a warning),
// overlapping ranges and inserts anchored on removed lines are refused as OVERLAPPING_EDITS.

import { fail, ok, type Result } from "../errors.ts";
import { isRangeEdit, type InsertEdit, type RangeEdit, type ResolvedEdit } from "./edit-types.ts";
import * as say from "./messages.ts";

export interface Plan {
  /** The edits to apply, duplicates removed, in the order given. */
  edits: ResolvedEdit[];
  warnings: string[];
}

export function planEdits(resolved: readonly ResolvedEdit[]): Result<Plan> {
  const warnings: string[] = [];
  const firstIndexOf = new Map<string, number>();
  const edits: ResolvedEdit[] = [];
  for (const edit of resolved) {
    const key = identityOf(edit);
    const first = firstIndexOf.get(key);
    if (first !== undefined) {
      warnings.push(say.duplicateEdit(edit.index, first));
      continue;
    }
    firstIndexOf.set(key, edit.index);
    edits.push(edit);
  }

  // Pairwise is fine: a call holds at most 100 edits (the tool schema's limit).
  const pairs: string[] = [];
  for (let a = 0; a < edits.length; a++) {
    for (let b = a + 1; b < edits.length; b++) {
      if (overlaps(edits[a]!, edits[b]!))
        pairs.push(say.overlapPair(describe(edits[a]!), describe(edits[b]!)));
    }
  }
  if (pairs.length > 0) {
    const details = [...pairs.slice(1).map(say.problemListItem), say.overlapAdvice()].join("\n");
    return fail("OVERLAPPING_EDITS", say.overlappingSummary(pairs[0]!, pairs.length), details);
  }
  return ok({ edits, warnings });
}

/** Two edits are the same when they do the same thing at the same place, however the refs were spelled. */
function identityOf(edit: ResolvedEdit): string {
  const place = isRangeEdit(edit) ? `${edit.start}-${edit.end}` : `${edit.gap}`;
  return `${edit.type}|${place}|${JSON.stringify(edit.lines)}`;
}

function overlaps(a: ResolvedEdit, b: ResolvedEdit): boolean {
  if (isRangeEdit(a)) return isRangeEdit(b) ? a.start <= b.end && b.start <= a.end : insertHits(b, a);
  // Two inserts never overlap: inserts into the same gap keep the order given.
  return isRangeEdit(b) ? insertHits(a, b) : false;
}

/** An insert anchored on a line that another edit removes has lost its anchor. */
function insertHits(insert: InsertEdit, range: RangeEdit): boolean {
  return (
    insert.anchorLine !== undefined && insert.anchorLine >= range.start && insert.anchorLine <= range.end
  );
}

function describe(edit: ResolvedEdit): string {
  return say.editDescription(edit.index, edit.type, edit.label);
}
