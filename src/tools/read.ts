// lapp_read: a page of a file as N#ID:text rows (images as image content), large files paged by streaming.
import * as v from "valibot";
import { LappError, unwrap } from "../errors.ts";
import { readForDisplay } from "../files/read-file.ts";
import { continuation, emptyFile, encodingNote, offsetPastEnd } from "../messages.ts";
import { pathField } from "./common-schemas.ts";
import type { GuardedPath } from "../security/guard.ts";
import { defineTool, type ToolContext, type ToolOutput } from "./tool.ts";

export const readTool = defineTool({
  name: "lapp_read",
  description: `Read a text file. Every line comes back as N#ID:text, where N#ID (e.g. 12#KT) is the line's ref: pass refs to lapp_edit instead of retyping old code.
Refs stay valid for the whole session: across pages, and across your own edits (lapp follows the lines it showed you; a change made by someone else is caught and refused with the fresh ref). Long files are paged: the last line says which offset continues. png/jpeg/gif/webp files are returned as images.
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

function readOnce(
  input: { offset?: number | undefined; limit?: number | undefined },
  context: ToolContext,
  path: GuardedPath,
): ToolOutput {
  const offset = input.offset ?? 1;
  const rows: { line: number; text: string }[] = [];
  const shown = unwrap(
    readForDisplay(path, (relative) => context.guard.isBlocked(relative), {
      offset,
      limit: input.limit ?? context.config.limit,
      onShown: (line, text) => rows.push({ line, text }),
    }),
  );
  if (shown.kind === "image") {
    return {
      content: [
        { type: "image", data: Buffer.from(shown.bytes).toString("base64"), mimeType: shown.mimeType },
      ],
    };
  }
  if (shown.lines)
    context.session.showRows(
      path.real,
      shown.lines,
      rows.map((row) => row.line),
      true,
    );
  else context.session.showStreamed(path.real, rows);

  const note = encodingNote(shown.encoding, shown.bom);
  const header = note ? [note] : [];
  const { page } = shown;
  if (page.totalLines === 0) return [...header, emptyFile(path.display)].join("\n");
  if (offset > page.totalLines) {
    throw new LappError("LINE_OUT_OF_RANGE", offsetPastEnd(path.display, offset, page.totalLines));
  }
  const footer =
    page.lastLine < page.totalLines ? [continuation(page.firstLine, page.lastLine, page.totalLines)] : [];
  return [...header, ...page.rows, ...footer].join("\n");
}
