// The documents a session keeps (src/session/known-documents.ts) are reused only for the very bytes they were
// decoded from: a file rewritten outside lapp with the same size, at once, is read and edited as it is now.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { startInProcess } from "../support/in-process.ts";
import type { LappSession } from "../support/lapp-session.ts";

let lapp: LappSession;
beforeAll(async () => {
  lapp = await startInProcess();
});
afterAll(() => lapp.close());

test("a same-size rewrite outside lapp between two reads is seen by the second read and by an edit", async () => {
  const path = join(lapp.root, "same-size.txt");
  writeFileSync(path, "alpha\nbeta\n");
  expect((await lapp.call("lapp_read", { path: "same-size.txt" })).text).toContain(":alpha");
  writeFileSync(path, "gamma\ndelta"); // the same 11 bytes long, written within the same instant
  const again = await lapp.call("lapp_read", { path: "same-size.txt" });
  expect(again.text).toBe(`${refOf(1, "gamma")}:gamma\n${refOf(2, "delta")}:delta`);
  const edited = await lapp.call("lapp_edit", {
    path: "same-size.txt",
    edits: [{ type: "replace", anchor: refOf(2, "delta"), content: "epsilon" }],
  });
  expect(edited.isError).toBe(false);
  expect(readFileSync(path, "utf8")).toBe("gamma\nepsilon");
});

test("after lapp's own edit, a rewrite back to the old bytes outside lapp is read as it is", async () => {
  const path = join(lapp.root, "back.txt");
  writeFileSync(path, "one\ntwo\n");
  await lapp.call("lapp_read", { path: "back.txt" });
  const edited = await lapp.call("lapp_edit", {
    path: "back.txt",
    edits: [{ type: "replace", anchor: refOf(2, "two"), content: "TWO" }],
  });
  expect(edited.isError).toBe(false);
  writeFileSync(path, "one\ntwo\n");
  expect((await lapp.call("lapp_read", { path: "back.txt" })).text).toBe(
    `${refOf(1, "one")}:one\n${refOf(2, "two")}:two`,
  );
});
