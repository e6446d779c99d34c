// The reused buffer for bytes looked at once (src/text/scratch-buffer.ts): one buffer, grown to the largest size asked
// within its cap and reused from then on; nothing past the cap (the caller takes a buffer of its own).
import { expect, test } from "bun:test";
import { ScratchBuffer } from "../../src/text/scratch-buffer.ts";

test("views share one buffer, grown to the largest size asked, never past the cap", () => {
  const scratch = new ScratchBuffer(1000);
  const small = scratch.take(10)!;
  expect(scratch.take(5)!.buffer).toBe(small.buffer);
  const big = scratch.take(600)!;
  expect(big.length).toBe(600);
  expect(big.buffer.byteLength).toBeLessThanOrEqual(1000);
  expect(scratch.take(600)!.buffer).toBe(big.buffer);
  expect(scratch.take(1000)!.buffer.byteLength).toBe(1000);
  expect(scratch.take(1001)).toBeUndefined();
  expect(scratch.takes).toBe(5); // a refused take is none
});

test("grown for more, the buffer keeps the bytes used so far; at the cap there is no more", () => {
  const scratch = new ScratchBuffer(100);
  const first = scratch.take(30)!;
  first.fill(7);
  const more = scratch.grown(30)!;
  expect(more.length).toBeGreaterThan(30);
  expect([...more.subarray(0, 30)]).toEqual(new Array(30).fill(7));
  expect(scratch.grown(more.length)!.length).toBe(100); // doubling would pass the cap
  expect(scratch.grown(100)).toBeUndefined();
});
