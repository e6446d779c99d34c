// The version a search records of a shown file (src/search/shown-version.ts) is what the edit session computes:
// hashLines(decodeDocument(bytes).lines) and the rows' text — UTF-8 (from bytes), BOM, CRLF, Latin-1, UTF-16.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { xxHash32Range } from "../../src/search/line-hashes.ts";
import { shownVersion } from "../../src/search/shown-version.ts";
import { hashLines } from "../../src/session/shown-record.ts";
import { decodeDocument } from "../../src/text/codec.ts";

const piece = fc.constantFrom(
  "a",
  "abc",
  "é",
  "€",
  "😀",
  "\r",
  "\n",
  "\r\n",
  " ",
  "0123456789abcdef",
  "\t",
  "x".repeat(40),
);
const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(""));

function expected(bytes: Uint8Array, rows: number[]) {
  const { lines } = decodeDocument(bytes);
  return {
    hashes: [...hashLines(lines)],
    texts: [...new Set(rows)]
      .sort((a, b) => a - b)
      .filter((line) => line >= 1 && line <= lines.length)
      .map((line) => [line, lines[line - 1]!] as [number, string]),
  };
}

function encode(body: string, encoding: string): Uint8Array {
  if (encoding === "bom") return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]);
  if (encoding === "latin1") return Buffer.concat([Buffer.from(body), Buffer.from([0xff, 0x0a, 0x41])]);
  if (encoding === "utf16le") return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, "utf16le")]);
  return Buffer.from(body);
}

test("property: the same line hashes and row texts as decoding the whole file", () => {
  fc.assert(
    fc.property(
      text,
      fc.constantFrom("utf8", "bom", "latin1", "utf16le"),
      fc.array(fc.integer({ min: 0, max: 70 }), { maxLength: 8 }),
      (body, encoding, rows) => {
        const bytes = encode(body, encoding);
        const version = shownVersion(bytes, rows);
        expect({ hashes: [...version.hashes], texts: version.texts }).toEqual(expected(bytes, rows));
      },
    ),
    { numRuns: 1000 },
  );
});

test("xxHash32 of a byte range equals Bun's for every length around the 16-byte stripes", () => {
  const bytes = Buffer.from(Array.from({ length: 80 }, (_, index) => (index * 37 + 11) & 0xff));
  for (let start = 0; start < 5; start++)
    for (let end = start; end <= bytes.length; end++)
      expect(xxHash32Range(bytes, start, end)).toBe(Bun.hash.xxHash32(bytes.subarray(start, end)));
});

test("a big file shown again (kept line table) or changed in place gets its own exact version each time", () => {
  const lines = Array.from({ length: 30_000 }, (_, index) => `line ${index} ${"é".repeat(index % 7)}\r`);
  const first = Buffer.from(`${lines.join("\n")}\n`);
  const changed = Buffer.from(first);
  changed[100] = 0x78; // same length, other bytes
  for (const bytes of [first, first, changed, first]) {
    const version = shownVersion(bytes, [29_999, 1, 30_000, 30_001]);
    expect({ hashes: [...version.hashes], texts: version.texts }).toEqual(
      expected(bytes, [1, 29_999, 30_000]),
    );
    version.hashes.fill(0); // the answer's copy is its own: the kept table must not change
  }
});
