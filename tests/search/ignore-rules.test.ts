// Ignore-file lines as git and ripgrep read them: one case per syntax rule.
import "../support/fast-check-seed.ts";
import { describe, expect, test } from "bun:test";
import * as fc from "fast-check";
import { parseIgnoreFile, parseIgnoreLine, type Rule } from "../../src/search/ignore-rules.ts";

const verdict = (file: string, path: string, isDir = false) => parseIgnoreFile(file).match(path, isDir);

describe("ignore file syntax", () => {
  test("blank lines and comments are skipped; an escaped # is a name", () => {
    expect(parseIgnoreLine("")).toBeUndefined();
    expect(parseIgnoreLine("   ")).toBeUndefined();
    expect(parseIgnoreLine("# comment")).toBeUndefined();
    expect(verdict("\\#name", "#name")).toBe("ignore");
    expect(verdict("#name", "#name")).toBeUndefined();
  });

  test("a pattern without a slash matches the name at any depth", () => {
    expect(verdict("*.log", "a.log")).toBe("ignore");
    expect(verdict("*.log", "deep/er/a.log")).toBe("ignore");
    expect(verdict("node_modules", "x/node_modules", true)).toBe("ignore");
  });

  test("a leading or middle slash anchors the pattern to the file's directory", () => {
    expect(verdict("/root.txt", "root.txt")).toBe("ignore");
    expect(verdict("/root.txt", "sub/root.txt")).toBeUndefined();
    expect(verdict("docs/*.md", "docs/a.md")).toBe("ignore");
    expect(verdict("docs/*.md", "x/docs/a.md")).toBeUndefined();
  });

  test("a trailing slash matches directories only", () => {
    expect(verdict("build/", "build", true)).toBe("ignore");
    expect(verdict("build/", "build", false)).toBeUndefined();
    expect(verdict("build/", "a/build", true)).toBe("ignore");
  });

  test("negation re-includes, and the last matching line wins", () => {
    expect(verdict("*.log\n!keep.log", "keep.log")).toBe("whitelist");
    expect(verdict("!keep.log\n*.log", "keep.log")).toBe("ignore");
    expect(verdict("\\!bang", "!bang")).toBe("ignore");
  });

  test("trailing whitespace is dropped unless escaped; CRLF files work", () => {
    expect(verdict("name.txt   ", "name.txt")).toBe("ignore");
    expect(verdict("name.txt\r\nother.txt\r\n", "name.txt")).toBe("ignore");
    expect(verdict("space\\ ", "space ")).toBe("ignore");
  });

  test("dir/** matches inside the directory, not the directory itself", () => {
    expect(verdict("out/**", "out", true)).toBeUndefined();
    expect(verdict("out/**", "out/a/b.txt")).toBe("ignore");
  });

  test("** prefixes and middles span directories", () => {
    expect(verdict("**/cache", "a/b/cache", true)).toBe("ignore");
    expect(verdict("a/**/z.txt", "a/z.txt")).toBe("ignore");
    expect(verdict("a/**/z.txt", "a/b/c/z.txt")).toBe("ignore");
  });

  test("malformed lines are skipped and the rest still apply", () => {
    const rules = parseIgnoreFile("[oops\n*.tmp\n");
    expect(rules.size).toBe(1);
    expect(rules.match("x.tmp", false)).toBe("ignore");
  });
});

describe("rules for a name at any depth are tested on the last component", () => {
  const segment = fc.constantFrom(
    "a",
    "b.log",
    "node_modules",
    "x.tmp",
    "dist",
    ".hidden",
    "a{b",
    "c.d.e",
    "bé",
  );
  const globPart = fc.constantFrom(
    "a",
    "*",
    "?",
    "**",
    "*.log",
    "node_modules",
    "b.*",
    "{a,dist}",
    "\\*",
    "x?tmp",
    "é",
  );
  const line = fc
    .tuple(
      fc.boolean(),
      fc.boolean(),
      fc.array(globPart, { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([negate, anchor, parts, slashes, dirOnly]) => {
      const body = parts.join(slashes ? "/" : "");
      return `${negate ? "!" : ""}${anchor ? "/" : ""}${body}${dirOnly ? "/" : ""}`;
    });

  /** The verdict from whole-path tests only: what the rules say without the per-name shortcut. */
  function wholePathVerdict(lines: string[], path: string, isDir: boolean) {
    const rules = lines.map(parseIgnoreLine).filter((rule): rule is Rule => rule !== undefined);
    for (let index = rules.length - 1; index >= 0; index--) {
      const rule = rules[index]!;
      if (rule.dirOnly && !isDir) continue;
      if (rule.regex.test(path)) return rule.whitelist ? "whitelist" : "ignore";
    }
    return undefined;
  }

  test("property: the same verdict as testing every rule on the whole path", () => {
    let named = 0;
    let namesOnly = 0;
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.array(segment, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (lines, segments, isDir) => {
          named += lines.filter((text) => parseIgnoreLine(text)?.nameRegex).length;
          const path = segments.join("/");
          const rules = parseIgnoreFile(lines.join("\n"));
          const expected = wholePathVerdict(lines, path, isDir);
          expect(rules.match(path, isDir)).toBe(expected);
          // A file of name rules only answers from the last name alone (the walk then builds no relative path).
          if (rules.matchName) {
            namesOnly++;
            expect(rules.matchName(segments.at(-1)!, isDir)).toBe(expected);
          }
          expect(rules.matchName !== undefined).toBe(
            lines.every((text) => parseIgnoreLine(text) === undefined || parseIgnoreLine(text)!.nameRegex),
          );
        },
      ),
      { numRuns: 2000 },
    );
    expect(named).toBeGreaterThan(500);
    expect(namesOnly).toBeGreaterThan(100);
  });
});
