// The one ref verifier every tool uses (lapp_edit, lapp_replace_block and lapp_find_block anchors): what line of
// the current file a line ref means, or why it cannot be used. Rules in docs/format.md ("What a ref means").

import { lineId } from "./hash.ts";

/** What the session's record of shown rows says about a ref (row, ID), against the current lines. */
export type RecordLookup =
  /** lapp never showed this (row, ID), or has forgotten it: the plain rule applies. */
  | { kind: "unknown" }
  /** The shown line is now line `at` (moved there by lapp's own edits, or never moved). */
  | { kind: "live"; at: number }
  /** A change made outside lapp moved the shown line to `at`. */
  | { kind: "moved"; at: number }
  /** The shown line was rewritten outside lapp; its replacement is at `at`. */
  | { kind: "changed"; at: number }
  /** lapp's own edit replaced or deleted the shown line; the new text is at `at`. */
  | { kind: "gone"; at: number }
  /**
   * Several current lines may be the one the model means. `replaced`: the ref was also shown (most recently) for
   * a line that is gone now — replaced by lapp's own edit or changed outside lapp; its replacement is at `at`.
   */
  | { kind: "ambiguous"; candidates: number[]; replaced?: Replaced };

export interface ShownRows {
  lookup(line: number, id: string): RecordLookup;
}

/** A showing of a ref whose line is gone: how it went, and where its replacement starts. */
export interface Replaced {
  by: "edit" | "outside";
  at: number;
}

/** Why a ref was refused; `at` is the current line the repair payload marks `>>>`. */
export type StaleReason = "changed" | "moved" | "gone";

export type RefVerdict =
  | { ok: true; line: number }
  | { ok: false; code: "LINE_OUT_OF_RANGE" }
  | { ok: false; code: "HASH_MISMATCH"; at: number; reason: StaleReason }
  | { ok: false; code: "AMBIGUOUS_REF"; candidates: number[]; replaced?: Replaced };

/**
 * The current line a line ref names. A ref lapp showed means the line it showed, wherever that line is now;
 * one it never showed must name a line that is there now with that ID (the plain rule).
 */
export function verifyLineRef(
  lines: readonly string[],
  line: number,
  id: string,
  shown: ShownRows | undefined,
): RefVerdict {
  const known = shown?.lookup(line, id) ?? { kind: "unknown" };
  switch (known.kind) {
    case "live":
      return { ok: true, line: known.at };
    case "ambiguous":
      return { ok: false, code: "AMBIGUOUS_REF", candidates: known.candidates, replaced: known.replaced };
    case "moved":
    case "changed":
    case "gone":
      return { ok: false, code: "HASH_MISMATCH", at: known.at, reason: known.kind };
    case "unknown":
      if (line < 1 || line > lines.length) return { ok: false, code: "LINE_OUT_OF_RANGE" };
      if (lineId(line, lines[line - 1]!) !== id)
        return { ok: false, code: "HASH_MISMATCH", at: line, reason: "changed" };
      return { ok: true, line };
  }
}
