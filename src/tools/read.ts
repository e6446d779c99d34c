// lapp_read: a page of a file as N#ID:text rows (images as image content).
import * as v from "valibot";
import { LappError, unwrap } from "../errors.ts";
import { readPage } from "../hashline/page.ts";
import { decodeRaw, readWholeFile } from "../files/load.ts";
import { MAX_EDIT_BYTES, MAX_PAGE_BYTES } from "../limits.ts";
import { continuation, emptyFile, encodingNote, offsetPastEnd } from "../messages.ts";
import { imageType } from "../text/binary.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool } from "./tool.ts";

export const readTool = defineTool({
  name: "lapp_read",
  description: `Read a text file. Every line comes back as N#ID:text, where N#ID (e.g. 12#KT) is the line's ref: pass refs to lapp_edit instead of retyping old code.
Refs stay valid for the whole file, across pages. Long files are paged: the last line says which offset continues. png/jpeg/gif/webp files are returned as images.
Example: {"path":"src/app.ts","offset":120,"limit":60} → 120#QW:export function start() {  121#KT:  listen(8080);  …`,
  schema: v.object({
    path: pathField,
    offset: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.description("First line to show (1-based). Default 1.")),
    ),
    limit: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(1), v.description("Maximum number of lines. Default 2000.")),
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
    const path = unwrap(context.guard.resolve(input.path));
    context.notePath(path.display);
    const isBlocked = (relative: string) => context.guard.isBlocked(relative);

    const raw = unwrap(readWholeFile(path, isBlocked, MAX_EDIT_BYTES));
    const mimeType = imageType(raw.bytes);
    if (mimeType) return imageOutput(raw.bytes, mimeType);

    const { doc } = unwrap(decodeRaw(path, raw));
    context.memory.remember(path.real, doc.lines);
    const note = encodingNote(doc.encoding, doc.bom);
    const header = note ? [note] : [];
    if (doc.lines.length === 0) return [...header, emptyFile(path.display)].join("\n");

    const offset = input.offset ?? 1;
    const limit = input.limit ?? context.config.limit;
    if (offset > doc.lines.length) {
      throw new LappError("LINE_OUT_OF_RANGE", offsetPastEnd(path.display, offset, doc.lines.length));
    }
    const page = readPage(doc.lines, offset, limit, MAX_PAGE_BYTES);
    const footer = page.lastLine < page.totalLines ? [continuation(page.firstLine, page.lastLine, page.totalLines)] : [];
    return [...header, ...page.rows, ...footer].join("\n");
  },
});

function imageOutput(bytes: Uint8Array, mimeType: string) {
  return { content: [{ type: "image" as const, data: Buffer.from(bytes).toString("base64"), mimeType }] };
}
