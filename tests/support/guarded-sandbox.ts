// Test support: a temp folder holding a project root (`base/proj`) and room outside it, with a PathGuard on the root.
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { PathGuard, type GuardedPath } from "../../src/security/guard.ts";

export interface GuardedSandbox {
  /** The temp folder; `root` is `base/proj`, anything else in `base` is outside the root. */
  base: string;
  root: string;
  guard: PathGuard;
  /** Guards a path, throwing the guard's error when it is refused. */
  resolve(input: string): GuardedPath;
  remove(): void;
}

export function makeGuardedSandbox(prefix: string, blockPatterns: readonly string[] = []): GuardedSandbox {
  const base = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const root = join(base, "proj");
  mkdirSync(root);
  const guard = new PathGuard(root, compileBlocklist(blockPatterns, []));
  return {
    base,
    root,
    guard,
    resolve(input) {
      const result = guard.resolve(input);
      if (!result.ok) throw result.error;
      return result.value;
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}
