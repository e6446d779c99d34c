// lapp_read: a page of a file as N#ID:text rows (images as image content), large files paged by streaming; the
// outline of a file when asked (`outline: true`) or when a default read's rows would not fit one answer.
import { statSync } from "node:fs";
import * as v from "valibot";
import { rowsBudget } from "../budget/budget.ts";
import { LappError, unwrap } from "../errors.ts";
import { readForDisplay } from "../files/read-file.ts";
import { STREAM_READ_MIN_BYTES } from "../limits.ts";
import { continuation, emptyFile, encodingNote, offsetPastEnd } from "../messages.ts";
import { outlineAnswer } from "../outline/answer.ts";
import { noStructure, outlineHeading, outlineInsteadOfRows } from "../outline/messages.ts";
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
  const defaultRead = input.offset === undefined && input.limit === undefined && input.outline === undefined;
  if (input.outline === true || (defaultRead && !wholeFileShown)) {
    const outline = readOutline(context, path, offset, page.totalLines, input.outline === true, header);
    if (outline !== null) return outline;
    if (input.outline === true) header.push(prose(noStructure(path.display), true));
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
  if (statSync(fsPath(path.real)).size > streamFrom(context)) return null;
  const file = context.session.open(path);
  const { lines } = file;
  const maxTokens = context.config.maxOutputTokens;
  const heading = (entries: number) =>
    asked
      ? outlineHeading(path.display, totalLines, entries)
      : outlineInsteadOfRows(path.display, totalLines, maxTokens);
  const answer = outlineAnswer(lines, path.display, offset, maxTokens, heading);
  if (answer === null) return null;
  return file.present({ ...answer, items: [...header, ...answer.items] }, maxTokens);
}
