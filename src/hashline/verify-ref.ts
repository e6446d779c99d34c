// The one ref verifier every tool uses (lapp_edit, lapp_replace_block and lapp_find_block anchors): what line of
// the current file a line ref means, or why it cannot be used. Rules in docs/format.md ("What a ref means").

import { lineId } from "./hash.ts";

/** What the session's record of shown rows says about a ref (row, ID), against the current lines. */
export type RecordLookup =
  /** lapp never showed this (row, ID) in this session: the plain rule applies. */
  | { kind: "unknown" }
  /** lapp may have shown it, but dropped what it meant to stay within its memory bounds: too old, refused. */
  | { kind: "dropped" }
  /**
   * The shown line is now line `at` (moved there by lapp's own edits, or never moved); `seen` is when the oldest
   * view that showed it was made (the record's clock), for checking the lines of a range against that view.
   */
  | { kind: "live"; at: number; seen: number }
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
  | { kind: "ambiguous"; candidates: number[]; replaced?: Replaced; newest?: number; forgotten?: boolean };

export interface ShownRows {
  lookup(line: number, id: string): RecordLookup;
  /**
   * The lines of `from..to` whose text appeared after `seen` and that no live showing names: lines an edit would
   * remove or replace although the model never saw them as they are now.
   */
  unverified(from: number, to: number, seen: number): number[];
}

/** A showing of a ref whose line is gone: how it went, and where its replacement starts. */
export interface Replaced {
  by: "edit" | "outside";
  at: number;
}

/**
 * Why a ref was refused; `at` is the current line the repair payload marks `>>>`. `dropped`: lapp forgot what it
 * meant (too old); `inside`: a line inside a range changed since the model's view of the range.
 */
export type StaleReason = "changed" | "moved" | "gone" | "dropped" | "inside";

export type RefVerdict =
  /** `seen`: when the model's view of the line was made (0 for a ref lapp never showed: the plain rule). */
  | { ok: true; line: number; seen: number }
  | { ok: false; code: "LINE_OUT_OF_RANGE" }
  | { ok: false; code: "HASH_MISMATCH"; at: number; reason: StaleReason }
  | {
      ok: false;
      code: "AMBIGUOUS_REF";
      candidates: number[];
      replaced?: Replaced;
      newest?: number;
      /** lapp also showed the ref for a line it has since forgotten (memory bound). */
      forgotten?: boolean;
    };

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
      return { ok: true, line: known.at, seen: known.seen };
    case "ambiguous":
      return { ...known, ok: false, code: "AMBIGUOUS_REF" };
    case "moved":
    case "changed":
    case "gone":
      return { ok: false, code: "HASH_MISMATCH", at: known.at, reason: known.kind };
    case "dropped":
      return { ok: false, code: "HASH_MISMATCH", at: clampLine(line, lines.length), reason: "dropped" };
    case "unknown":
      if (line < 1 || line > lines.length) return { ok: false, code: "LINE_OUT_OF_RANGE" };
      if (lineId(line, lines[line - 1]!) !== id)
        return { ok: false, code: "HASH_MISMATCH", at: line, reason: "changed" };
      return { ok: true, line, seen: 0 };
  }
}

/** `line` within the file's lines (line 1 for an empty file): where a refusal's rows are shown. */
export function clampLine(line: number, count: number): number {
  return Math.min(Math.max(line, 1), Math.max(count, 1));
}
