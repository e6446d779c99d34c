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

/** Facts of directories remembered (a walk asks about the entries of the same directories again and again). */
const DIRECTORY_CACHE_MAX = 8192;

interface DirectoryFacts {
  /** It or an ancestor is blocked. */
  blocked: boolean;
  /** Its path holds a plain pattern's required run (anyMatches). */
  holdsRun: boolean;
}

export function compileBlocklist(block: readonly string[], allow: readonly string[]): Blocklist {
  const patterns = [...new Set(block.filter((pattern) => !allow.includes(pattern)))];
  const options = { dot: true, windows: false, nocase: true } as const;
  const blocked = anyMatches(patterns, options);
  const allowed = allow.length > 0 ? picomatch([...allow], options) : () => false;
  const matchesItself = (relative: string, holdsRun: boolean) =>
    blocked.matches(relative, holdsRun) && !allowed(relative);
  const directories = new Map<string, DirectoryFacts>();
  // The directory asked about last: a walk asks about a directory's entries in a row, and comparing with it costs
  // less than cutting the directory's path out of each entry's and looking that new string up.
  let lastDirectory = "";
  let lastFacts: DirectoryFacts | undefined;
  const parentOf = (path: string, slash: number): DirectoryFacts | undefined => {
    if (slash <= 0) return undefined;
    if (lastFacts !== undefined && slash === lastDirectory.length && path.startsWith(lastDirectory))
      return lastFacts;
    const directory = path.slice(0, slash);
    const facts = factsOf(directory);
    lastDirectory = directory;
    lastFacts = facts;
    return facts;
  };
  // A run holds no `/`, so a path holds one exactly when one of its names does: each entry of a directory needs
  // only its own name looked at, once the directory's facts are known.
  const placeOf = (path: string): { parent: DirectoryFacts | undefined; runs: boolean } => {
    const slash = path.lastIndexOf("/");
    const parent = parentOf(path, slash);
    const name = slash > 0 ? path.slice(slash + 1) : path;
    return { parent, runs: (parent?.holdsRun ?? false) || blocked.holdsRun(name) };
  };
  const factsOf = (directory: string): DirectoryFacts => {
    const cached = directories.get(directory);
    if (cached !== undefined) return cached;
    const { parent, runs } = placeOf(directory);
    const facts = { blocked: matchesItself(directory, runs) || (parent?.blocked ?? false), holdsRun: runs };
    if (directories.size >= DIRECTORY_CACHE_MAX) directories.clear();
    directories.set(directory, facts);
    return facts;
  };
  return {
    patterns,
    isBlocked: (relative) => {
      if (relative === "" || patterns.length === 0) return false;
      const { parent, runs } = placeOf(relative);
      if (matchesItself(relative, runs)) return true;
      if (allowed(relative)) return false;
      return parent?.blocked ?? false;
    },
  };
}

interface PathMatcher {
  /** Whether `text` holds some plain pattern's required run (ignoring case as the patterns do). */
  holdsRun(text: string): boolean;
  /** Whether `path` matches a pattern; `holdsRun` is holdsRun(path), when the caller knows it. */
  matches(path: string, holdsRun: boolean): boolean;
}

/**
 * Whether a path matches any of `patterns` — what picomatch(patterns) answers, faster: a pattern made only of
 * plain names, `*`, `?` and `/` can match only a path that holds its longest plain run (ignoring case, as the
 * match does), so its regex runs only on such paths. A walk asks about every entry; most hold none of the runs.
 */
function anyMatches(patterns: readonly string[], options: picomatch.PicomatchOptions): PathMatcher {
  const tests = patterns.map((pattern) => ({
    run: requiredRun(pattern),
    matches: picomatch(pattern, options),
  }));
  const unplain = tests.filter((test) => test.run === undefined);
  const runs = tests.flatMap((test) => (test.run === undefined ? [] : [test.run]));
  // One pass over the text for all runs (case folded as the patterns' own regexes fold it: ASCII only, no `u`).
  const anyRun = runs.length > 0 ? new RegExp(runs.map(escapeRegex).join("|"), "i") : undefined;
  return {
    holdsRun: (text) => anyRun !== undefined && anyRun.test(text),
    matches: (path, holdsRun) => {
      if (!holdsRun) return unplain.some((test) => test.matches(path));
      const lower = path.toLowerCase();
      return tests.some((test) => (test.run === undefined || lower.includes(test.run)) && test.matches(path));
    },
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
