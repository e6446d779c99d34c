// Issue 11, items 8 and 11: lapp running as an unprivileged user (nobody, via setpriv) meets a file owned by
// someone else that it may not write, and a directory it may not enter. PERMISSION_DENIED, "nothing changed", the
// file untouched and nothing left beside it — never a false "may be incomplete" or a stray recovery copy.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";
import { leftovers } from "../support/processes.ts";

const NOBODY = 65534;
const setpriv = Bun.which("setpriv");
const canDrop = process.platform === "linux" && process.getuid?.() === 0 && setpriv !== null;
let base: string;
let root: string;
let lapp: LappSession | undefined;

beforeAll(async () => {
  if (!canDrop) return;
  base = makeTempRoot("lapp-perm-");
  chmodSync(base, 0o755);
  root = join(base, "proj");
  mkdirSync(root);
  chownSync(root, NOBODY, NOBODY);
  // Owned by root, readable by all, writable by root only; its directory is writable by nobody.
  writeFileSync(join(root, "theirs.txt"), "one\ntwo\n");
  chmodSync(join(root, "theirs.txt"), 0o644);
  mkdirSync(join(root, "closed"));
  writeFileSync(join(root, "closed", "inside.txt"), "hidden\n");
  chmodSync(join(root, "closed"), 0o700);
  lapp = await startLapp({
    root,
    wrapper: [setpriv!, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups"],
  });
});

afterAll(async () => {
  await lapp?.close();
  if (base) rmSync(base, { recursive: true, force: true });
});

test.if(canDrop)(
  "editing a file lapp's user may not write: PERMISSION_DENIED, nothing changed, nothing left",
  async () => {
    const read = await lapp!.call("lapp_read", { path: "theirs.txt" });
    expect(read.isError).toBe(false);
    const ref = refsByLine(read.text).get(1)!;
    const edit = await lapp!.call("lapp_edit", {
      path: "theirs.txt",
      edits: [{ type: "replace", anchor: ref, content: "ONE" }],
    });
    expect(errorCode(edit.text)).toBe("PERMISSION_DENIED");
    expect(edit.text).toContain("nothing changed");
    expect(edit.text).not.toContain("incomplete");
    expect(readFileSync(join(root, "theirs.txt"), "utf8")).toBe("one\ntwo\n");
    expect(leftovers(root)).toEqual([]);
  },
);

test.if(canDrop)("a directory lapp's user may not enter: PERMISSION_DENIED, not NOT_FOUND", async () => {
  const read = await lapp!.call("lapp_read", { path: "closed/inside.txt" });
  expect(errorCode(read.text)).toBe("PERMISSION_DENIED");
  const write = await lapp!.call("lapp_write", { path: "closed/new.txt", content: "x\n" });
  expect(errorCode(write.text)).toBe("PERMISSION_DENIED");
});

test.if(!canDrop)("permission tests (skipped)", () => {
  console.error("skipped: needs root on Linux and setpriv to run lapp as nobody");
});
