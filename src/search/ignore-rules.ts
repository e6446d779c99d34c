// One ignore file (.gitignore, .ignore, .rgignore, info/exclude, the global excludes file) as matchable rules (pure).
// Line syntax as git and ripgrep read it: comments, `!` negation, `\#` `\!` escapes, anchoring, trailing `/`.

import { globToRegexSource } from "./glob.ts";

/** What a rule set (or a stack of them) says about a path. `undefined`: no rule matched. */
export type IgnoreVerdict = "ignore" | "whitelist" | undefined;

export interface Rule {
  regex: RegExp;
  /** `!pattern`: re-includes what an earlier rule excluded. */
  whitelist: boolean;
  /** `pattern/`: matches directories only. */
  dirOnly: boolean;
}

export interface RuleSet {
  readonly size: number;
  /** `relative`: `/`-separated path relative to the directory the rules belong to. Last matching rule wins. */
  match(relative: string, isDir: boolean): IgnoreVerdict;
}

export const EMPTY_RULES: RuleSet = { size: 0, match: () => undefined };

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
  if (!anchored && !glob.includes("/") && !glob.startsWith("**/") && glob !== "**") glob = `**/${glob}`;
  // `dir/**` matches what is inside dir, not dir itself.
  if (glob.endsWith("/**")) glob = `${glob}/*`;
  const source = globToRegexSource(glob);
  if (source === undefined) return undefined;
  try {
    return { regex: new RegExp(source, "u"), whitelist, dirOnly };
  } catch {
    return undefined;
  }
}

function ruleSet(rules: readonly Rule[]): RuleSet {
  if (rules.length === 0) return EMPTY_RULES;
  // One combined test first: most paths match no rule at all.
  const any = new RegExp(rules.map((rule) => `(?:${rule.regex.source})`).join("|"), "u");
  return {
    size: rules.length,
    match(relative, isDir) {
      if (!any.test(relative)) return undefined;
      for (let index = rules.length - 1; index >= 0; index--) {
        const rule = rules[index]!;
        if (rule.dirOnly && !isDir) continue;
        if (rule.regex.test(relative)) return rule.whitelist ? "whitelist" : "ignore";
      }
      return undefined;
    },
  };
}
