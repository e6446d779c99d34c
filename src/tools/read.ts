// lapp_read: a page of a file as N#ID:text rows (images as image content), large files paged by streaming; the
// outline of a file when asked (`outline: true`) or when a default read's rows would not fit one answer.
import { statSync } from "node:fs";
import * as v from "valibot";
import { rowsBudget } from "../budget/budget.ts";
import { LappError, unwrap } from "../errors.ts";
import { readForDisplay } from "../files/read-file.ts";
import { MAX_EDIT_BYTES, MAX_PAGE_BYTES, STREAM_READ_MIN_BYTES } from "../limits.ts";
import { continuation, emptyFile, encodingNote, offsetPastEnd } from "../messages.ts";
import { outlineAnswer } from "../outline/answer.ts";
import { noStructure, outlineHeading, outlineInsteadOfRows, tooLargeToOutline } from "../outline/messages.ts";
import { readPage } from "../hashline/page.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { GuardedPath } from "../security/guard.ts";
import { prose, type AnswerItem, type ShownLine } from "../hashline/answer.ts";
import { fsPath } from "../text/byte-names.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool, type ToolContext, type ToolOutput } from "./tool.ts";

export const readTool = defineTool({
  name: "lapp_read",
  description: `Read a text file. Every line comes back as N#ID:text, where N#ID (e.g. 12#KT) is the line's ref: pass refs to lapp_edit instead of retyping old code.
Refs stay valid for the whole session: across pages, and across your own edits (lapp follows the lines it showed you; a change made by someone else is caught and refused with the fresh ref). Long files are paged: the last line says which offset continues. png/jpeg/gif/webp files are returned as images.
outline:true returns the file's structure, one row per block (function, class, method, heading): START#ID..END#ID kind name, nested by two spaces. A read without offset and limit of a file too big for one answer returns that outline; offset/limit always return rows.
Example: {"path":"src/app.ts","offset":120,"limit":60} → 120#QW:export function start() {  121#KT:  listen(8080);  …`,
  schema: v.object({
    path: pathField,
    offset: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.minValue(1),
        v.description("First line to show (1-based). Default 1."),
      ),
    ),
    limit: v.optional(
      v.pipe(
        v.number(),
        v.safeInteger(),
        v.minValue(1),
        v.description("Maximum number of lines. Default 2000."),
      ),
    ),
    outline: v.optional(
      v.pipe(
        v.boolean(),
        v.description(
          "true: the file's blocks as START#ID..END#ID kind name rows instead of its lines; offset continues a long outline.",
        ),
      ),
    ),
  }),
  annotations: {
    title: "Read file with line refs",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  run(input, context) {
    return context.session.withPath(context.resolve, input.path, (path) => {
      try {
        return readOnce(input, context, path);
      } catch (error) {
        // The path was swapped between check and open (an editor's rename, or an attack): checking it again from
        // scratch settles which.
        if (!(error instanceof LappError) || error.code !== "FILE_CHANGED") throw error;
        return readOnce(input, context, context.resolve(input.path));
      }
    });
  },
});

interface ReadInput {
  offset?: number | undefined;
  limit?: number | undefined;
  outline?: boolean | undefined;
}

function readOnce(input: ReadInput, context: ToolContext, path: GuardedPath): ToolOutput {
  const offset = input.offset ?? 1;
  const maxTokens = context.config.maxOutputTokens;
  const defaultRead = input.offset === undefined && input.limit === undefined && input.outline === undefined;
  if ((input.outline === true || defaultRead) && sizeOf(path) > OUTLINE_FIRST_MIN_BYTES) {
    const outline = outlineFirst(input, context, path, offset);
    if (outline !== null) return outline;
  }
  // The rows of the page, with their text: recorded as shown once it is settled that rows are the answer.
  const rows: ShownLine[] = [];
  const { documents } = context.session;
  const request = {
    offset,
    limit: input.limit ?? context.config.limit,
    maxTokens: rowsBudget(maxTokens),
    onShown: (line: number, text: string) => rows.push({ line, text }),
    streamFromBytes: streamFrom(context),
  };
  const isBlocked = (relative: string) => context.guard.isBlocked(relative);
  const shown = unwrap(readForDisplay(path, isBlocked, request, documents.get(path.real)));
  if (shown.kind === "text" && shown.doc) documents.remember(path.real, shown.digest, shown.doc);
  if (shown.kind === "image") {
    return {
      content: [
        { type: "image", data: Buffer.from(shown.bytes).toString("base64"), mimeType: shown.mimeType },
      ],
    };
  }

  const note = encodingNote(shown.encoding, shown.bom);
  const header = note ? [prose(note, true)] : [];
  const { page } = shown;
  if (page.totalLines === 0) return [...header.map((item) => item.text), emptyFile(path.display)].join("\n");
  if (offset > page.totalLines) {
    throw new LappError("LINE_OUT_OF_RANGE", offsetPastEnd(path.display, offset, page.totalLines));
  }
  const wholeFileShown = page.firstLine === 1 && page.lastLine === page.totalLines;
  if (input.outline === true || (defaultRead && !wholeFileShown)) {
    const outline = readOutline(context, path, offset, page.totalLines, input.outline === true, header);
    if (outline !== null) return outline;
    if (input.outline === true) {
      const tooLarge = sizeOf(path) > MAX_EDIT_BYTES;
      header.push(
        prose(tooLarge ? tooLargeToOutline(path.display, MAX_EDIT_BYTES) : noStructure(path.display), true),
      );
    }
  }
  const items = [
    ...header,
    ...page.rows.map((text, index) => ({ text, shows: [rows[index]!] })),
    ...(page.lastLine < page.totalLines
      ? [prose(continuation(page.firstLine, page.lastLine, page.totalLines), true)]
      : []),
  ];
  const lines: readonly (string | undefined)[] = shown.doc
    ? shown.doc.lines
    : sparseLines(rows, page.totalLines);
  const version = { lines, id: shown.id, ...(shown.digest !== undefined && { digest: shown.digest }) };
  // A streamed file too large to edit has no record: no tool could use its refs.
  if (shown.doc === undefined && shown.hashes === undefined) return items.map((item) => item.text).join("\n");
  const cut = (kept: number) =>
    prose(continuation(page.firstLine, page.firstLine + kept - 1, page.totalLines));
  return context.session.presentRead(
    path,
    shown.hashes ? { ...version, hashes: shown.hashes } : version,
    { items, cutNote: cut },
    maxTokens,
  );
}

