// A read page's size cap counts UTF-8 bytes (as lapp_grep does), not UTF-16 units: a page of two-byte characters
// holds half as many rows as one of ASCII.
import { expect, test } from "bun:test";
import { readPage } from "../../src/hashline/page.ts";

test("the page cap is in UTF-8 bytes", () => {
  const ascii = Array.from({ length: 100 }, () => "a".repeat(1000));
  const twoByte = Array.from({ length: 100 }, () => "é".repeat(1000));
  const cap = 20_000;
  const asciiRows = readPage(ascii, 1, 100, cap).rows;
  const twoByteRows = readPage(twoByte, 1, 100, cap).rows;
  const bytes = (rows: string[]) => rows.reduce((sum, row) => sum + Buffer.byteLength(row) + 1, 0);
  expect(bytes(twoByteRows)).toBeLessThanOrEqual(cap);
  expect(bytes(asciiRows)).toBeLessThanOrEqual(cap);
  expect(twoByteRows.length).toBe(9);
  expect(asciiRows.length).toBe(19);
});
