// The ignore rules in force in one directory: its own files plus every ancestor's, with ripgrep's precedence (pure).
// Kinds rank .rgignore > .ignore > .gitignore > .git/info/exclude > global excludes; within a kind the deepest
// directory with a matching rule decides. Git rules apply only inside a repository, and not above its root.

import { EMPTY_RULES, type IgnoreVerdict, type RuleSet } from "./ignore-rules.ts";

/** The rules one directory contributes. `path` is absolute, `/`-separated, without a trailing slash. */
export interface DirectoryRules {
  path: string;
  rgignore: RuleSet;
  ignore: RuleSet;
  gitignore: RuleSet;
  /** `.git/info/exclude`, only for a directory that holds `.git`. */
  exclude: RuleSet;
  /** The directory holds a `.git` (a repository or worktree root). */
  hasGit: boolean;
}

export const NO_RULES = {
  rgignore: EMPTY_RULES,
  ignore: EMPTY_RULES,
  gitignore: EMPTY_RULES,
  exclude: EMPTY_RULES,
};

/** The global git excludes file with the directory its anchored patterns are relative to. */
export interface GlobalRules {
  base: string;
  rules: RuleSet;
}

export class IgnoreStack {
  private cachedKey: string | undefined;

  private constructor(
    private readonly chain: readonly DirectoryRules[],
    private readonly insideGit: boolean,
    private readonly global: GlobalRules | undefined,
  ) {}

  /** A stack from the outermost directory down (`/` first, the walked directory last). */
  static of(directories: readonly DirectoryRules[], global?: GlobalRules): IgnoreStack {
    let stack = new IgnoreStack([], false, global);
    for (const directory of directories) stack = stack.enter(directory);
    return stack;
  }

  /** The stack for a subdirectory, adding the rules that subdirectory holds. */
  enter(directory: DirectoryRules): IgnoreStack {
    // Most directories hold no rules and no .git: they change nothing, so the stack is shared as is.
    if (!directory.hasGit && ruleCount(directory) === 0) return this;
    return new IgnoreStack([...this.chain, directory], this.insideGit || directory.hasGit, this.global);
  }

  /**
   * What every verdict of this stack depends on, as text: each directory's path, its rule sets (by identity; an
   * ignore file read again with the same text gives the same rule set: ignore-files.ts) and whether it holds a
   * `.git`, and the global rules. Stacks with the same key give the same verdict on the same entry, so the walk
   * keeps verdicts by it.
   */
  get key(): string {
    this.cachedKey ??= JSON.stringify([
      this.insideGit,
      this.global?.base ?? null,
      this.global ? idOf(this.global.rules) : 0,
      ...this.chain.map((directory) => [
        directory.path,
        idOf(directory.rgignore),
        idOf(directory.ignore),
        idOf(directory.gitignore),
        idOf(directory.exclude),
        directory.hasGit,
      ]),
    ]);
    return this.cachedKey;
  }

  /** Whether ignore rules hide `absolute` (an entry of the innermost directory). */
  verdict(absolute: string, isDir: boolean): IgnoreVerdict {
    let rgignore: IgnoreVerdict;
    let ignore: IgnoreVerdict;
    let gitignore: IgnoreVerdict;
    let exclude: IgnoreVerdict;
    let sawGit = false;
    const name = absolute.slice(absolute.lastIndexOf("/") + 1);
    for (let index = this.chain.length - 1; index >= 0; index--) {
      const directory = this.chain[index]!;
      const base = directory.path;
      if (rgignore === undefined && directory.rgignore.size > 0)
        rgignore = judge(directory.rgignore, base, absolute, name, isDir);
      if (ignore === undefined && directory.ignore.size > 0)
        ignore = judge(directory.ignore, base, absolute, name, isDir);
      if (this.insideGit && !sawGit) {
        if (gitignore === undefined && directory.gitignore.size > 0)
          gitignore = judge(directory.gitignore, base, absolute, name, isDir);
        if (exclude === undefined && directory.exclude.size > 0)
          exclude = judge(directory.exclude, base, absolute, name, isDir);
      }
      if (directory.hasGit) sawGit = true;
    }
    const global =
      this.insideGit && this.global && this.global.rules.size > 0
        ? judge(this.global.rules, this.global.base, absolute, name, isDir)
        : undefined;
    return rgignore ?? ignore ?? gitignore ?? exclude ?? global;
  }
}

/** What `rules` (of the directory `base`) say about `absolute`, whose last name is `name`. */
function judge(rules: RuleSet, base: string, absolute: string, name: string, isDir: boolean): IgnoreVerdict {
  // Rules for names only (most ignore files) need no path relative to their directory.
  return rules.matchName ? rules.matchName(name, isDir) : rules.match(relativeTo(base, absolute), isDir);
}

/** A number per rule set, for the stack's key (0 for none). */
const ruleSetIds = new WeakMap<RuleSet, number>();
let lastRuleSetId = 0;

function idOf(rules: RuleSet): number {
  if (rules.size === 0) return 0;
  let id = ruleSetIds.get(rules);
  if (id === undefined) ruleSetIds.set(rules, (id = ++lastRuleSetId));
  return id;
}

function ruleCount(directory: DirectoryRules): number {
  return directory.rgignore.size + directory.ignore.size + directory.gitignore.size + directory.exclude.size;
}

/** `absolute` relative to `base` when it lies under it; otherwise the absolute path without its leading `/`. */
function relativeTo(base: string, absolute: string): string {
  if (base === "/" || base === "") return absolute.replace(/^\/+/, "");
  // A root that keeps its separator (Windows `C:/`): what follows it is relative already.
  if (base.endsWith("/") && absolute.startsWith(base)) return absolute.slice(base.length);
  if (absolute.startsWith(base) && absolute[base.length] === "/") return absolute.slice(base.length + 1);
  return absolute.replace(/^\/+/, "");
}
