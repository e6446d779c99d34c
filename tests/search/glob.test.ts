// The glob compiler: globset semantics with a literal separator (ripgrep's reading of ignore files and -g).
import { describe, expect, test } from "bun:test";
import { globToRegexSource } from "../../src/search/glob.ts";

const matches = (glob: string, path: string): boolean => {
  const source = globToRegexSource(glob);
  if (source === undefined) throw new Error(`malformed: ${glob}`);
  return new RegExp(source, "u").test(path);
};

describe("globToRegexSource", () => {
  const cases: [glob: string, path: string, expected: boolean][] = [
    ["*.ts", "a.ts", true],
    ["*.ts", "dir/a.ts", false], // `*` stays inside one component
    ["*.ts", ".hidden.ts", true], // no dotfile special case
    ["a?c", "abc", true],
    ["a?c", "a/c", false],
    ["**/x", "x", true],
    ["**/x", "a/b/x", true],
    ["**/x", "a/bx", false],
    ["a/**", "a/b/c", true],
    ["a/**", "a", false],
    ["a/**/b", "a/b", true],
    ["a/**/b", "a/x/y/b", true],
    ["a/**/b", "a/xb", false],
    ["**", "any/thing/at/all", true],
    ["a**b", "axxb", true], // `**` not a whole component acts as `*`
    ["a**b", "a/b", false],
    ["[abc].txt", "b.txt", true],
    ["[abc].txt", "d.txt", false],
    ["[!abc].txt", "d.txt", true],
    ["[^abc].txt", "a.txt", false],
    ["[a-c]x", "bx", true],
    ["[]]x", "]x", true],
    ["*.{js,ts}", "a.ts", true],
    ["*.{js,ts}", "a.py", false],
    ["\\*.txt", "*.txt", true],
    ["\\*.txt", "a.txt", false],
    ["a.b", "axb", false], // regex characters are literal
    ["(x)+", "(x)+", true],
    ["día/*.md", "día/ñ.md", true],
  ];
  for (const [glob, path, expected] of cases) {
    test(`${glob} ${expected ? "matches" : "does not match"} ${path}`, () => {
      expect(matches(glob, path)).toBe(expected);
    });
  }

  test("malformed globs are reported, not thrown", () => {
    expect(globToRegexSource("[abc")).toBeUndefined();
    expect(globToRegexSource("{a,b")).toBeUndefined();
    expect(globToRegexSource("trailing\\")).toBeUndefined();
  });
});
