// Issue 11, item 9: in a file with mixed line endings, a line replaced one-for-one keeps its own terminator;
// only lines added beyond the replaced ones take the dominant terminator. Checked on the bytes that land on disk.
import { afterAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitDocument } from "../../src/files/commit.ts";
import { loadTextFile } from "../../src/files/load.ts";
import { applyEdits } from "../../src/hashline/edit.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { makeGuardedSandbox } from "../support/guarded-sandbox.ts";

const sandbox = makeGuardedSandbox("lapp-endings-", []);
afterAll(() => sandbox.remove());

function editOnDisk(initial: string, edit: (ref: (line: number) => string) => object): string {
  writeFileSync(join(sandbox.root, "mixed.txt"), initial);
  const path = sandbox.resolve("mixed.txt");
  const loaded = loadTextFile(path, () => false);
  if (!loaded.ok) throw loaded.error;
  const lines = loaded.value.doc.lines;
  const ref = (line: number) => refOf(line, lines[line - 1]!);
  const applied = applyEdits(loaded.value.doc, [edit(ref) as never]);
  if (!applied.ok) throw applied.error;
  const committed = commitDocument(path, applied.value.doc, loaded.value.identity);
  if (!committed.ok) throw committed.error;
  return readFileSync(join(sandbox.root, "mixed.txt"), "latin1");
}

test("replacing the LF line of a CRLF-dominant file keeps its LF", () => {
  const after = editOnDisk("one\r\ntwo\nthree\r\n", (ref) => ({
    type: "replace",
    anchor: ref(2),
    content: "TWO",
  }));
  expect(JSON.stringify(after)).toBe(JSON.stringify("one\r\nTWO\nthree\r\n"));
});

test("replacing a CRLF line of an LF-dominant file keeps its CRLF; extra lines take LF", () => {
  const after = editOnDisk("a\nb\r\nc\nd\n", (ref) => ({
    type: "replace",
    anchor: ref(2),
    content: "B\nB2",
  }));
  expect(JSON.stringify(after)).toBe(JSON.stringify("a\nB\r\nB2\nc\nd\n"));
});

test("the last line without a terminator stays without one when replaced", () => {
  const after = editOnDisk("a\r\nb\nc", (ref) => ({ type: "replace", anchor: ref(3), content: "C" }));
  expect(JSON.stringify(after)).toBe(JSON.stringify("a\r\nb\nC"));
});
