// lapp_edit: several edits by refs, validated together against the file as read, applied atomically.
import * as v from "valibot";
import { EDIT_TYPES } from "../hashline/edit.ts";
import { MAX_EDITS_PER_CALL } from "../limits.ts";
import { pathField } from "./common-schemas.ts";
import { WHICH_EDIT_TOOL } from "../messages.ts";
import { defineTool } from "./tool.ts";

const ref = (what: string) => v.pipe(v.string(), v.description(what));
const content = v.pipe(
  v.string(),
  v.description(
    'The complete new line(s); "\\n" separates lines. Indentation is literal. Never include N#ID: prefixes.',
  ),
);

// One flat object for every operation: a plain schema every MCP client understands (no oneOf), and a misplaced
// field reaches the engine, which says precisely what is wrong with it (INVALID_EDIT). Unknown keys (e.g.
// "new_content") are refused here, naming the field.
const editSchema = v.strictObject({
  type: v.pipe(
    v.picklist(EDIT_TYPES),
    v.description(
      'replace: one line (anchor) or a range (start+end) becomes content. insert_after: content after anchor ("0:" = start of file, "EOF:" = end). insert_before: content before anchor. delete: one line (anchor) or a range (start+end).',
    ),
  ),
  anchor: v.optional(
    ref('Ref of the line, e.g. "5#SN". Inserts also take "0:" (start of file) or "EOF:" (end).'),
  ),
  start: v.optional(ref("Ref of the first line of a range (with end).")),
  end: v.optional(ref("Ref of the last line of a range (inclusive, with start).")),
  content: v.optional(content),
});

export const editTool = defineTool({
  name: "lapp_edit",
  description: `Edit a file by line refs (N#ID from lapp_read, lapp_grep or a previous edit). Refs stay valid across your own edits: a ref from your first read still names the same line after earlier edits moved it (the result says where it is now), so you need not re-read between edits. The edits of one call apply together, so line numbers never shift between them. If the file was changed by someone else, or a ref is stale, nothing is written and the error shows the line's fresh ref to retry with.
Operations: replace (anchor, or start+end), insert_after (anchor; "0:" = file start, "EOF:" = end), insert_before (anchor), delete (anchor, or start+end). content is the full new text of the lines.
Example: {"path":"src/app.ts","edits":[{"type":"replace","anchor":"12#KT","content":"  listen(9090);"},{"type":"insert_after","anchor":"30#PM","content":"export { start };"},{"type":"delete","start":"40#QW","end":"44#ZP"}]}
The result lists the changed lines with fresh refs; use them for the next edit without re-reading.
${WHICH_EDIT_TOOL}`,
  schema: v.object({
    path: pathField,
    edits: v.pipe(
      v.array(editSchema),
      v.minLength(1),
      v.maxLength(MAX_EDITS_PER_CALL),
      v.description(`1 to ${MAX_EDITS_PER_CALL} edit operations, all against the file as read.`),
    ),
    dry_run: v.optional(
      v.pipe(v.boolean(), v.description("Validate and show a diff preview without writing. Default false.")),
    ),
  }),
  annotations: {
    title: "Edit file by line refs",
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  run(input, context) {
    return context.session.withFile(context.resolve, input.path, (file) =>
      file.commit(
        file.apply(input.edits, context.config.maxOutputTokens),
        input.dry_run,
        context.config.maxOutputTokens,
      ),
    );
  },
});
