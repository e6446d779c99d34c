// lapp_write: create a new file (never overwrite), creating parent directories inside the root.
import * as v from "valibot";
import { LappError, unwrap } from "../errors.ts";
import { stripCopiedPrefixes } from "../hashline/content.ts";
import { prose, rows } from "../hashline/answer.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { commitBytes } from "../files/commit.ts";
import { createParentDirectories, removeDirectories } from "../files/directories.ts";
import { fileTooLarge } from "../files/messages.ts";
import { MAX_EDIT_BYTES, WRITE_ECHO_MAX_LINES } from "../limits.ts";
import { fileExists, strippedPrefixesWarning, wroteFile, wroteLargeFile } from "../messages.ts";
import { splitLines } from "../text/document.ts";
import { pathField } from "./common-schemas.ts";
import { defineTool } from "./tool.ts";

export const writeTool = defineTool({
  name: "lapp_write",
  description: `Create a NEW file with the given content (UTF-8, written exactly as given). Fails with FILE_EXISTS if the path exists — change existing files with lapp_edit. Missing parent directories are created.
Example: {"path":"src/util/slug.ts","content":"export function slug(s: string) {\\n  return s.toLowerCase();\\n}\\n"}
Returns the new file as N#ID:text rows (up to ${WRITE_ECHO_MAX_LINES} lines) so you can edit it right away.`,
  schema: v.object({
    path: pathField,
    content: v.pipe(v.string(), v.description("The complete content of the new file.")),
  }),
  annotations: {
    title: "Create new file",
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: false,
    openWorldHint: false,
  },
  run(input, context) {
    return context.session.withPath(context.resolve, input.path, (path) => {
      if (path.exists) throw new LappError("FILE_EXISTS", fileExists(path.display));
      const { content, stripped } = stripCopiedPrefixes(input.content);
      const bytes = new TextEncoder().encode(content);
      if (bytes.length > MAX_EDIT_BYTES)
        throw new LappError("FILE_TOO_LARGE", fileTooLarge(path.display, bytes.length, MAX_EDIT_BYTES));
      const created = unwrap(createParentDirectories(path));
      const committed = commitBytes(path, bytes, undefined);
      if (!committed.ok) {
        removeDirectories(created); // nothing written means no stray directories either
        throw committed.error;
      }
      const { lines } = splitLines(content);
      const echo = lines.length <= WRITE_ECHO_MAX_LINES;
      const items = echo
        ? [prose(wroteFile(path.display, lines.length, bytes.length), true), ...rows(lines, 1, lines.length)]
        : [prose(wroteLargeFile(path.display, lines.length, bytes.length, WRITE_ECHO_MAX_LINES), true)];
      if (stripped) items.push(prose(strippedPrefixesWarning, true));
      const cutNote = (kept: number) => prose(cutAtBudget(kept, lines.length));
      const { maxOutputTokens } = context.config;
      return context.session.presentCreated(
        path,
        lines,
        committed.value.digest,
        { items, cutNote },
        maxOutputTokens,
      );
    });
  },
});
