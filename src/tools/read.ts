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
import { pathField } from "./common-schemas.ts";
import { loadGuarded } from "./load-guarded.ts";
import { defineTool, type ToolContext, type ToolOutput } from "./tool.ts";

export const readTool = defineTool({
  name: "lapp_read",
  description: `Read a text file. Every line comes back as N#ID:text, where N#ID (e.g. 12#KT) is the line's ref: pass refs to lapp_edit instead of retyping old code.
Refs stay valid for the whole file, across pages. Long files are paged: the last line says which offset continues. png/jpeg/gif/webp files are returned as images.
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
  run(input, context): ToolOutput {
    const offset = input.offset ?? 1;
    const maxTokens = context.config.maxOutputTokens;
    // Rows are recorded as shown only once it is settled that rows (not the outline) are the answer.
    let shownRows: [number, string][] = [];
    const attempt = () => {
      const path = context.resolve(input.path);
      shownRows = [];
      const read = readForDisplay(path, (relative) => context.guard.isBlocked(relative), {
        offset,
        limit: input.limit ?? context.config.limit,
        maxTokens: rowsBudget(maxTokens),
        onShown: (line, text) => shownRows.push([line, text]),
      });
      return { path, read };
    };
    // FILE_CHANGED here means the path was swapped between check and open (an editor's rename, or an attack):
    // checking the path again from scratch settles which.
    let { path, read } = attempt();
    if (!read.ok && read.error.code === "FILE_CHANGED") ({ path, read } = attempt());
    const shown = unwrap(read);
    if (shown.kind === "image") {
      return {
        content: [
          { type: "image", data: Buffer.from(shown.bytes).toString("base64"), mimeType: shown.mimeType },
        ],
      };
    }

    const note = encodingNote(shown.encoding, shown.bom);
    const header = note ? [note] : [];
    const { page } = shown;
    if (page.totalLines === 0) return [...header, emptyFile(path.display)].join("\n");
    if (offset > page.totalLines) {
      throw new LappError("LINE_OUT_OF_RANGE", offsetPastEnd(path.display, offset, page.totalLines));
    }
    const wholeFileShown = page.firstLine === 1 && page.lastLine === page.totalLines;
    const defaultRead =
      input.offset === undefined && input.limit === undefined && input.outline === undefined;
    if (input.outline === true || (defaultRead && !wholeFileShown)) {
      const outline = readOutline(context, path, offset, page.totalLines, input.outline === true);
      if (outline !== null) return [...header, outline].join("\n");
      if (input.outline === true) header.push(noStructure(path.display));
    }
    for (const [line, text] of shownRows) context.memory.rememberRow(path.real, line, text);
    const footer =
      page.lastLine < page.totalLines ? [continuation(page.firstLine, page.lastLine, page.totalLines)] : [];
    return [...header, ...page.rows, ...footer].join("\n");
  },
});

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
): string | null {
  if (statSync(path.real).size > STREAM_READ_MIN_BYTES) return null;
  const { lines } = loadGuarded(context, path).doc;
  const maxTokens = context.config.maxOutputTokens;
  const heading = (entries: number) =>
    asked
      ? outlineHeading(path.display, totalLines, entries)
      : outlineInsteadOfRows(path.display, totalLines, maxTokens);
  const answer = outlineAnswer(lines, path.display, offset, maxTokens, heading);
  if (answer === null) return null;
  for (const entry of answer.entries) {
    context.memory.rememberRow(path.real, entry.start, lines[entry.start - 1]!);
    context.memory.rememberRow(path.real, entry.end, lines[entry.end - 1]!);
  }
  return answer.text;
}
