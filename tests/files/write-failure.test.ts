// A write that fails like a full disk (RLIMIT_FSIZE in a child process): WRITE_FAILED, the file unchanged,
// and no temp file left behind — for an edit, a hard-linked file and a new file.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  existsSync,
  linkSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { leftovers } from "../support/processes.ts";

const CHILD = resolve(import.meta.dir, "../support/commit-child.ts");
let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-efbig-")));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs one commit with writes capped at 8 KiB (SIGXFSZ ignored, so write(2) fails with EFBIG). */
function commitUnderLimit(relative: string, size: number): { ok: boolean; code?: string } {
  const child = Bun.spawnSync(
    [
      "bash",
      "-c",
      `trap '' XFSZ; ulimit -f 8; exec "$0" "$@"`,
      process.execPath,
      CHILD,
      root,
      relative,
      String(size),
    ],
    { stderr: "pipe" },
  );
  return JSON.parse(child.stdout.toString());
}

test("an edit that cannot be written is WRITE_FAILED and changes nothing", () => {
  writeFileSync(join(root, "edit.txt"), "original\n");
  expect(commitUnderLimit("edit.txt", 100_000)).toMatchObject({ ok: false, code: "WRITE_FAILED" });
  expect(readFileSync(join(root, "edit.txt"), "utf8")).toBe("original\n");
  expect(leftovers(root)).toEqual([]);
});

test("a hard-linked file that cannot be written is WRITE_FAILED and both links are unchanged", () => {
  writeFileSync(join(root, "linked.txt"), "original\n");
  linkSync(join(root, "linked.txt"), join(root, "twin.txt"));
  expect(commitUnderLimit("linked.txt", 100_000)).toMatchObject({ ok: false, code: "WRITE_FAILED" });
  expect(readFileSync(join(root, "twin.txt"), "utf8")).toBe("original\n");
  expect(leftovers(root)).toEqual([]);
});

test("a new file that cannot be written does not appear", () => {
  expect(commitUnderLimit("new.txt", 100_000)).toMatchObject({ ok: false, code: "WRITE_FAILED" });
  expect(existsSync(join(root, "new.txt"))).toBe(false);
  expect(leftovers(root)).toEqual([]);
});

test("the same commit under the limit succeeds (the limit is what failed above)", () => {
  writeFileSync(join(root, "small.txt"), "original\n");
  expect(commitUnderLimit("small.txt", 100)).toEqual({ ok: true });
  expect(readFileSync(join(root, "small.txt"), "utf8")).toBe("a".repeat(100));
});
