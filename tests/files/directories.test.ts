// Parent directories of a new file: created one level at a time inside the checked ancestor, refused when a
// directory on the way was swapped for a symlink, and removed again when the write does not happen.
import { afterEach, beforeEach, expect, test } from "bun:test";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { createParentDirectories, removeDirectories } from "../../src/files/directories.ts";
import type { GuardedPath, PathGuard } from "../../src/security/guard.ts";
import { makeGuardedSandbox, type GuardedSandbox } from "../support/guarded-sandbox.ts";

let base: string;
let root: string;
let guard: PathGuard;
let sandbox: GuardedSandbox;
beforeEach(() => {
  sandbox = makeGuardedSandbox("lapp-dirs-");
  ({ base, root, guard } = sandbox);
  mkdirSync(join(root, "src"), { recursive: true });
  mkdirSync(join(base, "outside"));
});
afterEach(() => sandbox.remove());

const resolve = (input: string): GuardedPath => sandbox.resolve(input);

test("creates every missing level, outermost first, and can remove them again", () => {
  const created = createParentDirectories(resolve("src/a/b/c/file.ts"));
  expect(created).toEqual({
    ok: true,
    value: [join(root, "src/a"), join(root, "src/a/b"), join(root, "src/a/b/c")],
  });
  expect(lstatSync(join(root, "src/a/b/c")).isDirectory()).toBe(true);
  if (created.ok) removeDirectories(created.value);
  expect(existsSync(join(root, "src/a"))).toBe(false);
  expect(existsSync(join(root, "src"))).toBe(true);
});

test("an existing parent needs nothing", () => {
  expect(createParentDirectories(resolve("src/file.ts"))).toEqual({ ok: true, value: [] });
});

test("removing stops at a directory someone else has put a file into", () => {
  const created = createParentDirectories(resolve("src/x/y/file.ts"));
  writeFileSync(join(root, "src/x/keep.txt"), "mine");
  if (created.ok) removeDirectories(created.value);
  expect(existsSync(join(root, "src/x/y"))).toBe(false);
  expect(existsSync(join(root, "src/x/keep.txt"))).toBe(true);
});

test("an ancestor swapped for a symlink pointing out after the check: FILE_CHANGED, nothing created outside", () => {
  const path = resolve("src/new/deeper/file.ts");
  renameSync(join(root, "src"), join(root, "src-moved"));
  symlinkSync(join(base, "outside"), join(root, "src"));
  const created = createParentDirectories(path);
  expect(!created.ok && created.error.code).toBe("FILE_CHANGED");
  expect(readdirSync(join(base, "outside"))).toEqual([]);
});

test("a file where a directory should be: WRITE_FAILED", () => {
  writeFileSync(join(root, "src/plain"), "x");
  const created = createParentDirectories(resolve("src/plain/child/file.ts"));
  expect(!created.ok && created.error.code).toBe("WRITE_FAILED");
  expect(existsSync(join(root, "src/plain"))).toBe(true);
});
