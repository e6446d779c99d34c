// lapp_replace_block: one whole block (found like lapp_find_block) replaced by new text through the edit
// engine — a replace of the block's range — so validation, dry_run and the fresh-ref result are lapp_edit's.
import * as v from "valibot";
import { bracketBalance } from "../blocks/balance.ts";
import * as say from "../blocks/messages.ts";
import { indentationOf, reindentToHeader } from "../blocks/reindent.ts";
import { unwrap } from "../errors.ts";
import { applyResolved, copiedPrefixError, splitContent, stripCopiedPrefixes } from "../hashline/edit.ts";
import { refOf } from "../hashline/hash.ts";
import { checkBlockSeen, findTargetIn, locatorFields } from "./block-target.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool } from "./tool.ts";

export const replaceBlockTool = defineTool({
  name: "lapp_replace_block",
  description: `Replace a whole block (function, class, method, Markdown section) with new text in one atomic write: no need to name its last line.
Locate the block as lapp_find_block does: anchor (the ref of its header line, checked like any ref: if the file changed, nothing is written and the error shows fresh refs) or pattern (+ literal, occurrence).
content is the complete new block, header line included. If it is indented consistently but starts at another indentation than the header, it is shifted to the header's indentation (with a warning). dry_run:true previews the change without writing.
The result lists the new lines with fresh refs, like lapp_edit.
Example: {"path":"app/cart.py","pattern":"def total","content":"def total(items):\\n    return sum(item.price for item in items)"}`,
  schema: v.object({
    path: pathField,
    ...locatorFields,
    content: v.pipe(
      v.string(),
      v.description('The complete new block, header included; "\\n" separates lines. "" deletes the block.'),
    ),
    dry_run: v.optional(
      v.pipe(v.boolean(), v.description("Validate and show a diff preview without writing. Default false.")),
    ),
  }),
  annotations: {
    title: "Replace a whole block",
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
  run(input, context) {
    return context.session.withFile(context.resolve, input.path, (file) => {
      const { lines } = file;
      const target = findTargetIn(file, input, context.config.maxOutputTokens);
      checkBlockSeen(file, target, context.config.maxOutputTokens);
      const { start, end } = target.span;
      const warnings: string[] = [];
      const copied = stripCopiedPrefixes(input.content);
      if (copied.stripped) warnings.push(say.prefixesStripped());
      const newLines = splitContent(copied.content);
      const prefixed = copied.stripped
        ? undefined
        : copiedPrefixError(newLines, "lapp_replace_block content");
      if (prefixed) throw prefixed;
      const reindented = reindentToHeader(newLines, indentationOf(lines[start - 1]!));
      if (reindented.shift) warnings.push(say.reindented(reindented.shift.from, reindented.shift.to));
      const balance = bracketBalance(reindented.lines, file.path.display, lines);
      if (balance && (balance.unclosed > 0 || balance.unopened > 0)) {
        warnings.push(say.unbalancedContent(balance.unclosed, balance.unopened));
      }
      // The span was found (and its anchor verified) in the file just loaded: the engine splices it directly.
      const label = `${refOf(start, lines[start - 1]!)}..${refOf(end, lines[end - 1]!)}`;
      const edit = {
        index: 0,
        type: "replace" as const,
        start,
        end,
        lines: reindented.lines,
        label,
        place: "lapp_replace_block",
      };
      const outcome = unwrap(applyResolved(file.loaded.doc, [edit]));
      return file.commit(
        { ...outcome, warnings: [...outcome.warnings, ...warnings] },
        input.dry_run,
        context.config.maxOutputTokens,
      );
    });
  },
});
