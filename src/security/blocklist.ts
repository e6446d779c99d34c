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
  const blocked = anyMatches(patterns, options);
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

/**
 * Whether a path matches any of `patterns` — what picomatch(patterns) answers, faster: a pattern made only of
 * plain names, `*`, `?` and `/` can match only a path that holds its longest plain run (ignoring case, as the
 * match does), so its regex runs only on such paths. A walk asks about every entry; most hold none of the runs.
 */
function anyMatches(
  patterns: readonly string[],
  options: picomatch.PicomatchOptions,
): (path: string) => boolean {
  const tests = patterns.map((pattern) => ({
    run: requiredRun(pattern),
    matches: picomatch(pattern, options),
  }));
  const unplain = tests.filter((test) => test.run === undefined);
  const runs = tests.flatMap((test) => (test.run === undefined ? [] : [test.run]));
  // One pass over the path for all runs (case folded as the patterns' own regexes fold it: ASCII only, no `u`).
  const anyRun = runs.length > 0 ? new RegExp(runs.map(escapeRegex).join("|"), "i") : undefined;
  return (path) => {
    if (anyRun === undefined || !anyRun.test(path)) return unplain.some((test) => test.matches(path));
    const lower = path.toLowerCase();
    return tests.some((test) => (test.run === undefined || lower.includes(test.run)) && test.matches(path));
  };
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Lower-cased longest run of name characters every match contains, or undefined when the pattern is not plain. */
export function requiredRun(pattern: string): string | undefined {
  if (!/^[A-Za-z0-9._\-/*?]+$/.test(pattern) || pattern.startsWith("./") || pattern.includes("/./"))
    return undefined;
  let longest = "";
  for (const run of pattern.split(/[*?/]/)) if (run.length > longest.length) longest = run;
  return /[a-z0-9]/i.test(longest) && longest.length >= 2 ? longest.toLowerCase() : undefined;
}
