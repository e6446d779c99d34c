// The IO guard on a real filesystem: symlinks out (file, directory, dangling, chained), prefix siblings, links
// into blocked files, new files under a symlinked directory, and the identity it records for later opens.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { directoryUnchanged, PathGuard } from "../../src/security/guard.ts";

let base: string;
let root: string;
let guard: PathGuard;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "lapp-guard-")));
  root = join(base, "proj");
  const evil = join(base, "proj-evil");
  mkdirSync(join(root, "src"), { recursive: true });
  mkdirSync(evil);
  writeFileSync(join(root, "src", "app.ts"), "x\n");
  writeFileSync(join(root, ".env"), "SECRET=1\n");
  writeFileSync(join(evil, "loot.txt"), "loot\n");
  writeFileSync(join(base, "outside.txt"), "outside\n");
  symlinkSync(join(base, "outside.txt"), join(root, "link-out"));
  symlinkSync(evil, join(root, "dir-out"));
  symlinkSync("../proj-evil/loot.txt", join(root, "relative-link-out"));
  symlinkSync(join(base, "not-yet.txt"), join(root, "dangling-out"));
  symlinkSync("link-out", join(root, "chain-out"));
  symlinkSync("src/app.ts", join(root, "link-in"));
  symlinkSync("src", join(root, "dir-in"));
  symlinkSync(".env", join(root, "innocent"));
  symlinkSync("src/new-target.ts", join(root, "dangling-in"));
  symlinkSync("loop-b", join(root, "loop-a"));
  symlinkSync("loop-a", join(root, "loop-b"));
  guard = new PathGuard(root, compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const codeOf = (input: string) => {
  const result = guard.resolve(input);
  return result.ok ? "ok" : result.error.code;
};

describe("refused", () => {
  const cases: [string, string, string][] = [
    ["a symlinked file pointing out", "link-out", "PATH_OUTSIDE_ROOT"],
    ["a file inside a symlinked directory pointing out", "dir-out/loot.txt", "PATH_OUTSIDE_ROOT"],
    ["a symlinked directory pointing out", "dir-out", "PATH_OUTSIDE_ROOT"],
    ["a relative symlink climbing out", "relative-link-out", "PATH_OUTSIDE_ROOT"],
    ["a dangling symlink pointing out (a write would create outside)", "dangling-out", "PATH_OUTSIDE_ROOT"],
    ["a chain of symlinks ending outside", "chain-out", "PATH_OUTSIDE_ROOT"],
    ["a new file under a symlinked directory pointing out", "dir-out/new/file.txt", "PATH_OUTSIDE_ROOT"],
    ["the prefix sibling, relatively", "../proj-evil/loot.txt", "PATH_OUTSIDE_ROOT"],
    ["an absolute path elsewhere", "/proj-evil/loot.txt", "PATH_OUTSIDE_ROOT"],
    ["an innocent name linking to a blocked file", "innocent", "PATH_BLOCKED"],
    ["a blocked file", ".env", "PATH_BLOCKED"],
    ["a blocked file through a symlinked directory", "dir-in/../.env", "PATH_BLOCKED"],
    ["a symlink loop", "loop-a", "NOT_FOUND"],
    ["a NUL byte", "src/app.ts\0.png", "PATH_OUTSIDE_ROOT"],
  ];
  for (const [name, input, code] of cases) {
    test(name, () => expect(codeOf(input)).toBe(code));
  }

  test("the prefix sibling by its absolute path", () => {
    expect(codeOf(join(base, "proj-evil", "loot.txt"))).toBe("PATH_OUTSIDE_ROOT");
    expect(codeOf(`${root}-evil/loot.txt`)).toBe("PATH_OUTSIDE_ROOT");
  });
});

describe("allowed", () => {
  test("a symlink inside the root resolves to its target, which is what gets opened", () => {
    const result = guard.resolve("link-in");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.real).toBe(join(root, "src", "app.ts"));
    expect(result.value.display).toBe("link-in");
    expect(result.value.exists).toBe(true);
    const stats = statSync(join(root, "src", "app.ts"), { bigint: true });
    expect(result.value.checked).toEqual({ dev: stats.dev, ino: stats.ino });
  });

  test("a new file through a symlinked directory inside, and a dangling symlink inside", () => {
    const viaDir = guard.resolve("dir-in/new/file.ts");
    expect(viaDir.ok && viaDir.value.real).toBe(join(root, "src", "new", "file.ts"));
    expect(viaDir.ok && viaDir.value.exists).toBe(false);
    expect(viaDir.ok && viaDir.value.checked).toBeUndefined();
    const dangling = guard.resolve("dangling-in");
    expect(dangling.ok && dangling.value.real).toBe(join(root, "src", "new-target.ts"));
  });

  test("absolute paths inside and the root itself", () => {
    expect(codeOf(join(root, "src", "app.ts"))).toBe("ok");
    const self = guard.resolve(".");
    expect(self.ok && self.value.display).toBe(".");
  });
});

describe("directoryUnchanged", () => {
  test("true for a real directory, false once a directory on the way is a symlink", () => {
    expect(directoryUnchanged(join(root, "src", "app.ts"))).toBe(true);
    expect(directoryUnchanged(join(root, "dir-in", "app.ts"))).toBe(false);
    expect(directoryUnchanged(join(root, "missing", "x.ts"))).toBe(false);
  });
});
