// The shapes of an edit call: what the model sends (EditInput), what the engine resolves it to
// (ResolvedEdit, positions in the file before the call) and what it returns (EditOutcome).

import type { TextDocument } from "../text/document.ts";
import type { ShownRows } from "./verify-ref.ts";
import type { ChangedRegion } from "../text/changed-region.ts";

export const EDIT_TYPES = ["replace", "insert_after", "insert_before", "delete"] as const;
export type EditType = (typeof EDIT_TYPES)[number];

export interface EditInput {
  type: EditType;
  anchor?: string;
  start?: string;
  end?: string;
  content?: string;
}

export interface EditOptions {
  /** The session's record of rows lapp showed of this file: refs mean the lines they showed. Without it, every
   *  ref follows the plain rule (the line with that number must carry that ID now). */
  shown?: ShownRows;
}

export type { ChangedRegion };

export interface EditOutcome {
  doc: TextDocument;
  /** Distinct edits that changed something (duplicates and no-op edits are not counted). */
  editsApplied: number;
  added: number;
  removed: number;
  warnings: string[];
  /** In the NEW file's line numbers, sorted, non-overlapping. */
  regions: ChangedRegion[];
  /** Refs accepted at another line than their number (lapp's own earlier edits moved those lines). */
  mapped: { ref: string; line: number }[];
  /** Content that repeats the lines next to it, applied with a warning (docs/format.md); absent when none. */
  repeats?: RepeatNote[];
  /** Content written as given that is probably not what was meant (content-notes.ts); absent when none. */
  notes?: WrittenNote[];
}

/** A content note on an applied edit, and the NEW file lines (1-based, inclusive) the edit wrote. */
export interface WrittenNote {
  place: string;
  note: { kind: "diff-markers" } | { kind: "lost-indent"; indent: string };
  lines: { from: number; to: number };
}

/** A boundary repeat that was applied: where the content's copy and the repeated lines are now. */
export interface RepeatNote {
  /** How the answer names the edit: `edits[2]`. */
  place: string;
  side: "before" | "after";
  count: number;
  /** NEW file lines (1-based, inclusive) of the content's copy and of the lines it repeats. */
  copy: { from: number; to: number };
  original: { from: number; to: number };
  /** The repeated lines in the file before the call, for a dry run's words. */
  before: { from: number; to: number };
}

/** An edit whose refs all checked out, in the file's numbering before the call. */
export type ResolvedEdit =
  | {
      /** Position in the `edits` array the model sent. */
      index: number;
      type: "replace" | "delete";
      /** First and last line (1-based, inclusive) the edit replaces or deletes. */
      start: number;
      end: number;
      /** New lines (empty for delete). */
      lines: string[];
      /** The refs as lapp writes them, for messages: `5#SN` or `5#SN..8#KT`. */
      label: string;
      /** How messages name the edit when it is not `edits[index]` of lapp_edit (a block tool's one edit). */
      place?: string;
      /** The call showed the lines next to its content (a diff's context): a repeat of them is meant, not echoed. */
      neighboursShown?: true;
    }
  | {
      index: number;
      type: "insert_after" | "insert_before";
      /** The gap the lines go into: 0 = before line 1, k = after line k. */
      gap: number;
      /** The line the anchor names (undefined for `0:` / `EOF:`): another edit must not remove it. */
      anchorLine: number | undefined;
      lines: string[];
      label: string;
      place?: string;
      neighboursShown?: true;
    };

export type RangeEdit = Extract<ResolvedEdit, { type: "replace" | "delete" }>;
export type InsertEdit = Extract<ResolvedEdit, { type: "insert_after" | "insert_before" }>;

export const isRangeEdit = (edit: ResolvedEdit): edit is RangeEdit =>
  edit.type === "replace" || edit.type === "delete";
