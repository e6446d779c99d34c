// Reads of big files (src/tools/read.ts): a default read of a file too big for one answer is its outline whatever its
// size up to the edit limit — TypeScript's 9 MB typescript.js too, which is paged by streaming — and its refs work in
// find_block and lapp_edit; rows where they fit one answer (a few very long lines), rows with a note past the edit
// limit, and binary files and images answered as before.
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  closeSync,
  copyFileSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { MAX_EDIT_BYTES, STREAM_READ_MIN_BYTES } from "../../src/limits.ts";
import { errorCode, refsByLine, type LappSession } from "../support/lapp-session.ts";
import { startInProcess } from "../support/in-process.ts";

const BUNDLE = resolve(import.meta.dir, "../../node_modules/typescript/lib/typescript.js");
let lapp: LappSession;
beforeAll(async () => {
  lapp = await startInProcess();
  copyFileSync(BUNDLE, join(lapp.root, "typescript.js"));
});
afterAll(() => lapp.close());

const ROW = /^\s*(\d+#[A-Z]{2})\.\.(\d+#[A-Z]{2}) (\S+) (.*)$/;

test("typescript.js (over the streaming size): a default read is its outline, and outline:true pages it", async () => {
  const lines = readFileSync(BUNDLE, "utf8").split("\n").length - 1;
  expect(readFileSync(BUNDLE).length).toBeGreaterThan(STREAM_READ_MIN_BYTES);
  const read = await lapp.call("lapp_read", { path: "typescript.js" });
  const [heading, ...rows] = read.text.split("\n");
  // The answer's budget follows the client (issue 28): any budget is far below this file's rows.
  expect(heading).toStartWith(
    `typescript.js has ${lines.toLocaleString("en-US")} lines, more than one answer of `,
  );
  expect(heading).toContain(" tokens holds, so here is its outline");
  expect(rows.filter((row) => ROW.test(row)).length).toBeGreaterThan(100);
  const asked = await lapp.call("lapp_read", { path: "typescript.js", outline: true });
  expect(asked.text).toMatch(/^outline of typescript\.js \([\d,]+ lines, [\d,]+ blocks\)/);
  const next = /\{"outline": true, "offset": (\d+)\}\]$/.exec(asked.text);
  expect(next).not.toBeNull();
  const second = await lapp.call("lapp_read", {
    path: "typescript.js",
    outline: true,
    offset: Number(next![1]),
  });
  const firstRow = second.text.split("\n").find((row) => ROW.test(row))!;
  expect(Number(ROW.exec(firstRow)![1]!.split("#")[0])).toBeGreaterThanOrEqual(Number(next![1]));
}, 60_000);

test("typescript.js: an outline row's refs work in find_block and lapp_edit; the new version is outlined anew", async () => {
  let row: string | undefined;
  for (let offset = 1; row === undefined;) {
    const page = await lapp.call("lapp_read", { path: "typescript.js", outline: true, offset });
    row = page.text.split("\n").find((text) => / function createTypeChecker\(host\)$/.test(text));
    const next = /\{"outline": true, "offset": (\d+)\}\]$/.exec(page.text);
    if (row === undefined && next === null) throw new Error("createTypeChecker is in no outline page");
    offset = Number(next?.[1]);
  }
  const [, start, end] = ROW.exec(row)!;
  const block = await lapp.call("lapp_find_block", { path: "typescript.js", anchor: start });
  expect(block.text.split("\n")[0]).toStartWith(`block ${start}..${end} (`);
  const byPattern = await lapp.call("lapp_find_block", {
    path: "typescript.js",
    pattern: String.raw`^function createTypeChecker\(`,
  });
  expect(byPattern.text.split("\n")[0]).toStartWith(`block ${start}..${end} (`);
  const edit = await lapp.call("lapp_edit", {
    path: "typescript.js",
    edits: [{ type: "insert_before", anchor: start, content: "// found by its outline" }],
  });
  expect(edit.isError).toBe(false);
  const text = readFileSync(join(lapp.root, "typescript.js"), "utf8").split("\n");
  const line = Number(start!.split("#")[0]);
  expect(text[line - 1]).toBe("// found by its outline");
  expect(text[line]).toStartWith("function createTypeChecker(");
  const after = await lapp.call("lapp_find_block", {
    path: "typescript.js",
    pattern: String.raw`^function createTypeChecker\(`,
  });
  const moved = refsByLine(after.text);
  expect(moved.has(line + 1)).toBe(true);
  expect(after.text.split("\n")[0]).toStartWith(`block ${moved.get(line + 1)}..`);
}, 60_000);

test("a big file of a few very long lines still gives rows to a default read: they fit one answer", async () => {
  const long = (seed: string) => `const ${seed} = "${seed.repeat(400_000 / seed.length)}";`;
  writeFileSync(join(lapp.root, "long-lines.js"), `${[long("a"), long("bc"), long("def")].join("\n")}\n`);
  const read = await lapp.call("lapp_read", { path: "long-lines.js" });
  expect(read.isError).toBe(false);
  expect([...refsByLine(read.text).keys()]).toEqual([1, 2, 3]);
});

test("outline:true on a file over the edit limit says it is too large to outline, then gives rows", async () => {
  const path = join(lapp.root, "over.js");
  const line = "function f() { return 1; }\n";
  writeFileSync(path, line.repeat(Math.ceil((MAX_EDIT_BYTES + 1) / line.length)));
  const read = await lapp.call("lapp_read", { path: "over.js", outline: true });
  const [note, first] = read.text.split("\n");
  expect(note).toBe("over.js is larger than 32 MiB, too large to outline; its rows follow.");
  expect(first).toStartWith("1#");
}, 60_000);

test("a big binary file is BINARY_FILE and a big image is an image, as before", async () => {
  const binary = join(lapp.root, "blob.bin");
  writeFileSync(binary, Buffer.alloc(2 * 1024 * 1024, 0));
  expect(errorCode((await lapp.call("lapp_read", { path: "blob.bin" })).text)).toBe("BINARY_FILE");
  const image = join(lapp.root, "big.png");
  const fd = openSync(image, "w");
  writeSync(fd, Buffer.from("89504e470d0a1a0a", "hex"));
  ftruncateSync(fd, 2 * 1024 * 1024);
  closeSync(fd);
  const shown = await lapp.client.callTool({ name: "lapp_read", arguments: { path: "big.png" } });
  expect((shown.content as Array<{ type: string; mimeType?: string }>)[0]).toMatchObject({
    type: "image",
    mimeType: "image/png",
  });
});
