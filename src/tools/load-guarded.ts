// Loads a guarded path as a text document for a tool, with directory listings filtered by the block list.
import { unwrap } from "../errors.ts";
import { loadTextFile, type LoadedFile } from "../files/load.ts";
import type { GuardedPath } from "../security/guard.ts";
import type { ToolContext } from "./tool.ts";

export function loadGuarded(context: ToolContext, path: GuardedPath): LoadedFile {
  return unwrap(loadTextFile(path, (relative) => context.guard.isBlocked(relative)));
}
