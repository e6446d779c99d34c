// The one error shape of lapp: a stable code, a one-line summary, and the details a model needs to retry.
// Core functions return `Result`s carrying these; only the server turns them into `isError` texts.

import type { AnswerItem } from "./answer-items.ts";

const ERROR_CODES = [
  "INVALID_ARGUMENTS",
  "PATH_OUTSIDE_ROOT",
  "PATH_BLOCKED",
  "NOT_FOUND",
  "IS_DIRECTORY",
  "BINARY_FILE",
  "FILE_TOO_LARGE",
  "ENCODING_UNREPRESENTABLE",
  "INVALID_REF",
  "LINE_OUT_OF_RANGE",
  "HASH_MISMATCH",
  "OVERLAPPING_EDITS",
  "INVALID_EDIT",
  "NO_CHANGE",
  "AMBIGUOUS",
  /** A ref lapp showed for more than one line that may still be meant; the error lists them with fresh refs. */
  "AMBIGUOUS_REF",
  "BLOCK_NOT_FOUND",
  "FILE_EXISTS",
  "FILE_CHANGED",
  "WRITE_FAILED",
  /** A bug in lapp itself (an unexpected exception); nothing was written. Not part of the model's contract. */
  "INTERNAL_ERROR",
  "PERMISSION_DENIED",
  "PATH_TOO_LONG",
  "NOT_A_FILE",
  /** The root itself was deleted or moved away while lapp runs: nothing can be read or written until it is back. */
  "ROOT_GONE",
  /** lapp_apply_patch: the patch cannot be read (neither format, or a line out of place); names the patch line. */
  "INVALID_PATCH",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class LappError extends Error {
  readonly code: ErrorCode;
  /** One line, shown right after `error CODE:`. */
  readonly summary: string;
  /**
   * Further lines: repair payload, hints, candidates, as answer items (answer-items.ts): the rows they show with
   * fresh refs are recorded as shown once the error is cut to the output budget, so a retry with them works.
   */
  readonly body: readonly AnswerItem[];

  constructor(code: ErrorCode, summary: string, details: string | readonly AnswerItem[] = "") {
    super(`${code}: ${summary}`);
    this.name = "LappError";
    this.code = code;
    this.summary = summary;
    this.body =
      typeof details !== "string"
        ? details
        : details === ""
          ? []
          : details.split("\n").map((text) => ({ text }));
  }

  /** The further lines as text. */
  get details(): string {
    return this.body.map((item) => item.text).join("\n");
  }

  /** The text a model sees: `error CODE: summary` then the details. */
  render(): string {
    return this.body.length > 0
      ? `error ${this.code}: ${this.summary}\n${this.details}`
      : `error ${this.code}: ${this.summary}`;
  }
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: LappError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = <T = never>(
  code: ErrorCode,
  summary: string,
  details: string | readonly AnswerItem[] = "",
): Result<T> => ({
  ok: false,
  error: new LappError(code, summary, details),
});

/** Unwraps a result inside a tool handler; the server renders a thrown LappError as an error result. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw result.error;
  return result.value;
}
