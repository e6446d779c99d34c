// lapp_read: a page of a file as N#ID:text rows (images as image content), large files paged by streaming.
import * as v from "valibot";
import { LappError, unwrap } from "../errors.ts";
import { readForDisplay } from "../files/read-file.ts";
import { continuation, emptyFile, encodingNote, offsetPastEnd } from "../messages.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool, type ToolOutput } from "./tool.ts";

export const readTool = defineTool({
  name: "lapp_read",
  description: `Read a text file. Every line comes back as N#ID:text, where N#ID (e.g. 12#KT) is the line's ref: pass refs to lapp_edit instead of retyping old code.
Refs stay valid for the whole file, across pages. Long files are paged: the last line says which offset continues. png/jpeg/gif/webp files are returned as images.
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
  run(input, context): ToolOutput {
    const offset = input.offset ?? 1;
    const attempt = () => {
      const path = context.resolve(input.path);
      const read = readForDisplay(path, (relative) => context.guard.isBlocked(relative), {
        offset,
        limit: input.limit ?? context.config.limit,
        onShown: (line, text) => context.memory.rememberRow(path.real, line, text),
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
    const footer =
      page.lastLine < page.totalLines ? [continuation(page.firstLine, page.lastLine, page.totalLines)] : [];
    return [...header, ...page.rows, ...footer].join("\n");
  },
});
