// lapp_insert_block: new lines put before or after a block — named by its text (anchor_content), by a ref inside
// it (anchor) or by its header (pattern) — with their indentation rebased onto it, through the edit engine.
import * as v from "valibot";
import { unwrap } from "../errors.ts";
import { applyResolved } from "../hashline/edit.ts";
import { refOf } from "../hashline/hash.ts";
import { findTargetIn, locatorFields, shiftToLine } from "./block-target.ts";
import { dryRunField, pathField } from "./common-schemas.ts";
import { findTextIn, newLinesOf, normalizeField, rebaseOntoTarget, textField } from "./content-target.ts";
import { WHICH_EDIT_TOOL } from "../messages.ts";
import { changesFiles, defineTool } from "./tool.ts";

export const insertBlockTool = defineTool({
  name: "lapp_insert_block",
  description: `Insert new lines before or after a block, without naming line numbers: a new function after another, an import before the first one.
Name the block by its text: anchor_content, exact lines you have (the indentation all of them share and trailing spaces are ignored when they occur nowhere exactly, unless normalize_whitespace:false) — or by anchor (a ref inside it: the whole innermost block is taken, as lapp_find_block does) or pattern (its header line, + literal, occurrence). A text found at several places is refused listing every place (pick one with occurrence or anchor); found nowhere, the error shows the most similar rows.
position is "before" or "after" the block. The new lines keep your indentation relative to anchor_content and move with it when it was found at another indentation; with anchor or pattern, content indented consistently is shifted to the block's first line. dry_run:true previews without writing.
The result lists the new lines with fresh refs, like lapp_edit.
${WHICH_EDIT_TOOL}
Example: {"path":"app/cart.py","anchor_content":"    def total(self):\\n        return sum(self.items)","position":"after","content":"\\n    def count(self):\\n        return len(self.items)"}`,
  schema: v.object({
    path: pathField,
    anchor_content: textField(
      "The exact lines of the block to insert next to (anchor or occurrence may pick one of several places).",
    ),
    ...locatorFields,
    normalize_whitespace: normalizeField,
    position: v.pipe(
      v.picklist(["before", "after"]),
      v.description('"before": the new lines go right above the block; "after": right below its last line.'),
    ),
    content: v.pipe(v.string(), v.minLength(1), v.description('The new lines; "\\n" separates them.')),
    dry_run: dryRunField,
  }),
  annotations: changesFiles("Insert lines next to a block"),
  run(input, context) {
    return context.session.withFile(context.resolve, input.path, (file) => {
      const maxTokens = context.config.maxOutputTokens;
      const warnings: string[] = [];
      const given = newLinesOf(input.content, warnings, "lapp_insert_block content");
      let span: { start: number; end: number };
      let lines: string[];
      if (input.anchor_content !== undefined) {
        const target = findTextIn(file, "anchor_content", input.anchor_content, input, maxTokens, true);
        warnings.push(...target.warnings);
        span = target.match;
        lines = rebaseOntoTarget(target, "anchor_content", given, warnings);
      } else {
        span = findTargetIn(file, input, maxTokens).span;
        lines = shiftToLine(file, span.start, given, warnings);
      }
      const before = input.position === "before";
      const line = before ? span.start : span.end;
      const edit = {
        index: 0,
        type: before ? ("insert_before" as const) : ("insert_after" as const),
        gap: before ? span.start - 1 : span.end,
        anchorLine: line,
        lines,
        label: refOf(line, file.lines[line - 1]!),
      };
      const outcome = file.guarded(() => unwrap(applyResolved(file.loaded.doc, [edit])), maxTokens);
      return file.commit(
        { ...outcome, warnings: [...outcome.warnings, ...warnings] },
        input.dry_run,
        maxTokens,
      );
    });
  },
});
