// The root deleted while lapp runs: every tool says the root is gone (ROOT_GONE), never that a file "does not exist"
// or that "a directory on the way was replaced", and nothing is created anywhere.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let root: string;
let lapp: LappSession;
let ref: string;

beforeAll(async () => {
  root = makeTempRoot("lapp-root-gone-");
  writeFileSync(join(root, "a.txt"), "one\ntwo\n");
  lapp = await startLapp({ root, cwd: tmpdir() });
  ref = refsByLine((await lapp.call("lapp_read", { path: "a.txt" })).text).get(1)!;
  rmSync(root, { recursive: true });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

const calls: [string, Record<string, unknown>][] = [
  ["lapp_write", { path: "new.txt", content: "x\n" }],
  ["lapp_write", { path: "deeper/new.txt", content: "x\n" }],
  ["lapp_read", { path: "a.txt" }],
  ["lapp_read", { path: "." }],
  ["lapp_grep", { pattern: "one" }],
  ["lapp_grep", { pattern: "one", path: "a.txt" }],
  ["lapp_find_block", { path: "a.txt", pattern: "one" }],
  ["lapp_replace_block", { path: "a.txt", pattern: "one", content: "uno\n" }],
  ["lapp_insert_block", { path: "a.txt", anchor_content: "one", position: "after", content: "uno\n" }],
  ["lapp_apply_patch", { patch: "*** Begin Patch\n*** Add File: n.txt\n+x\n*** End Patch" }],
];

for (const [tool, args] of calls) {
  test(`${tool} ${JSON.stringify(args)} says the root is gone`, async () => {
    const { text, isError } = await lapp.call(tool, args);
    expect(isError).toBe(true);
    expect(errorCode(text)).toBe("ROOT_GONE");
    expect(text).toContain(`${JSON.stringify(root)} no longer exists`);
    expect(text).not.toContain("was replaced");
    expect(existsSync(root)).toBe(false);
  });
}

test("lapp_edit with a ref it showed says the root is gone", async () => {
  const { text } = await lapp.call("lapp_edit", {
    path: "a.txt",
    edits: [{ type: "replace", anchor: ref, content: "uno" }],
  });
  expect(errorCode(text)).toBe("ROOT_GONE");
  expect(existsSync(root)).toBe(false);
});
