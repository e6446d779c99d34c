// The block list: root-relative glob patterns (dotfiles included) compiled once with picomatch. A path is blocked
// when it or any of its ancestors matches (`.env.d/prod`, `secrets.d/x`). --allow removes an equal block pattern
// and also exempts the paths it matches, so `--allow '**/.env.local'` works even though `**/.env.*` would still
// match. Matching ignores case: `.ENV` is the same file as `.env` on macOS and Windows.

import picomatch from "picomatch";

export interface Blocklist {
  readonly patterns: readonly string[];
  /** `relative` uses `/` separators and is root-relative. True when it or an ancestor directory is blocked. */
  isBlocked(relative: string): boolean;
}

/** Verdicts of directories remembered (a walk asks about the same parents again and again). */
const DIRECTORY_CACHE_MAX = 8192;

export function compileBlocklist(block: readonly string[], allow: readonly string[]): Blocklist {
  const patterns = [...new Set(block.filter((pattern) => !allow.includes(pattern)))];
  const options = { dot: true, windows: false, nocase: true } as const;
  const blocked = patterns.length > 0 ? picomatch(patterns, options) : () => false;
  const allowed = allow.length > 0 ? picomatch([...allow], options) : () => false;
  const matchesItself = (relative: string) => blocked(relative) && !allowed(relative);
  const directories = new Map<string, boolean>();
  const directoryBlocked = (directory: string): boolean => {
    const cached = directories.get(directory);
    if (cached !== undefined) return cached;
    const slash = directory.lastIndexOf("/");
    const verdict = matchesItself(directory) || (slash > 0 && directoryBlocked(directory.slice(0, slash)));
    if (directories.size >= DIRECTORY_CACHE_MAX) directories.clear();
    directories.set(directory, verdict);
    return verdict;
  };
  return {
    patterns,
    isBlocked: (relative) => {
      if (relative === "" || patterns.length === 0) return false;
      if (matchesItself(relative)) return true;
      if (allowed(relative)) return false;
      const slash = relative.lastIndexOf("/");
      return slash > 0 && directoryBlocked(relative.slice(0, slash));
    },
  };
}
