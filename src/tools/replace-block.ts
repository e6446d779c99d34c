// lapp_replace_block: one whole block (found like lapp_find_block: by header, or by its old text) replaced by new
// text through the edit engine — a replace of the block's range — so validation, dry_run and the fresh-ref result
// are lapp_edit's.
import * as v from "valibot";
import { bracketBalance } from "../blocks/balance.ts";
import * as say from "../blocks/messages.ts";
import { unwrap } from "../errors.ts";
import { applyResolved } from "../hashline/edit.ts";
import { refOf } from "../hashline/hash.ts";
import type { SessionFile } from "../session/session-file.ts";
import { locatorFields, shiftToLine } from "./block-target.ts";
import { dryRunField, pathField } from "./common-schemas.ts";
import {
  locateBlockIn,
  newContentOf,
  newLinesOf,
  normalizeField,
  rebaseOntoTarget,
  textField,
  type LocatedBlock,
} from "./content-target.ts";
import { WHICH_EDIT_TOOL } from "../messages.ts";
import { changesFiles, defineTool } from "./tool.ts";

const newText = (what: string) => v.optional(v.pipe(v.string(), v.description(what)));

export const replaceBlockTool = defineTool({
  name: "lapp_replace_block",
  description: `Replace a whole block (function, class, method, Markdown section) with new text in one atomic write: no need to name its last line.
Locate the block as lapp_find_block does: anchor (the ref of its header line, checked like any ref: if the file changed, nothing is written and the error shows fresh refs) or pattern (+ literal, occurrence) — or by its text: old_content, the exact old lines you have (the indentation all of them share and trailing spaces are ignored when they occur nowhere exactly, unless normalize_whitespace:false). Old text found at several places is refused listing every place (pick one with occurrence or anchor, or give more lines); found nowhere, the error shows the most similar rows.
content is the complete new block (new_content is accepted as its other name). By header: content indented consistently at another indentation than the header is shifted to it (with a warning). By old_content: the new lines move by as much as the old text's indentation differed from the file's. dry_run:true previews the change without writing.
${WHICH_EDIT_TOOL}
The result lists the new lines with fresh refs, like lapp_edit.
Example: {"path":"app/cart.py","pattern":"def total","content":"def total(items):\\n    return sum(item.price for item in items)"}
Example: {"path":"app/cart.py","old_content":"    return total","content":"    return round(total, 2)"}`,
  schema: v.object({
    path: pathField,
    ...locatorFields,
    old_content: textField(
      "The block's exact old lines, to find it by its text instead of by header (anchor or occurrence may pick one of several places).",
    ),
    normalize_whitespace: normalizeField,
    content: newText('The complete new block, header included; "\\n" separates lines. "" deletes the block.'),
    new_content: newText("Another name for content (the original lapp's); give one of the two."),
    dry_run: dryRunField,
  }),
  annotations: changesFiles("Replace a whole block"),
  run(input, context) {
    return context.session.withFile(context.resolve, input.path, (file) => {
      const maxTokens = context.config.maxOutputTokens;
      const newContent = newContentOf(input);
      const located = locateBlockIn(file, input, maxTokens, true);
      const { start, end } = located.span;
      const warnings = [...located.warnings];
      const newLines = newLinesOf(newContent, warnings, "lapp_replace_block content");
      const lines = placeNewLines(file, located, newLines, warnings);
      const balance = balanceWarning(file, located, lines);
      if (balance !== undefined) warnings.push(balance);
      // The span was found (and its anchor verified) in the file just loaded: the engine splices it directly.
      const label = `${refOf(start, file.lines[start - 1]!)}..${refOf(end, file.lines[end - 1]!)}`;
      const edit = {
        index: 0,
        type: "replace" as const,
        start,
        end,
        lines,
        label,
        place: "lapp_replace_block",
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

/** The new lines at the block's indentation: shifted to the header's, or moved as the old text's frame was. */
function placeNewLines(
  file: SessionFile,
  located: LocatedBlock,
  lines: string[],
  warnings: string[],
): string[] {
  if (!located.byContent) return shiftToLine(file, located.span.start, lines, warnings);
  return rebaseOntoTarget(located.target, "old_content", lines, warnings);
}

/**
 * A warning when the new block leaves brackets open or closes extra ones. A block found by its text may be any run
 * of lines, unbalanced itself: then only a balance that differs from the old lines' is worth a word.
 */
function balanceWarning(
  file: SessionFile,
  located: LocatedBlock,
  lines: readonly string[],
): string | undefined {
  const balance = bracketBalance(lines, file.path.display, file.lines);
  if (!balance || (balance.unclosed === 0 && balance.unopened === 0)) return undefined;
  if (located.byContent) {
    const old = bracketBalance(
      file.lines.slice(located.span.start - 1, located.span.end),
      file.path.display,
      file.lines,
    );
    if (old && old.unclosed === balance.unclosed && old.unopened === balance.unopened) return undefined;
  }
  return say.unbalancedContent(balance.unclosed, balance.unopened);
}
