// The lenient ref parser: `12#KT`, plus the sloppy copies models make of it, plus the `0:` / `EOF:` anchors.
// Each leniency is listed here and tested; anything else is INVALID_REF showing a real ref from the file.

import { fail, ok, type Result } from "../errors.ts";
import { ID_ALPHABET, refOf } from "./hash.ts";
import { invalidRefSummary, type InvalidRefReason } from "./messages.ts";

export type ParsedRef =
  | { kind: "line"; line: number; id: string }
  /** `0:` / `0` — before the first line. */
  | { kind: "start" }
  /** `EOF:` / `EOF` — after the last line. */
  | { kind: "end" };

/** Leading markers copied from repair payloads (`>>>`), quotes (`>`) and diffs (`+`, `-`). */
const LEADING_MARKERS = /^(?:\s*(?:>>>|>|\+|-))*\s*/;
/**
 * `N#ID` with optional spaces around `#`, then nothing, or copied row text after `:`, `|` or `-`
 * (`-` is lapp's own context-row separator, `N#ID-text`, so a copied context row parses too).
 */
const LINE_REF = /^(\d+)\s*#\s*([A-Za-z]{2})\s*(?:[:|-][\s\S]*)?$/;
const START_ANCHOR = /^0\s*(?:[:|][\s\S]*)?$/;
const END_ANCHOR = /^EOF\s*(?:[:|][\s\S]*)?$/i;
const VALID_ID = new RegExp(`^[${ID_ALPHABET}]{2}$`);

/**
 * Parses one ref. `exampleRef` (a real ref from the file, see `exampleRefOf`) is shown in the error
 * so the model sees the expected form with something it can check against its own read.
 */
export function parseRef(raw: string, exampleRef = "1#ZZ"): Result<ParsedRef> {
  const reason = parseFailure(raw);
  if (typeof reason !== "string") return ok(reason);
  return fail("INVALID_REF", invalidRefSummary(raw, reason, exampleRef));
}

function parseFailure(raw: string): ParsedRef | InvalidRefReason {
  const text = raw.replace(LEADING_MARKERS, "").trimEnd();
  if (text === "") return "empty";
  if (START_ANCHOR.test(text)) return { kind: "start" };
  if (END_ANCHOR.test(text)) return { kind: "end" };
  const match = LINE_REF.exec(text);
  if (!match) {
    if (!text.includes("#")) return "missing_hash";
    if (!/^\d/.test(text)) return "missing_line";
    return "bad_shape";
  }
  const id = match[2]!.toUpperCase();
  if (!VALID_ID.test(id)) return "bad_id_letters";
  return { kind: "line", line: Number(match[1]), id };
}

/** A ref as lapp writes it: `12#KT`, `0:` or `EOF:`. */
export function showRef(ref: ParsedRef): string {
  switch (ref.kind) {
    case "line":
      return `${ref.line}#${ref.id}`;
    case "start":
      return "0:";
    case "end":
      return "EOF:";
  }
}

/**
 * A real ref from the file for error messages: the first of the first 50 lines with a letter or digit
 * (the most recognisable), else line 1, else `0:` for an empty file.
 */
export function exampleRefOf(lines: readonly string[]): string {
  if (lines.length === 0) return "0:";
  const scan = Math.min(lines.length, 50);
  for (let index = 0; index < scan; index++) {
    if (/[\p{L}\p{N}]/u.test(lines[index]!)) return refOf(index + 1, lines[index]!);
  }
  return refOf(1, lines[0]!);
}
