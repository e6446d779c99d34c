// readWhole's kept buffer (src/search/read-file.ts): each search thread keeps one, so its size bounds the server's
// memory. It doubles to save regrowths but never past the largest size searched whole (16 MiB); a bigger file, read
// whole only for its rows, gets a buffer of its own that is not kept.
import { afterAll, expect, test } from "bun:test";
import { closeSync, openSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readWhole } from "../../src/search/read-file.ts";
import { WHOLE_READ_MAX_BYTES } from "../../src/search/limits.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const MiB = 1024 * 1024;
const root = makeTempRoot("lapp-read-whole-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Reads a file of `bytes` bytes (filled with `fill`) whole; returns what came back. */
function readFileOf(bytes: number, fill: number): Buffer {
  const path = join(root, `file-${bytes}`);
  writeFileSync(path, Buffer.alloc(bytes, fill));
  const fd = openSync(path, "r");
  try {
    const whole = readWhole(fd, 64 * MiB);
    if (!whole) throw new Error("not read");
    return whole;
  } finally {
    closeSync(fd);
  }
}

test("the kept buffer doubles for a bigger file but stops at the whole-read limit", () => {
  const nine = readFileOf(9 * MiB, 0x61);
  expect(nine.buffer.byteLength).toBeGreaterThanOrEqual(9 * MiB);
  const ten = readFileOf(10 * MiB, 0x62);
  expect(ten.length).toBe(10 * MiB);
  expect(ten.every((byte) => byte === 0x62)).toBe(true);
  // Doubling 9 MiB would keep 18 MiB: the limit holds it at 16.
  expect(ten.buffer.byteLength).toBe(WHOLE_READ_MAX_BYTES);
});

test("a file over the limit is read into a buffer of its own; the kept one stays as it was", () => {
  const big = readFileOf(WHOLE_READ_MAX_BYTES + MiB, 0x63);
  expect(big.length).toBe(WHOLE_READ_MAX_BYTES + MiB);
  expect(big.every((byte) => byte === 0x63)).toBe(true);
  const small = readFileOf(2 * MiB, 0x64);
  expect(small.buffer.byteLength).toBeLessThanOrEqual(WHOLE_READ_MAX_BYTES);
  expect(small.buffer).not.toBe(big.buffer);
  // The big file's bytes were not overwritten by the later read: it had a buffer of its own.
  expect(big.every((byte) => byte === 0x63)).toBe(true);
});
