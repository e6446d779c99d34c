// The block list: every default pattern blocks at the root and nested, in any letter case; --allow removes a
// pattern (or exempts what it matches); nearby innocent names stay readable.
import { describe, expect, test } from "bun:test";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { DEFAULT_PATTERN_CASES } from "../support/blocked-cases.ts";

const defaults = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);

describe("each default pattern", () => {
  for (const pattern of DEFAULT_BLOCK_PATTERNS) {
    const { blocked, free } = DEFAULT_PATTERN_CASES[pattern];
    test(pattern, () => {
      for (const path of blocked)
        expect({ path, blocked: defaults.isBlocked(path) }).toEqual({ path, blocked: true });
      for (const path of free) {
        // A look-alike may still be caught by another default pattern; it must not be caught by this one alone.
        const onlyThis = compileBlocklist([pattern], []);
        expect({ path, blocked: onlyThis.isBlocked(path) }).toEqual({ path, blocked: false });
      }
    });
  }

  test("every default pattern has cases", () => {
    expect(Object.keys(DEFAULT_PATTERN_CASES).sort()).toEqual([...DEFAULT_BLOCK_PATTERNS].sort());
  });
});

describe("--allow", () => {
  test("allowing a default pattern removes it", () => {
    const list = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], ["**/*.pem"]);
    expect(list.isBlocked("certs/ca.pem")).toBe(false);
    expect(list.isBlocked(".env")).toBe(true);
    expect(list.patterns).not.toContain("**/*.pem");
  });

  test("allowing a narrower glob exempts just what it matches", () => {
    const list = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], ["**/.env.local"]);
    expect(list.isBlocked(".env.local")).toBe(false);
    expect(list.isBlocked("app/.env.local")).toBe(false);
    expect(list.isBlocked(".env.production")).toBe(true);
    expect(list.isBlocked(".env")).toBe(true);
  });

  test("--block adds patterns", () => {
    const list = compileBlocklist([...DEFAULT_BLOCK_PATTERNS, "private/**"], []);
    expect(list.isBlocked("private/notes.md")).toBe(true);
    expect(list.isBlocked("public/notes.md")).toBe(false);
  });

  test("the root itself is never blocked", () => {
    expect(compileBlocklist(["**"], []).isBlocked("")).toBe(false);
  });
});
