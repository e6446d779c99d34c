// The `glob` parameter as ripgrep's `-g` overrides (pure): a glob includes, `!glob` excludes, the last match wins,
// and a match of either kind beats every ignore rule. With any including glob, an unmatched file is skipped.

import { type IgnoreVerdict, parseIgnoreLine } from "./ignore-rules.ts";

export interface Overrides {
  readonly active: boolean;
  /** `relative`: root-relative, `/`-separated. */
  verdict(relative: string, isDir: boolean): IgnoreVerdict;
}

export const NO_OVERRIDES: Overrides = { active: false, verdict: () => undefined };

/** Compiles the globs; returns the globs it could not parse instead of an Overrides. */
export function compileOverrides(
  globs: readonly string[],
): { ok: true; overrides: Overrides } | { ok: false; bad: string } {
  const rules: { match: (relative: string, isDir: boolean) => boolean; include: boolean }[] = [];
  for (const glob of globs) {
    if (glob.trim() === "") continue;
    // An override is a gitignore line read the other way round: `x` selects, `!x` rejects.
    const rule = parseIgnoreLine(glob);
    if (!rule) return { ok: false, bad: glob };
    rules.push({
      include: !rule.whitelist,
      match: (relative, isDir) => (!rule.dirOnly || isDir) && rule.regex.test(relative),
    });
  }
  if (rules.length === 0) return { ok: true, overrides: NO_OVERRIDES };
  const hasIncludes = rules.some((rule) => rule.include);
  return {
    ok: true,
    overrides: {
      active: true,
      verdict(relative, isDir) {
        for (let index = rules.length - 1; index >= 0; index--) {
          const rule = rules[index]!;
          if (rule.match(relative, isDir)) return rule.include ? "whitelist" : "ignore";
        }
        return hasIncludes && !isDir ? "ignore" : undefined;
      },
    },
  };
}
