// Issue 11, item 7: a real full disk (a small tmpfs, mounted when the tests run as root). The in-place path of a
// hard-linked file reserves the new size before changing any old byte; the lock's staging file never survives a
// full disk; and a recovery copy a crash left beside a file is swept once a commit made the file whole again.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitBytes } from "../../src/files/commit.ts";
import { loadTextFile } from "../../src/files/load.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { PathGuard } from "../../src/security/guard.ts";
import { deadProcessId, leftovers } from "../support/processes.ts";

const KiB = 1024;
let mountPoint: string | undefined;
let skipReason: string | undefined;

beforeAll(() => {
  if (process.platform !== "linux" || process.getuid?.() !== 0) {
    skipReason =
      "needs root on Linux to mount a small tmpfs (tests/files/write-failure.test.ts covers RLIMIT_FSIZE)";
    return;
  }
  const directory = mkdtempSync(join(tmpdir(), "lapp-full-"));
  const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", directory]);
  if (mounted.exitCode !== 0) {
    rmSync(directory, { recursive: true, force: true });
    skipReason = `mount -t tmpfs failed: ${mounted.stderr.toString().trim()}`;
    return;
  }
  mountPoint = directory;
});

afterAll(() => {
  if (mountPoint === undefined) return;
  Bun.spawnSync(["umount", mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** A fresh root on the tmpfs, emptied of everything earlier cases left. */
function freshRoot(name: string): { root: string; guard: PathGuard } {
  const root = join(mountPoint!, name);
  mkdirSync(root);
  return { root, guard: new PathGuard(root, compileBlocklist([], [])) };
}

/** Fills the disk so that exactly `free` bytes stay available. */
function leaveFree(root: string, free: number) {
  const stats = statfsSync(root);
  const available = Number(stats.bavail) * Number(stats.bsize);
  writeFileSync(join(root, "filler.bin"), new Uint8Array(available - free));
}

function commitNew(guard: PathGuard, relative: string, bytes: Uint8Array) {
  const path = guard.resolve(relative);
  if (!path.ok) throw path.error;
  const loaded = loadTextFile(path.value, () => false);
  if (!loaded.ok) throw loaded.error;
  return commitBytes(path.value, bytes, loaded.value.identity);
}

const maybe = (name: string, body: () => void) =>
  test(name, () => {
    if (skipReason) {
      console.error(`skipped: ${skipReason}`);
      return;
    }
    body();
  });

maybe("a hard-linked file growing on a full disk stays intact, and no recovery copy is left", () => {
  const { root, guard } = freshRoot("inplace");
  const old = new Uint8Array(200 * KiB).fill(0x6f);
  writeFileSync(join(root, "f.txt"), old);
  linkSync(join(root, "f.txt"), join(root, "link.txt"));
  // Room for the 400 KiB temp copy, not for the 200 KiB the file must grow by on top of it.
  leaveFree(root, 500 * KiB);
  const result = commitNew(guard, "f.txt", new Uint8Array(400 * KiB).fill(0x61));
  expect(!result.ok && result.error.code).toBe("WRITE_FAILED");
  expect(!result.ok && result.error.summary).toContain("unchanged");
  expect(Buffer.compare(readFileSync(join(root, "f.txt")), Buffer.from(old))).toBe(0);
  expect(Buffer.compare(readFileSync(join(root, "link.txt")), Buffer.from(old))).toBe(0);
  expect(leftovers(root)).toEqual([]);
});

maybe("the disk filling right after the temp copy leaves no 0-byte staging file", () => {
  const { root, guard } = freshRoot("staging");
  const old = new Uint8Array(100 * KiB).fill(0x6f);
  writeFileSync(join(root, "g.txt"), old);
  // The 200 KiB temp copy takes the last free byte; the lock's pid then finds no room.
  leaveFree(root, 200 * KiB);
  const result = commitNew(guard, "g.txt", new Uint8Array(200 * KiB).fill(0x61));
  expect(!result.ok && result.error.code).toBe("WRITE_FAILED");
  expect(Buffer.compare(readFileSync(join(root, "g.txt")), Buffer.from(old))).toBe(0);
  expect(leftovers(root)).toEqual([]);
});

test("a recovery copy left by a crash is swept once a commit made the file whole again", () => {
  const root = mkdtempSync(join(tmpdir(), "lapp-recovery-"));
  try {
    const guard = new PathGuard(root, compileBlocklist([], []));
    writeFileSync(join(root, "h.txt"), "torn conte");
    const stray = `.h.txt.lapp-${deadProcessId()}-abcd1234.recovery`;
    writeFileSync(join(root, stray), "the complete content of a crashed in-place write\n");
    const result = commitNew(guard, "h.txt", new TextEncoder().encode("whole again\n"));
    expect(result.ok).toBe(true);
    expect(readFileSync(join(root, "h.txt"), "utf8")).toBe("whole again\n");
    expect(leftovers(root)).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
