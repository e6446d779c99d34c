// Reads the ignore files ripgrep reads: per directory .rgignore, .ignore, .gitignore and .git/info/exclude, the
// ones in every ancestor of the searched directory, and git's global excludes file (core.excludesFile).

import { readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { type DirectoryRules, type GlobalRules, NO_RULES } from "./ignore-stack.ts";
import { EMPTY_RULES, parseIgnoreFile, type RuleSet } from "./ignore-rules.ts";
import { MAX_IGNORE_FILE_BYTES } from "./limits.ts";

/** Names present in a directory that matter for its rules (from a listing the walker already made). */
export interface RuleFileNames {
  has(name: string): boolean;
}

const RULE_FILE_NAMES = [".rgignore", ".ignore", ".gitignore", ".git"];

/** Whether a directory entry's name matters for the directory's rules. */
export function isRuleFileName(name: string): boolean {
  return RULE_FILE_NAMES.includes(name);
}

/** The rules of `directory`; `names` tells which of its entries exist, so absent files cost no syscall. */
export function loadDirectoryRules(directory: string, names: RuleFileNames): DirectoryRules {
  if (!RULE_FILE_NAMES.some((name) => names.has(name)))
    return { path: directory, ...NO_RULES, hasGit: false };
  const hasGit = names.has(".git");
  return {
    path: directory,
    rgignore: names.has(".rgignore") ? rulesFrom(join(directory, ".rgignore")) : EMPTY_RULES,
    ignore: names.has(".ignore") ? rulesFrom(join(directory, ".ignore")) : EMPTY_RULES,
    gitignore: names.has(".gitignore") ? rulesFrom(join(directory, ".gitignore")) : EMPTY_RULES,
    exclude: hasGit ? rulesFrom(gitExcludePath(directory)) : EMPTY_RULES,
    hasGit,
  };
}

/** The rules of every ancestor of `directory`, outermost first (`/` … parent), as ripgrep reads parents. */
export function loadAncestorRules(directory: string): DirectoryRules[] {
  const ancestors: string[] = [];
  let current = directory;
  while (true) {
    const parent = dirname(current);
    if (parent === current) break;
    ancestors.push(parent);
    current = parent;
  }
  return ancestors.reverse().map((ancestor) => loadDirectoryRules(ancestor, existingNames(ancestor)));
}

/** A directory's rule files probed by stat (for directories the walker does not list). */
function existingNames(directory: string): RuleFileNames {
  const present = new Set(RULE_FILE_NAMES.filter((name) => exists(join(directory, name))));
  return present;
}

/** git's global excludes file: core.excludesFile from ~/.gitconfig or $XDG_CONFIG_HOME/git/config, else the default. */
export function loadGlobalRules(
  base: string,
  env: Record<string, string | undefined> = process.env,
): GlobalRules | undefined {
  const home = env.HOME;
  const xdg = env.XDG_CONFIG_HOME || (home ? `${home}/.config` : undefined);
  const configs = [home ? `${home}/.gitconfig` : undefined, xdg ? `${xdg}/git/config` : undefined];
  let path: string | undefined;
  for (const config of configs) {
    if (config === undefined) continue;
    const text = readSmallText(config);
    const configured = text === undefined ? undefined : excludesFileSetting(text);
    if (configured !== undefined) {
      path = expandHome(configured, home);
      break;
    }
  }
  path ??= xdg ? `${xdg}/git/ignore` : undefined;
  if (path === undefined) return undefined;
  const rules = rulesFrom(path);
  return rules.size > 0 ? { base, rules } : undefined;
}

/** The value of `excludesfile = …` in a git config text (case-insensitive key, like git). */
function excludesFileSetting(configText: string): string | undefined {
  const match = /^\s*excludesfile\s*=\s*(.+?)\s*$/im.exec(configText);
  if (!match) return undefined;
  let value = match[1]!;
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  return value;
}

function expandHome(path: string, home: string | undefined): string {
  if (home && (path === "~" || path.startsWith("~/"))) return home + path.slice(1);
  return path;
}

/** `.git/info/exclude`; for a worktree or submodule, `.git` is a file naming the real git directory. */
function gitExcludePath(directory: string): string {
  const dotGit = join(directory, ".git");
  try {
    if (statSync(dotGit).isDirectory()) return `${dotGit}/info/exclude`;
  } catch {
    return `${dotGit}/info/exclude`;
  }
  const pointer = readSmallText(dotGit);
  const gitDir = pointer === undefined ? undefined : /^gitdir:\s*(.+?)\s*$/m.exec(pointer)?.[1];
  if (gitDir === undefined) return `${dotGit}/info/exclude`;
  const absoluteGitDir = gitDir.startsWith("/") ? gitDir : join(directory, gitDir);
  const common = readSmallText(join(absoluteGitDir, "commondir"))?.trim();
  const commonDir = common
    ? common.startsWith("/")
      ? common
      : join(absoluteGitDir, common)
    : absoluteGitDir;
  return `${commonDir}/info/exclude`;
}

function rulesFrom(path: string): RuleSet {
  const text = readSmallText(path);
  return text === undefined ? EMPTY_RULES : parseIgnoreFile(text);
}

/** A regular file's text, or undefined when it is missing, not a file, or implausibly large. */
function readSmallText(path: string): string | undefined {
  try {
    const stats = statSync(path);
    if (!stats.isFile() || stats.size > MAX_IGNORE_FILE_BYTES) return undefined;
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

function join(directory: string, name: string): string {
  return directory === "/" ? `/${name}` : `${directory}/${name}`;
}
