// lapp_replace_block: one whole block (found like lapp_find_block) replaced by new text through the edit
// engine — a replace of the block's range — so validation, dry_run and the fresh-ref result are lapp_edit's.
import * as v from "valibot";
import { bracketBalance } from "../blocks/balance.ts";
import * as say from "../blocks/messages.ts";
import { indentationOf, reindentToHeader } from "../blocks/reindent.ts";
import { LappError } from "../errors.ts";
import { splitContent, stripCopiedPrefixes } from "../hashline/edit.ts";
import { refOf } from "../hashline/hash.ts";
import { applyWithMemory, commitOutcome } from "./apply-outcome.ts";
import { findTarget, locatorFields, type BlockTarget } from "./block-target.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool } from "./tool.ts";
import { loadGuarded } from "./load-guarded.ts";

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
    const path = context.resolve(input.path);
    return context.queue.run(path.real, () => {
      const loaded = loadGuarded(context, path);
      const { doc } = loaded;
      const rememberShown = (error: unknown) => {
        if (error instanceof LappError) context.memory.rememberRows(path.real, doc.lines, error.shownLines);
      };
      let target: BlockTarget;
      try {
        target = findTarget(
          doc.lines,
          path.display,
          input,
          context.memory.staleChecker(path.real, doc.lines),
        );
      } catch (error) {
        rememberShown(error);
        throw error;
      }
      const { start, end } = target.span;
      const warnings: string[] = [];
      const copied = stripCopiedPrefixes(input.content);
      if (copied.stripped) warnings.push(say.prefixesStripped());
      const reindented = reindentToHeader(splitContent(copied.content), indentationOf(doc.lines[start - 1]!));
      if (reindented.shift) warnings.push(say.reindented(reindented.shift.from, reindented.shift.to));
      const balance = bracketBalance(reindented.lines, path.display, doc.lines);
      if (balance && (balance.unclosed > 0 || balance.unopened > 0)) {
        warnings.push(say.unbalancedContent(balance.unclosed, balance.unopened));
      }
      // The range's refs are computed from the file just loaded (the anchor was verified above), so the
      // engine re-checks nothing the model did not send; it splices, keeps bytes and renders.
      const applied = applyWithMemory(context, path, loaded, [
        {
          type: "replace",
          start: refOf(start, doc.lines[start - 1]!),
          end: refOf(end, doc.lines[end - 1]!),
          content: reindented.lines.length === 0 ? "" : `${reindented.lines.join("\n")}\n`,
        },
      ]);
      const outcome = { ...applied, warnings: [...applied.warnings, ...warnings] };
      return commitOutcome(context, path, loaded, outcome, input.dry_run);
    });
  },
});
