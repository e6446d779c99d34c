// Large files over MCP: a page near the end of a file above the streaming threshold has exactly the refs of its
// lines (and continues correctly); edits past the edit limit, images past the image limit and text past the read
// limit are FILE_TOO_LARGE and touch nothing. (A JSON-RPC line over MAX_MESSAGE_BYTES is refused unread by lapp's
// transport: tests/e2e/protocol.test.ts.)
import { afterAll, beforeAll, expect, test } from "bun:test";
import {
  closeSync,
  ftruncateSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { MAX_EDIT_BYTES, MAX_IMAGE_BYTES, MAX_READ_BYTES, STREAM_READ_MIN_BYTES } from "../../src/limits.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let root: string;
let lapp: LappSession;
const lineText = (index: number) =>
  `${index % 7 === 0 ? "}" : `  value_${index} = "é ${"x".repeat(index % 50)}";`}`;
let totalLines = 0;

beforeAll(async () => {
  root = makeTempRoot("lapp-large-");
  // CRLF, a UTF-8 BOM, no final newline: the streamed page must honour all of it.
  const lines: string[] = [];
  let bytes = 0;
  for (let index = 1; bytes < STREAM_READ_MIN_BYTES + 2_000_000; index++) {
    const text = lineText(index);
    lines.push(text);
    bytes += Buffer.byteLength(text) + 2;
  }
  totalLines = lines.length;
  writeFileSync(
    join(root, "big.txt"),
    Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join("\r\n"))]),
  );
  lapp = await startLapp({ root });
});
afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

test("a page near the end of a streamed file has the exact rows and refs, and says how to continue", async () => {
  const offset = totalLines - 120;
  const result = await lapp.call("lapp_read", { path: "big.txt", offset, limit: 100 });
  expect(result.isError).toBe(false);
  const rows = result.text.split("\n");
  const expected = Array.from(
    { length: 100 },
    (_, index) => `${refOf(offset + index, lineText(offset + index))}:${lineText(offset + index)}`,
  );
  expect(rows.slice(0, 100)).toEqual(expected);
  expect(rows[100]).toBe(
    `[showing lines ${offset}-${offset + 99} of ${totalLines}; continue with offset=${offset + 100}]`,
  );
  const last = await lapp.call("lapp_read", { path: "big.txt", offset: totalLines });
  expect(last.text).toBe(`${refOf(totalLines, lineText(totalLines))}:${lineText(totalLines)}`);
  const past = await lapp.call("lapp_read", { path: "big.txt", offset: totalLines + 1 });
  expect(errorCode(past.text)).toBe("LINE_OUT_OF_RANGE");
  expect(past.text).toContain(`${totalLines} lines`);
});

test("pages read again have the exact rows, near the line index's checkpoints and after a change outside lapp", async () => {
  const page = async (offset: number) =>
    (await lapp.call("lapp_read", { path: "big.txt", offset, limit: 3 })).text.split("\n").slice(0, 3);
  const expectedRows = (offset: number, text: (line: number) => string) =>
    [0, 1, 2].map((index) => `${refOf(offset + index, text(offset + index))}:${text(offset + index)}`);
  // Checkpoints every 4,096 lines: these offsets start before, on and after one, near both ends.
  for (const offset of [2, 4096, 4097, 4098, totalLines - 2]) {
    expect(await page(offset)).toEqual(expectedRows(offset, lineText));
  }
  // Two lines more at the top, written outside lapp: every line moves down by two.
  const path = join(root, "big.txt");
  const original = readFileSync(path);
  writeFileSync(
    path,
    Buffer.concat([original.subarray(0, 3), Buffer.from("new 1\r\nnew 2\r\n"), original.subarray(3)]),
  );
  const moved = (line: number) => (line <= 2 ? `new ${line}` : lineText(line - 2));
  try {
    for (const offset of [4097, totalLines]) expect(await page(offset)).toEqual(expectedRows(offset, moved));
  } finally {
    writeFileSync(path, original);
  }
});

test("refs from a streamed page work in an edit (the file is under the edit limit)", async () => {
  const offset = totalLines - 10;
  const ref = refsByLine((await lapp.call("lapp_read", { path: "big.txt", offset, limit: 1 })).text).get(
    offset,
  )!;
  const before = readFileSync(join(root, "big.txt"));
  const edited = await lapp.call("lapp_edit", {
    path: "big.txt",
    edits: [{ type: "replace", anchor: ref, content: "EDITED" }],
  });
  expect(edited.isError).toBe(false);
  const after = readFileSync(join(root, "big.txt"));
  const oldLine = Buffer.from(lineText(offset));
  expect(after.length).toBe(before.length - oldLine.length + "EDITED".length);
  expect(after.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(after.subarray(-Buffer.byteLength(lineText(totalLines)))).toEqual(Buffer.from(lineText(totalLines)));
  expect(after.includes(Buffer.from(`\r\nEDITED\r\n`))).toBe(true);
});

test("an edit of a file above the edit limit is FILE_TOO_LARGE, nothing written", async () => {
  const file = join(root, "huge.txt");
  const fd = openSync(file, "w");
  writeSync(fd, "first line\n");
  ftruncateSync(fd, MAX_EDIT_BYTES + 1); // sparse: cheap to make, still a file of that size
  closeSync(fd);
  writeFileSync(file, Buffer.from("first line\n"), { flag: "r+" });
  const edit = await lapp.call("lapp_edit", {
    path: "huge.txt",
    edits: [{ type: "insert_after", anchor: "0:", content: "x" }],
  });
  expect(errorCode(edit.text)).toBe("FILE_TOO_LARGE");
  expect(statSync(file).size).toBe(MAX_EDIT_BYTES + 1);
  rmSync(file);
});

test("text above the read limit and images above the image limit are FILE_TOO_LARGE", async () => {
  const text = join(root, "enormous.log");
  let fd = openSync(text, "w");
  writeSync(fd, "a log line\n".repeat(1000));
  ftruncateSync(fd, MAX_READ_BYTES + 1);
  closeSync(fd);
  expect(errorCode((await lapp.call("lapp_read", { path: "enormous.log" })).text)).toBe("FILE_TOO_LARGE");
  rmSync(text);

  const image = join(root, "huge.png");
  fd = openSync(image, "w");
  writeSync(fd, Buffer.from("89504e470d0a1a0a", "hex"));
  ftruncateSync(fd, MAX_IMAGE_BYTES + 1);
  closeSync(fd);
  expect(errorCode((await lapp.call("lapp_read", { path: "huge.png" })).text)).toBe("FILE_TOO_LARGE");
  rmSync(image);
});
