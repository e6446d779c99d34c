// Reads the `*** Begin Patch` envelope OpenAI's coding models write: `*** Update File:` (optionally `*** Move to:`)
// with `@@ scope` chunks, `*** Add File:` with `+` lines, `*** Delete File:`, `*** End of File`, `*** End Patch`.
// Lenient about the wrapper (a missing Begin/End line), strict about lines inside a section. Pure.

import { fail, ok, type Result } from "../errors.ts";
import * as say from "./messages.ts";
import type { FilePatch, HunkLine, PatchHunk } from "./types.ts";

const BEGIN = "*** Begin Patch";
const END = "*** End Patch";
const UPDATE = "*** Update File:";
const ADD = "*** Add File:";
const DELETE = "*** Delete File:";
const MOVE = "*** Move to:";
const END_OF_FILE = "*** End of File";

/** Whether `rows` hold an envelope (its Begin line, or a file section of it). */
export function looksLikeEnvelope(rows: readonly string[]): boolean {
  return rows.some((row) => {
    const text = row.trim();
    return text === BEGIN || text.startsWith(UPDATE) || text.startsWith(ADD) || text.startsWith(DELETE);
  });
}

/** `rows` are the patch's lines; `first` is the 1-based patch line of rows[0]. */
export function parseEnvelope(rows: readonly string[], first = 1): Result<FilePatch[]> {
  const begin = rows.findIndex((row) => row.trim() === BEGIN);
  const startAt = begin === -1 ? rows.findIndex(isSectionStart) : begin + 1;
  const endAt = rows.findIndex((row, index) => index >= startAt && row.trim() === END);
  const stop = endAt === -1 ? rows.length : endAt;
  const files: FilePatch[] = [];
  let index = startAt;
  while (index < stop) {
    const row = rows[index]!;
    const patchLine = first + index;
    const text = row.trim();
    if (text === "") {
      index++;
      continue;
    }
    if (text.startsWith(ADD)) {
      const path = text.slice(ADD.length).trim();
      if (path === "") return fail("INVALID_PATCH", say.missingPath(patchLine));
      const lines: string[] = [];
      index++;
      while (index < stop && !isSectionStart(rows[index]!)) {
        const line = rows[index]!;
        if (line.startsWith("+")) lines.push(line.slice(1));
        else if (line === "" && moreAddedLines(rows, index, stop)) lines.push("");
        else if (line !== "") return fail("INVALID_PATCH", say.addFileLine(first + index, line));
        index++;
      }
      files.push({ kind: "add", path, lines, finalNewline: true });
      continue;
    }
    if (text.startsWith(DELETE)) {
      const path = text.slice(DELETE.length).trim();
      if (path === "") return fail("INVALID_PATCH", say.missingPath(patchLine));
      index++;
      while (index < stop && rows[index]!.trim() === "") index++;
      if (index < stop && !isSectionStart(rows[index]!))
        return fail("INVALID_PATCH", say.deleteWithHunk(first + index));
      files.push({ kind: "delete", path });
      continue;
    }
    if (text.startsWith(UPDATE)) {
      const path = text.slice(UPDATE.length).trim();
      if (path === "") return fail("INVALID_PATCH", say.missingPath(patchLine));
      index++;
      let moveTo: string | undefined;
      if (index < stop && rows[index]!.trim().startsWith(MOVE)) {
        moveTo = rows[index]!.trim().slice(MOVE.length).trim();
        if (moveTo === "") return fail("INVALID_PATCH", say.missingPath(first + index));
        index++;
      }
      const chunks = parseChunks(rows, index, stop, first);
      if (!chunks.ok) return chunks;
      index = chunks.value.next;
      files.push({
        kind: "update",
        path,
        ...(moveTo === undefined ? {} : { moveTo }),
        hunks: chunks.value.hunks,
      });
      continue;
    }
    return fail("INVALID_PATCH", say.unknownEnvelopeLine(patchLine, row));
  }
  return ok(files);
}

function isSectionStart(row: string): boolean {
  const text = row.trim();
  return text.startsWith(UPDATE) || text.startsWith(ADD) || text.startsWith(DELETE) || text === END;
}

function moreAddedLines(rows: readonly string[], index: number, stop: number): boolean {
  let at = index;
  while (at < stop && rows[at] === "") at++;
  return at < stop && rows[at]!.startsWith("+");
}

/** The chunks of an Update File section, from `start` up to the next section. */
function parseChunks(
  rows: readonly string[],
  start: number,
  stop: number,
  first: number,
): Result<{ hunks: PatchHunk[]; next: number }> {
  const hunks: PatchHunk[] = [];
  let scopes: string[] = [];
  let headers: string[] = [];
  let lines: HunkLine[] = [];
  let chunkLine = first + start;
  const finish = (atEnd: boolean) => {
    if (lines.length > 0) {
      hunks.push({
        lines,
        header: headers.join(" ") || "@@",
        patchLine: chunkLine,
        scopes,
        atEnd,
        oldEndsWithoutNewline: false,
        newEndsWithoutNewline: false,
      });
    }
    lines = [];
    scopes = [];
    headers = [];
  };
  let index = start;
  for (; index < stop; index++) {
    const row = rows[index]!;
    if (isSectionStart(row)) break;
    if (row.startsWith("@@")) {
      if (lines.length > 0) finish(false);
      if (headers.length === 0) chunkLine = first + index;
      headers.push(row.trim());
      const scope = row.slice(2).trim();
      if (scope !== "") scopes.push(scope);
      continue;
    }
    if (row.trim() === END_OF_FILE) {
      finish(true);
      continue;
    }
    if (row === "") {
      // A blank context line that lost its space, unless nothing of the chunk follows it.
      if (chunkGoesOn(rows, index, stop)) lines.push({ op: " ", text: "" });
      continue;
    }
    const op = row[0];
    if (op !== " " && op !== "-" && op !== "+")
      return fail("INVALID_PATCH", say.unknownEnvelopeLine(first + index, row));
    if (lines.length === 0 && headers.length === 0) chunkLine = first + index;
    lines.push({ op, text: row.slice(1) });
  }
  finish(false);
  return ok({ hunks, next: index });
}

function chunkGoesOn(rows: readonly string[], index: number, stop: number): boolean {
  let at = index;
  while (at < stop && rows[at] === "") at++;
  if (at >= stop) return false;
  const row = rows[at]!;
  return row.startsWith(" ") || row.startsWith("-") || row.startsWith("+");
}
