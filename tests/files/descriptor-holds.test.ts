// descriptorHolds (src/files/load.ts): the byte-for-byte check the writer makes before its rename (the file is still
// what was loaded) and after it (what landed is what was written), read through a 1 MiB chunk.
import { afterAll, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { descriptorHolds } from "../../src/files/load.ts";

const dir = mkdtempSync(join(tmpdir(), "lapp-holds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function holds(onDisk: Uint8Array, expected: Uint8Array): boolean {
  const path = join(dir, "f");
  writeFileSync(path, onDisk);
  const fd = openSync(path, "r");
  try {
    return descriptorHolds(fd, expected);
  } finally {
    closeSync(fd);
  }
}

// 2.5 chunks, so a difference can sit in the first, a middle or the last, partial chunk.
const size = 2.5 * 1024 * 1024;
const bytes = Uint8Array.from({ length: size }, (_, index) => (index * 31 + 7) & 0xff);

test("the same bytes hold, in every chunk", () => {
  expect(holds(bytes, bytes)).toBe(true);
  expect(holds(new Uint8Array(0), new Uint8Array(0))).toBe(true);
});

test("one byte changed anywhere is caught", () => {
  for (const at of [0, 1024 * 1024 - 1, 1024 * 1024, 2 * 1024 * 1024 + 17, size - 1]) {
    const changed = bytes.slice();
    changed[at] = changed[at]! ^ 1;
    expect(holds(changed, bytes)).toBe(false);
  }
});

test("a file shorter than the bytes expected is caught", () => {
  expect(holds(bytes.subarray(0, size - 1), bytes)).toBe(false);
  expect(holds(new Uint8Array(0), bytes)).toBe(false);
});