/**
 * Files above this size are answered by their outline straight away when it is asked for or a default read gets it:
 * twice a page's byte cap, so their rows cannot fit one answer unless their lines are few and very long (checked).
 */
const OUTLINE_FIRST_MIN_BYTES = 2 * MAX_PAGE_BYTES;

/** The size of the file at `path` now, 0 when it cannot be told (the read that follows reports why). */
function sizeOf(path: GuardedPath): number {
  try {
    return statSync(fsPath(path.real)).size;
  } catch {
    return 0;
  }
}

const streamFrom = (context: ToolContext) =>
  context.config.internals?.streamFromBytes ?? STREAM_READ_MIN_BYTES;

/** The lines of a file known only by the rows a streamed page showed. */
function sparseLines(rows: readonly ShownLine[], total: number): (string | undefined)[] {
  const lines = new Array<string | undefined>(total);
  for (const row of rows) lines[row.line - 1] = row.text;
  return lines;
}

/**
 * The outline answer for a read, recording both refs of every row it shows; null when the file has no blocks or
 * is too large to load whole (then rows are the answer).
 */
function readOutline(
  context: ToolContext,
  path: GuardedPath,
  offset: number,
  totalLines: number,
  asked: boolean,
  header: readonly AnswerItem[],
): string | null {
  if (sizeOf(path) > MAX_EDIT_BYTES) return null;
  return presentOutline(context, context.session.open(path), offset, totalLines, asked, header);
}

/**
 * A big file's outline without a page of rows first: a default read of it (or `outline: true`) is answered by its
 * outline, so neither a page nor, for a streamed file, every line's hash is made only to be dropped. Null where the
 * rows path decides: a binary file or an image, an offset past the end, no blocks, or a default read whose rows fit
 * one answer after all (a few very long lines: rows show at most MAX_LINE_CHARS of each).
 */
function outlineFirst(
  input: ReadInput,
  context: ToolContext,
  path: GuardedPath,
  offset: number,
): string | null {
  if (sizeOf(path) > MAX_EDIT_BYTES) return null;
  let file: SessionFile;
  try {
    file = context.session.open(path);
  } catch (error) {
    // The rows path answers these its own way: an image, a binary file, a file grown past the edit limit.
    if (error instanceof LappError && (error.code === "BINARY_FILE" || error.code === "FILE_TOO_LARGE"))
      return null;
    throw error;
  }
  const { lines, loaded } = file;
  if (offset > lines.length) return null;
  if (input.outline !== true) {
    const limit = context.config.limit;
    const budget = { bytes: MAX_PAGE_BYTES, tokens: rowsBudget(context.config.maxOutputTokens) };
    if (lines.length <= limit && readPage(lines, 1, limit, budget).lastLine === lines.length) return null;
  }
  const note = encodingNote(loaded.doc.encoding, loaded.doc.bom);
  const header = note ? [prose(note, true)] : [];
  return presentOutline(context, file, offset, lines.length, input.outline === true, header);
}

/** The outline of a file opened in the session, from `offset` on, presented (its refs recorded); null: no blocks. */
function presentOutline(
  context: ToolContext,
  file: SessionFile,
  offset: number,
  totalLines: number,
  asked: boolean,
  header: readonly AnswerItem[],
): string | null {
  const display = file.path.display;
  const maxTokens = context.config.maxOutputTokens;
  // A default read's heading names no count of entries, so its first page may come before the whole outline.
  const heading = asked
    ? (entries: number) => outlineHeading(display, totalLines, entries)
    : outlineInsteadOfRows(display, totalLines, maxTokens);
  const answer = outlineAnswer(file.lines, file.blocks(), offset, maxTokens, heading);
  if (answer === null) return null;
  return file.present({ ...answer, items: [...header, ...answer.items] }, maxTokens);
}
