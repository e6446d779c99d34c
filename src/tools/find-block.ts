// lapp_find_block: the whole block (function, class, method, section) an anchor or a pattern names, as
// `block START..END (N lines)` and then its rows, capped like a read.
import * as v from "valibot";
import { rowsBudget } from "../budget/budget.ts";
import * as say from "../blocks/messages.ts";
import { naming, rows } from "../hashline/answer.ts";
import { refOf } from "../hashline/hash.ts";
import { readPage } from "../hashline/page.ts";
import { MAX_PAGE_BYTES } from "../limits.ts";
import { findTargetIn, locatorFields } from "./block-target.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool } from "./tool.ts";

export const findBlockTool = defineTool({
  name: "lapp_find_block",
  description: `Find a whole block (function, class, method, object, Markdown section) and show it as N#ID:text rows, so you can edit or replace it without hunting for its end.
Locate it by anchor (the ref of its header line, or of any line inside it: the innermost block is taken) or by pattern (a regex, or plain text with literal:true, matched against each line; when some matching lines start blocks only those count; several matches → AMBIGUOUS listing them, pick one with occurrence).
Rules by file type: brace languages match the header's bracket to its closer (strings, comments, regexes skipped); Python, YAML: the header and the lines indented deeper; Markdown: a heading up to the next heading of the same or higher level.
The first line is "block START..END (N lines)" with the refs of the block's first and last line, usable in lapp_edit; lapp_replace_block swaps the whole block.
Example: {"path":"app/server.py","pattern":"def handle_request"} → block 12#KT..40#ZP (29 lines) / 12#KT:def handle_request(self, req): / …`,
  schema: v.object({ path: pathField, ...locatorFields }),
  annotations: {
    title: "Find a whole block",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  run(input, context) {
    return context.session.withFile(context.resolve, input.path, (file) => {
      const { lines } = file;
      const maxTokens = context.config.maxOutputTokens;
      const target = findTargetIn(file, input, maxTokens);
      const { start, end } = target.span;
      const page = readPage(lines, start, Math.min(context.config.limit, end - start + 1), {
        bytes: MAX_PAGE_BYTES,
        tokens: rowsBudget(maxTokens),
      });
      const first = { line: start, text: lines[start - 1]! };
      const last = { line: end, text: lines[end - 1]! };
      const heading = naming(
        say.blockHeading(refOf(start, first.text), refOf(end, last.text), end - start + 1),
        [first, last],
        true,
      );
      const continued = (lastShown: number) =>
        naming(
          say.blockContinuation(start, lastShown, refOf(start, first.text), refOf(end, last.text), end),
          [first, last],
        );
      const items = [
        heading,
        ...rows(lines, start, page.lastLine),
        ...(page.lastLine < end ? [{ ...continued(page.lastLine), keep: true }] : []),
      ];
      return file.present({ items, cutNote: (kept) => continued(start + kept - 1) }, maxTokens);
    });
  },
});
