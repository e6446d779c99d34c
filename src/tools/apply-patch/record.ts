// Where lapp_apply_patch tells the session's record what happened besides the commits of updated files (which
// SessionFile.commit records): files it deleted or moved away. Rows it shows go through the session's one path.

import type { GuardedPath } from "../../security/guard.ts";
import type { EditSession } from "../../session/edit-session.ts";

/** A file lapp deleted (or moved away): no ref into it means anything any more. */
export function recordDeleted(session: EditSession, path: GuardedPath): void {
  session.forgetFile(path);
}
