// A patch as the model sent it → files to update, add and delete: the format is recognised (a unified diff, or the
// `*** Begin Patch` envelope), a Markdown fence or a shell heredoc around it is taken off. Pure.

import { fail, LappError, ok, type Result } from "../errors.ts";
import { looksLikeEnvelope, parseEnvelope } from "./envelope.ts";
import * as say from "./messages.ts";
import type { ParsedPatch } from "./types.ts";
import { parseUnified } from "./unified.ts";

export function parsePatch(patch: string): Result<ParsedPatch> {
  // A CRLF patch (or a diff of a CRLF file, which shows the `\r`) is read line by line without it: lapp's lines never
  // hold their terminator.
  const all = patch.split("\n").map((row) => (row.endsWith("\r") ? row.slice(0, -1) : row));
  const { rows, first } = unwrap(all);
  const envelope = looksLikeEnvelope(rows);
  if (
    !envelope &&
    !rows.some((row) => row.startsWith("@@") || row.startsWith("--- ") || row.startsWith("diff --git "))
  )
    return fail("INVALID_PATCH", say.notAPatch(), say.patchShapes());
  const files = envelope ? parseEnvelope(rows, first) : parseUnified(rows, first);
  if (!files.ok) return { ok: false, error: withShapes(files.error) };
  if (files.value.length === 0) return fail("INVALID_PATCH", say.emptyPatch(), say.patchShapes());
  return ok({ format: envelope ? "envelope" : "unified", files: files.value });
}

/** The rows inside a ```` ``` ```` fence or a `<<'EOF'` heredoc wrapped around the patch, and the patch line of the first. */
function unwrap(rows: readonly string[]): { rows: readonly string[]; first: number } {
  let start = 0;
  let end = rows.length;
  while (start < end && rows[start]!.trim() === "") start++;
  while (end > start && rows[end - 1]!.trim() === "") end--;
  const opener = rows[start]?.trim() ?? "";
  const closer = rows[end - 1]?.trim() ?? "";
  const heredoc = /<<-?\s*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?\s*$/.exec(opener);
  if (opener.startsWith("```") && closer === "```" && end - start >= 2)
    return { rows: rows.slice(start + 1, end - 1), first: start + 2 };
  if (heredoc && closer === heredoc[1] && end - start >= 2)
    return { rows: rows.slice(start + 1, end - 1), first: start + 2 };
  return { rows, first: 1 };
}

/** A reading error with the two shapes of a patch under it, so the model sees what was expected. */
function withShapes(error: LappError): LappError {
  return error.details === "" ? new LappError(error.code, error.summary, say.patchShapes()) : error;
}
