// Every line's text hash straight from a file's bytes (src/text/line-hashes.ts) is what hashing the decoded lines
// gives — UTF-8 (from the bytes), BOM, CRLF, lone `\r`, Latin-1, UTF-16: a streamed file's record follows outside
// changes with exactly the hashes a whole read would have.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { decodeDocument } from "../../src/text/codec.ts";
import { hashLines, versionHashes } from "../../src/text/line-hashes.ts";

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

function encode(body: string, encoding: string): Uint8Array {
  if (encoding === "bom") return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]);
  if (encoding === "latin1") return Buffer.concat([Buffer.from(body), Buffer.from([0xff, 0x0a, 0x41])]);
  if (encoding === "utf16le") return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, "utf16le")]);
  return Buffer.from(body);
}

test("property: the same line hashes as decoding the whole file", () => {
  fc.assert(
    fc.property(text, fc.constantFrom("utf8", "bom", "latin1", "utf16le"), (body, encoding) => {
      const bytes = encode(body, encoding);
      expect([...versionHashes(bytes)]).toEqual([...hashLines(decodeDocument(bytes).lines)]);
    }),
    { numRuns: 1000 },
  );
});

test("the hash of one line from its bytes equals Bun's for every length around the 16-byte stripes", () => {
  for (let length = 0; length <= 80; length++) {
    const line = Array.from({ length }, (_, index) => String.fromCharCode(97 + ((index * 7) % 26))).join("");
    const bytes = Buffer.from(`${line}\nnext\n`);
    expect([...versionHashes(bytes)]).toEqual([Bun.hash.xxHash32(line), Bun.hash.xxHash32("next")]);
  }
});
