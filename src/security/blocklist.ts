// The block list: root-relative glob patterns (dotfiles included) compiled once with picomatch.
// --allow removes an equal block pattern and also exempts the paths it matches, so `--allow '**/.env.local'` works
// even though `**/.env.*` would still match. Matching ignores case: `.ENV` is the same file as `.env` on macOS and
// Windows, and a file named SECRETS.json is a secret on Linux too.

import picomatch from "picomatch";

export interface Blocklist {
  readonly patterns: readonly string[];
  /** `relative` uses `/` separators and is root-relative. */
  isBlocked(relative: string): boolean;
}

export function compileBlocklist(block: readonly string[], allow: readonly string[]): Blocklist {
  const patterns = [...new Set(block.filter((pattern) => !allow.includes(pattern)))];
  const options = { dot: true, windows: false, nocase: true } as const;
  const blocked = patterns.length > 0 ? picomatch(patterns, options) : () => false;
  const allowed = allow.length > 0 ? picomatch([...allow], options) : () => false;
  return {
    patterns,
    isBlocked: (relative) => relative !== "" && blocked(relative) && !allowed(relative),
  };
}
