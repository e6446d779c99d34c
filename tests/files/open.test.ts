// Opening what the guard checked: a symlink or another file swapped in between check and open is FILE_CHANGED
// (nothing of the swapped-in file is read), a FIFO does not hang the server, listings never name blocked files.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { loadTextFile } from "../../src/files/load.ts";
import { readForDisplay } from "../../src/files/read-file.ts";
import type { GuardedPath, PathGuard } from "../../src/security/guard.ts";
import { makeGuardedSandbox, type GuardedSandbox } from "../support/guarded-sandbox.ts";

let base: string;
let root: string;
let guard: PathGuard;
let sandbox: GuardedSandbox;
beforeEach(() => {
  sandbox = makeGuardedSandbox("lapp-open-", [...DEFAULT_BLOCK_PATTERNS]);
  ({ base, root, guard } = sandbox);
  writeFileSync(join(base, "secret.txt"), "TOP SECRET\n");
});
afterEach(() => sandbox.remove());

const resolve = (input: string): GuardedPath => sandbox.resolve(input);
const isBlocked = (relative: string) => guard.isBlocked(relative);
const page = { offset: 1, limit: 100, onShown: () => {} };

describe("a swap between the guard's check and the open", () => {
  test("the file replaced by a symlink pointing out: FILE_CHANGED, the secret is not read", () => {
    writeFileSync(join(root, "notes.txt"), "notes\n");
    const path = resolve("notes.txt");
    rmSync(join(root, "notes.txt"));
    symlinkSync(join(base, "secret.txt"), join(root, "notes.txt"));
    for (const result of [loadTextFile(path, isBlocked), readForDisplay(path, isBlocked, page)]) {
      expect(!result.ok && result.error.code).toBe("FILE_CHANGED");
      expect(JSON.stringify(result)).not.toContain("TOP SECRET");
    }
  });

  test("a parent directory replaced by a symlink pointing out: another inode, FILE_CHANGED", () => {
    mkdirSync(join(root, "docs"));
    writeFileSync(join(root, "docs", "secret.txt"), "harmless\n");
    const path = resolve("docs/secret.txt");
    renameSync(join(root, "docs"), join(root, "docs-old"));
    symlinkSync(base, join(root, "docs"));
    const result = readForDisplay(path, isBlocked, page);
    expect(!result.ok && result.error.code).toBe("FILE_CHANGED");
    expect(JSON.stringify(result)).not.toContain("TOP SECRET");
  });

  test("the file replaced by another regular file (an editor's rename): FILE_CHANGED, retrying succeeds", () => {
    writeFileSync(join(root, "a.txt"), "one\n");
    const path = resolve("a.txt");
    writeFileSync(join(root, "a.txt.new"), "two\n");
    renameSync(join(root, "a.txt.new"), join(root, "a.txt"));
    expect(readForDisplay(path, isBlocked, page)).toMatchObject({
      ok: false,
      error: { code: "FILE_CHANGED" },
    });
    expect(readForDisplay(resolve("a.txt"), isBlocked, page)).toMatchObject({ ok: true });
  });
});

describe("special files", () => {
  test.if(process.platform !== "win32")("a FIFO is refused at once instead of blocking the server", () => {
    Bun.spawnSync(["mkfifo", join(root, "pipe")]);
    const started = performance.now();
    const read = readForDisplay(resolve("pipe"), isBlocked, page);
    const load = loadTextFile(resolve("pipe"), isBlocked);
    expect(!read.ok && read.error.code).toBe("NOT_A_FILE");
    expect(!load.ok && load.error.code).toBe("NOT_A_FILE");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("a directory is IS_DIRECTORY listing its entries, never a blocked one", () => {
    mkdirSync(join(root, "config"));
    for (const name of [".env", ".env.local", "secrets.json", "server.pem", "app.json"]) {
      writeFileSync(join(root, "config", name), "x\n");
    }
    const result = readForDisplay(resolve("config"), isBlocked, page);
    expect(!result.ok && result.error.code).toBe("IS_DIRECTORY");
    if (result.ok) return;
    expect(result.error.details).toContain("app.json");
    for (const blocked of [".env", "secrets.json", "server.pem"])
      expect(result.error.details).not.toContain(blocked);
  });
});
