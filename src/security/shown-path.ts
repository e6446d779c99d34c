// A path as a model sends it: the quoted form lapp shows (src/text/quote-path.ts) names the path it was shown for.
// A file may really be named like such a form (`"x\udcff.txt"`, quotes and all); when it exists, the path could mean
// either file, and lapp refuses to pick one (AMBIGUOUS) instead of silently reaching the other.

import { fail, type Result } from "../errors.ts";
import { quotePath, unquotePath } from "../text/quote-path.ts";
import type { GuardedPath, PathGuard } from "./guard.ts";
import { quotedOrLiteral } from "./messages.ts";

export function resolveShownPath(guard: PathGuard, input: string): Result<GuardedPath> {
  const path = unquotePath(input);
  if (path === input) return guard.resolve(input);
  const literal = guard.resolve(input);
  if (literal.ok && literal.value.exists) {
    const { summary, details } = quotedOrLiteral(quotePath(path), literal.value.display, path);
    return fail("AMBIGUOUS", summary, details);
  }
  return guard.resolve(path);
}
