// The documents an edit session keeps between calls (src/session/known-documents.ts): none over its size bound —
// decided from the size of the bytes when that proves the document small, by counting its lines otherwise.
import "../support/fast-check-seed.ts";
import { expect, test } from "bun:test";
import * as fc from "fast-check";
import { KnownDocuments } from "../../src/session/known-documents.ts";
import { decodeDocument } from "../../src/text/codec.ts";

const unitsOf = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);

test("property: a decoded document never has more UTF-16 units (one more per line) than its bytes plus one", () => {
  const piece = fc.constantFrom("a", "é", "€", "😀", "\n", "\r\n", "\r", "\xff", "\x00", " ");
  const prefix = fc.constantFrom<number[]>([], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]);
  fc.assert(
    fc.property(
      prefix,
      fc.array(piece, { maxLength: 60 }),
      fc.uint8Array({ maxLength: 20 }),
      (bom, parts, raw) => {
        const bytes = Buffer.concat([Buffer.from(bom), Buffer.from(parts.join("")), Buffer.from(raw)]);
        expect(unitsOf(decodeDocument(bytes).lines)).toBeLessThanOrEqual(bytes.length + 1);
      },
    ),
    { numRuns: 2000 },
  );
});

test("a document is kept when its size proves it small, and one over the bound is not", () => {
  const documents = new KnownDocuments();
  const small = decodeDocument(Buffer.from("one\ntwo\n"));
  documents.remember("/r/small", 1n, small, 8);
  expect(documents.get("/r/small")?.doc).toBe(small);

  const big = { ...small, lines: ["x".repeat(4 * 1024 * 1024)], terminators: ["" as const] };
  documents.remember("/r/big", 2n, big);
  expect(documents.get("/r/big")).toBeUndefined();
  // A size too large to prove anything: the lines are counted.
  documents.remember("/r/big", 2n, big, 8 * 1024 * 1024);
  expect(documents.get("/r/big")).toBeUndefined();
  documents.remember("/r/small-but-big-bytes", 3n, small, 8 * 1024 * 1024);
  expect(documents.get("/r/small-but-big-bytes")?.doc).toBe(small);
});
