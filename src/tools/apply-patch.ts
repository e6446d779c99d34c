// lapp_apply_patch: a unified diff or a `*** Begin Patch` envelope, one file or several, applied all or nothing:
// every path guarded, every file's queue held, every hunk placed by its text — then the files written one by one.
import * as v from "valibot";
import { LappError, unwrap } from "../errors.ts";
import * as say from "../patch/messages.ts";
import { parsePatch } from "../patch/parse.ts";
import type { FilePatch } from "../patch/types.ts";
import type { Resolve } from "../session/edit-session.ts";
import { prepareFiles } from "./apply-patch/prepare.ts";
import { withPatchFiles } from "./apply-patch/targets.ts";
import { previewPatch, writePatch } from "./apply-patch/write.ts";
import { WHICH_EDIT_TOOL } from "../messages.ts";
import { changesFiles, defineTool } from "./tool.ts";

export const applyPatchTool = defineTool({
  name: "lapp_apply_patch",
  description: `Apply a patch you already wrote: a unified diff (--- / +++ headers and @@ hunks, as git diff writes it) or the *** Begin Patch envelope (*** Update File: / *** Add File: / *** Delete File: / *** Move to:, @@ chunks, *** End Patch); one file or several.
Each hunk is placed by its context and removed lines (line numbers are only hints): exactly, else with whitespace normalised (added lines then move with the indentation found). It must occur once after the hunk before it; at several places it is refused listing every place (an @@ -N line number or @@ scope line may pick one), nowhere it is refused showing the most similar rows.
All or nothing: if any hunk of any file does not apply, nothing is written and every problem is listed. Then every file is written atomically, one after the other. Line endings, encodings and byte order marks are kept as lapp_edit keeps them. New and deleted files go through the same path checks as lapp_write.
${WHICH_EDIT_TOOL}
The result lists each file's changed lines with fresh refs, usable in lapp_edit. dry_run:true checks and previews without writing.
Example: {"patch":"--- a/app.py\\n+++ b/app.py\\n@@ -3,3 +3,3 @@ def total(items):\\n     subtotal = sum(items)\\n-    return subtotal\\n+    return round(subtotal, 2)\\n \\n"}`,
  schema: v.object({
    patch: v.pipe(
      v.string(),
      v.minLength(1),
      v.description(
        'The patch text: a unified diff, or "*** Begin Patch" … "*** End Patch". "\\n" separates lines.',
      ),
    ),
    path: v.optional(
      v.pipe(
        v.string(),
        v.minLength(1),
        v.description(
          "The file a one-file patch changes, when its hunks carry no --- / +++ header naming it.",
        ),
      ),
    ),
    dry_run: v.optional(
      v.pipe(
        v.boolean(),
        v.description("Check every hunk and preview the changes without writing. Default false."),
      ),
    ),
  }),
  annotations: changesFiles("Apply a patch (unified diff or *** Begin Patch)"),
  run(input, context) {
    const parsed = unwrap(parsePatch(input.patch));
    const files = withPathArgument(parsed.files, input.path, context.resolve);
    const maxTokens = context.config.maxOutputTokens;
    return withPatchFiles(context.session, context.resolve, files, (targets) => {
      const prepared = prepareFiles(context.session, targets, parsed.format, maxTokens);
      return input.dry_run
        ? previewPatch(prepared, maxTokens)
        : writePatch(context.session, prepared, maxTokens);
    });
  },
});

/** The files with `path` filled in: it names the file of hunks without headers, and must agree with a one-file header. */
function withPathArgument(
  files: readonly FilePatch[],
  path: string | undefined,
  resolve: Resolve,
): FilePatch[] {
  const nameless = files.filter((file) => file.path === "");
  if (path === undefined) {
    if (nameless.length > 0) throw new LappError("INVALID_PATCH", say.hunkWithoutFile(1));
    return [...files];
  }
  if (files.length > 1) throw new LappError("INVALID_ARGUMENTS", say.pathWithManyFiles(files.length));
  const file = files[0]!;
  if (file.path !== "" && resolve(file.path).real !== resolve(path).real)
    throw new LappError("INVALID_ARGUMENTS", say.pathDiffers(path, file.path));
  return [{ ...file, path }];
}
