// The shape of a parsed patch, whichever format it came in: files to update (hunks of context, removed and added
// lines), to add (their lines) or to delete. Positions in it are hints; hunks are placed by their text (locate.ts).

export type HunkOp = " " | "-" | "+";

export interface HunkLine {
  readonly op: HunkOp;
  readonly text: string;
}

export interface PatchHunk {
  readonly lines: readonly HunkLine[];
  /** The hunk's header as written (`@@ -10,7 +10,8 @@`, `@@ def total`, or `@@`), for messages. */
  readonly header: string;
  /** 1-based line of the patch where the header (or the first line of a header-less hunk) stands. */
  readonly patchLine: number;
  /** The old file's line the header names as the hunk's first (`@@ -10,7`), when it names one. */
  readonly oldStart?: number | undefined;
  /** Scope lines (`@@ class Cart` then `@@ def total`), outermost first: the hunk lies inside them. */
  readonly scopes: readonly string[];
  /** The hunk must end at the file's last line (`*** End of File`). */
  readonly atEnd: boolean;
  /** `\ No newline at end of file` followed the hunk's last old line, or its last new line. */
  readonly oldEndsWithoutNewline: boolean;
  readonly newEndsWithoutNewline: boolean;
}

export type FilePatch =
  | {
      readonly kind: "update";
      readonly path: string;
      /** The file is renamed to this path (with its hunks applied). */
      readonly moveTo?: string | undefined;
      readonly hunks: readonly PatchHunk[];
    }
  | {
      readonly kind: "add";
      readonly path: string;
      readonly lines: readonly string[];
      /** The new file ends with a newline (false after `\ No newline at end of file`). */
      readonly finalNewline: boolean;
    }
  | {
      readonly kind: "delete";
      readonly path: string;
      /** A unified diff names every line it removes: the file must hold exactly these. Absent in the envelope. */
      readonly oldLines?: readonly string[] | undefined;
    };

export type PatchFormat = "unified" | "envelope";

export interface ParsedPatch {
  readonly format: PatchFormat;
  readonly files: readonly FilePatch[];
}

/** The old side of a hunk (context and removed lines), which is what is looked for in the file. */
export const oldSide = (hunk: PatchHunk): string[] =>
  hunk.lines.filter((line) => line.op !== "+").map((line) => line.text);

/** The new side of a hunk (context and added lines): what the file holds where the hunk was applied. */
export const newSide = (hunk: PatchHunk): string[] =>
  hunk.lines.filter((line) => line.op !== "-").map((line) => line.text);
