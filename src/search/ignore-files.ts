// Reads the ignore files ripgrep reads: per directory .rgignore, .ignore, .gitignore and .git/info/exclude, the
// ones in every ancestor of the searched directory, and git's global excludes file (core.excludesFile).

import { closeSync, constants, fstatSync, openSync, readSync, statSync } from "node:fs";
import { locatedAt } from "../files/descriptor-location.ts";
import { NOFOLLOW, NONBLOCK } from "../files/fs-native.ts";
import { fsPath } from "../text/byte-names.ts";
import { ScratchBuffer } from "../text/scratch-buffer.ts";
import { parentPath } from "../text/path-strings.ts";
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
    rgignore: names.has(".rgignore") ? rulesFrom(join(directory, ".rgignore"), true) : EMPTY_RULES,
    ignore: names.has(".ignore") ? rulesFrom(join(directory, ".ignore"), true) : EMPTY_RULES,
    gitignore: names.has(".gitignore") ? rulesFrom(join(directory, ".gitignore"), true) : EMPTY_RULES,
    exclude: hasGit ? excludeRules(directory) : EMPTY_RULES,
    hasGit,
  };
}

/** The rules of every ancestor of `directory`, outermost first (`/` … parent), as ripgrep reads parents. */
export function loadAncestorRules(directory: string): DirectoryRules[] {
  const ancestors: string[] = [];
  let current = directory;
  while (true) {
    const parent = parentPath(current);
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
  const rules = rulesFrom(path, false);
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

/** `.git/info/exclude` of a directory: strictly beside it when `.git` is a directory, else where `.git` points. */
function excludeRules(directory: string): RuleSet {
  const path = gitExcludePath(directory);
  return rulesFrom(path.path, path.strict);
}

/** `.git/info/exclude`; for a worktree or submodule, `.git` is a file naming the real git directory. */
function gitExcludePath(directory: string): { path: string; strict: boolean } {
  const dotGit = join(directory, ".git");
  try {
    if (statSync(fsPath(dotGit)).isDirectory()) return { path: `${dotGit}/info/exclude`, strict: true };
  } catch {
    return { path: `${dotGit}/info/exclude`, strict: true };
  }
  const pointer = readSmallText(dotGit);
  const gitDir = pointer === undefined ? undefined : /^gitdir:\s*(.+?)\s*$/m.exec(pointer)?.[1];
  if (gitDir === undefined) return { path: `${dotGit}/info/exclude`, strict: true };
  const absoluteGitDir = gitDir.startsWith("/") ? gitDir : join(directory, gitDir);
  const common = readSmallText(join(absoluteGitDir, "commondir"))?.trim();
  const commonDir = common
    ? common.startsWith("/")
      ? common
      : join(absoluteGitDir, common)
    : absoluteGitDir;
  // git's own pointer (a worktree's or submodule's git directory): read where git would, bounded.
  return { path: `${commonDir}/info/exclude`, strict: false };
}

function rulesFrom(path: string, strict: boolean): RuleSet {
  const text = readSmallText(path, strict);
  return text === undefined ? EMPTY_RULES : parsedOnce(text);
}

/**
 * Rule sets parsed from ignore files, by text: a file read again with the same text gives the same rule set, so the
 * walk can tell that the rules in force did not change (it keeps their verdicts: IgnoreStack.key, walk.ts). Files
 * are still read on every walk. Bounded by the text kept.
 */
const parsedByText = new Map<string, RuleSet>();
let parsedChars = 0;
const PARSED_MAX_CHARS = 4 * 1024 * 1024;

function parsedOnce(text: string): RuleSet {
  let rules = parsedByText.get(text);
  if (rules === undefined) {
    rules = parseIgnoreFile(text);
    if (parsedChars + text.length > PARSED_MAX_CHARS) {
      parsedByText.clear();
      parsedChars = 0;
    }
    parsedByText.set(text, rules);
    parsedChars += text.length;
  }
  return rules;
}

const READ_CHUNK = 64 * 1024;

/**
 * The buffer ignore files are read into, kept from one file to the next and grown only for a longer one (to the cap
 * and one chunk, which tells a file over the cap). A search of the Linux tree reads ~300 .gitignore files: with a
 * fresh 64 KiB chunk for every read (two per file, the second finding the end) that was ~40 MB of buffers per search
 * for a few KB of text.
 */
const readBuffer = new ScratchBuffer(MAX_IGNORE_FILE_BYTES + READ_CHUNK);

/**
 * A regular file's text, or undefined when it is missing, not a regular file, or larger than the fixed cap —
 * counted in bytes actually read, whatever `stat` says (a /proc file says 0 and never ends). Non-blocking, so a
 * FIFO or a device cannot stall the search. `strict` (every ignore file of a searched directory): never through
 * a symlink, and where the system tells (Linux, Windows) the descriptor must be exactly at `path`, so nothing outside the root is read as rules.
 */
function readSmallText(path: string, strict = false): string | undefined {
  let fd: number;
  try {
    fd = openSync(fsPath(path), constants.O_RDONLY | NONBLOCK | (strict ? NOFOLLOW : 0));
  } catch {
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    if (strict && !locatedAt(fd, path, path)) return undefined;
    let buffer = readBuffer.take(READ_CHUNK)!;
    let total = 0;
    while (total <= MAX_IGNORE_FILE_BYTES) {
      if (total === buffer.length) buffer = readBuffer.grown(total)!;
      const read = readSync(fd, buffer, total, buffer.length - total, null);
      if (read === 0) return Buffer.from(buffer.buffer, buffer.byteOffset, total).toString("utf8");
      total += read;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function exists(path: string): boolean {
  try {
    statSync(fsPath(path));
    return true;
  } catch {
    return false;
  }
}

function join(directory: string, name: string): string {
  return directory === "/" ? `/${name}` : `${directory}/${name}`;
}
