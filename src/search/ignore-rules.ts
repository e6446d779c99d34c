// One ignore file (.gitignore, .ignore, .rgignore, info/exclude, the global excludes file) as matchable rules (pure).
// Line syntax as git and ripgrep read it: comments, `!` negation, `\#` `\!` escapes, anchoring, trailing `/`.

import { globToRegexSource } from "./glob.ts";

/** What a rule set (or a stack of them) says about a path. `undefined`: no rule matched. */
export type IgnoreVerdict = "ignore" | "whitelist" | undefined;

export interface Rule {
  /** Tested against the path relative to the rules' directory. */
  regex: RegExp;
  /**
   * A rule for a name at any depth (no slash, no class: `node_modules`, `*.log`): the same verdict from the last
   * component alone, which is what walks test most (every entry of every directory), without scanning the path.
   */
  nameRegex?: RegExp;
  /** `!pattern`: re-includes what an earlier rule excluded. */
  whitelist: boolean;
  /** `pattern/`: matches directories only. */
  dirOnly: boolean;
}

export interface RuleSet {
  readonly size: number;
  /** `relative`: `/`-separated path relative to the directory the rules belong to. Last matching rule wins. */
  match(relative: string, isDir: boolean): IgnoreVerdict;
  /**
   * Present when every rule is for a name at any depth: `match`'s verdict from the path's last name alone, so a
   * walk need not build the path relative to the rules' directory (for every entry, at every level with rules).
   */
  matchName?(name: string, isDir: boolean): IgnoreVerdict;
}

export const EMPTY_RULES: RuleSet = { size: 0, match: () => undefined, matchName: () => undefined };

/** Parses the text of an ignore file. Malformed lines are skipped, as git and ripgrep do. */
export function parseIgnoreFile(text: string): RuleSet {
  const rules: Rule[] = [];
  for (const line of text.split("\n")) {
    const rule = parseIgnoreLine(line);
    if (rule) rules.push(rule);
  }
  return ruleSet(rules);
}

/** One line of an ignore file → a rule, or undefined for blanks, comments and malformed globs. */
export function parseIgnoreLine(raw: string): Rule | undefined {
  let line = raw;
  if (line.startsWith("#")) return undefined;
  // Trailing whitespace (a CRLF file's `\r` included) is dropped unless the last space is escaped.
  if (!line.endsWith("\\ ")) line = line.trimEnd();
  if (line === "") return undefined;
  let whitelist = false;
  let anchored = false;
  if (line.startsWith("\\!") || line.startsWith("\\#")) {
    line = line.slice(1);
  } else {
    if (line.startsWith("!")) {
      whitelist = true;
      line = line.slice(1);
    }
    if (line.startsWith("/")) {
      anchored = true;
      line = line.slice(1);
    }
  }
  let dirOnly = false;
  if (line.endsWith("/")) {
    dirOnly = true;
    line = line.slice(0, -1);
    if (line.endsWith("\\")) line = line.slice(0, -1);
  }
  if (line === "") return undefined;
  let glob = line;
  // Without a slash the pattern matches a name at any depth; with one it is relative to the file's directory.
  const anyDepth = !anchored && !glob.includes("/") && glob !== "**";
  if (anyDepth) glob = `**/${glob}`;
  // `dir/**` matches what is inside dir, not dir itself.
  if (glob.endsWith("/**")) glob = `${glob}/*`;
  const source = globToRegexSource(glob);
  if (source === undefined) return undefined;
  try {
    const rule: Rule = { regex: new RegExp(source, "u"), whitelist, dirOnly };
    // A class might admit a `/` where git's would not; such rules keep the whole-path test.
    if (anyDepth && !line.includes("[")) {
      const nameSource = globToRegexSource(line);
      if (nameSource !== undefined) rule.nameRegex = new RegExp(nameSource, "u");
    }
    return rule;
  } catch {
    return undefined;
  }
}

function ruleSet(rules: readonly Rule[]): RuleSet {
  if (rules.length === 0) return EMPTY_RULES;
  // Combined tests first (one on the name, one on the path): most paths match no rule at all.
  const anyName = combined(rules.flatMap((rule) => (rule.nameRegex ? [rule.nameRegex] : [])));
  const anyPath = combined(rules.flatMap((rule) => (rule.nameRegex ? [] : [rule.regex])));
  // `relative` is only read by rules without a name test (none when `anyPath` is undefined).
  const verdict = (name: string, relative: string, isDir: boolean): IgnoreVerdict => {
    if (!anyName?.test(name) && !anyPath?.test(relative)) return undefined;
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index]!;
      if (rule.dirOnly && !isDir) continue;
      const hit = rule.nameRegex ? rule.nameRegex.test(name) : rule.regex.test(relative);
      if (hit) return rule.whitelist ? "whitelist" : "ignore";
    }
    return undefined;
  };
  const set: RuleSet = {
    size: rules.length,
    match: (relative, isDir) => verdict(relative.slice(relative.lastIndexOf("/") + 1), relative, isDir),
  };
  if (anyPath === undefined) set.matchName = (name, isDir) => verdict(name, "", isDir);
  return set;
}

function combined(regexes: readonly RegExp[]): RegExp | undefined {
  return regexes.length === 0
    ? undefined
    : new RegExp(regexes.map((regex) => `(?:${regex.source})`).join("|"), "u");
}
