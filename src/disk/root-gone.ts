// Whether lapp's root itself is gone (deleted or moved away while lapp runs): then every "does not exist" or "a
// directory on the way was replaced" would mislead, and the one true answer is ROOT_GONE.

import { lstatSync } from "node:fs";
import { fail, type Result } from "../errors.ts";
import { fsPath } from "../text/byte-names.ts";
import { rootGone } from "./messages.ts";

/** True when nothing, or no directory, is at the root's path any more. Asked only after something failed. */
export function isRootGone(root: string | undefined): boolean {
  if (root === undefined) return false;
  try {
    return !lstatSync(fsPath(root)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR";
  }
}

/** The ROOT_GONE failure for `root`. */
export function rootGoneFailure(root: string): Result<never> {
  return fail("ROOT_GONE", rootGone(root));
}
