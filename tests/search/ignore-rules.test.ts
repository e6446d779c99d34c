// Ignore-file lines as git and ripgrep read them: one case per syntax rule.
import { describe, expect, test } from "bun:test";
import { parseIgnoreFile, parseIgnoreLine } from "../../src/search/ignore-rules.ts";

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
