// The documents an edit session keeps between calls (src/session/known-documents.ts): none over its size bound —
// decided from the size of the bytes when that proves the document small, by counting its lines otherwise — and
// never more than the bound together, nor more than two files.
import "../support/fast-check-seed.ts";
import { expect, test } from "bun:test";
import * as fc from "fast-check";
import { KNOWN_DOCUMENTS_MAX_UNITS, KnownDocuments } from "../../src/session/known-documents.ts";
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

  const big = { ...small, lines: ["x".repeat(KNOWN_DOCUMENTS_MAX_UNITS)], terminators: ["" as const] };
  documents.remember("/r/big", 2n, big);
  expect(documents.get("/r/big")).toBeUndefined();
  // A size too large to prove anything: the lines are counted.
  documents.remember("/r/big", 2n, big, 2 * KNOWN_DOCUMENTS_MAX_UNITS);
  expect(documents.get("/r/big")).toBeUndefined();
  documents.remember("/r/small-but-big-bytes", 3n, small, 2 * KNOWN_DOCUMENTS_MAX_UNITS);
  expect(documents.get("/r/small-but-big-bytes")?.doc).toBe(small);
});

test("a 9 MB bundle is kept; documents over the bound together push out the oldest, two files at most", () => {
  const documents = new KnownDocuments();
  const doc = (units: number) => ({
    ...decodeDocument(Buffer.from("")),
    lines: ["y".repeat(units - 1)],
    terminators: ["" as const],
  });
  const bundle = doc(9_112_572);
  documents.remember("/r/typescript.js", 1n, bundle, 9_112_572);
  expect(documents.get("/r/typescript.js")?.doc).toBe(bundle);
  documents.remember("/r/a.ts", 2n, doc(1000), 999);
  expect(documents.get("/r/typescript.js")?.doc).toBe(bundle);
  // A third file: the oldest goes, whatever its size.
  documents.remember("/r/b.ts", 3n, doc(1000), 999);
  expect(documents.get("/r/typescript.js")).toBeUndefined();
  expect(documents.get("/r/a.ts")).toBeDefined();
  // Two big ones do not fit together: the newer stays.
  documents.remember("/r/typescript.js", 1n, bundle, 9_112_572);
  documents.remember("/r/_tsc.js", 4n, doc(9_000_000), 8_999_999);
  expect(documents.get("/r/typescript.js")).toBeUndefined();
  expect(documents.get("/r/_tsc.js")).toBeDefined();
  expect(documents.get("/r/b.ts")).toBeUndefined();
  // Remembered again under its path: replaced, not counted twice.
  for (let round = 0; round < 3; round++) documents.remember("/r/_tsc.js", 4n, doc(9_000_000), 8_999_999);
  documents.remember("/r/c.ts", 5n, doc(1000), 999);
  expect(documents.get("/r/_tsc.js")).toBeDefined();
  expect(documents.get("/r/c.ts")).toBeDefined();
});
