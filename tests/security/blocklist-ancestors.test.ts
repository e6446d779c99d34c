// Issue 11, item 4: a path is blocked when it or any of its ancestors matches, so files inside blocked-name
// directories (`.env.d/prod`, `secrets.d/x`, `dir/.env/prod`) are blocked too; an explicit --allow still wins.
import { expect, test } from "bun:test";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";

const defaults = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);

test("files below a blocked directory name are blocked, at any depth", () => {
  for (const path of [
    ".env.d/prod",
    "secrets.d/x",
    "dir/.env/prod",
    "a/credentials.d/b/c.json",
    "x/.ssh/keys/k",
  ])
    expect({ path, blocked: defaults.isBlocked(path) }).toEqual({ path, blocked: true });
});

test("look-alikes and siblings stay free", () => {
  for (const path of ["envs/prod", "secretsd/x", "dir/env/prod", "src/.envrc", "docs/secrets-guide/intro.md"])
    expect({ path, blocked: defaults.isBlocked(path) }).toEqual({ path, blocked: false });
});

test("--allow of a file inside a blocked directory unblocks that file only", () => {
  const list = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], ["**/.env.d/example"]);
  expect(list.isBlocked(".env.d/example")).toBe(false);
  expect(list.isBlocked(".env.d/prod")).toBe(true);
});

test("the verdict is the same whether or not the parent was asked first (the directory cache)", () => {
  const list = compileBlocklist(["**/private"], []);
  expect(list.isBlocked("a/private/b/c")).toBe(true);
  expect(list.isBlocked("a/private")).toBe(true);
  expect(list.isBlocked("a/public/b/c")).toBe(false);
  expect(list.isBlocked("a/private/d")).toBe(true);
});
