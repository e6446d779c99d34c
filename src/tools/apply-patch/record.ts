// Every place lapp_apply_patch tells the session's record what it showed or changed, apart from the commits of updated
// files (SessionFile.commit records those): rows a refusal shows, files it created or moved, files it deleted.

import { rowsInText } from "../../hashline/rows-in-text.ts";
import type { GuardedPath } from "../../security/guard.ts";
import type { EditSession } from "../../session/edit-session.ts";
import type { SessionFile } from "../../session/session-file.ts";

/** The rows of `lines` whose refs a refusal's (already budget-cut) text still shows, recorded for `file`. */
export function recordRefusalRows(file: SessionFile, lines: readonly number[], shownText: string): void {
  const rows = rowsInText(lines, shownText);
  if (rows.length > 0) file.show(rows);
}

/** A file lapp created (an Add File, or a move's new name), shown in `answer` with the rows of `lines`. */
export function recordCreated(
  session: EditSession,
  path: GuardedPath,
  lines: readonly string[],
  rows: readonly number[],
  answer: string,
): void {
  session.showCreated(path.real, lines, rowsInText(rows, answer));
}

/** A file lapp deleted (or moved away): no ref into it means anything any more. */
export function recordDeleted(session: EditSession, path: GuardedPath): void {
  session.records.forget(path.real);
}
