// The streaming page reader gives exactly what a whole-file read gives — rows, refs, totals, encoding — for any
// content, encoding, offset, limit and byte budget, with chunks small enough to cut through every construct.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeSync, mkdtempSync, openSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { LineIndex } from "../../src/files/line-index.ts";
import { readPageStreaming, type IndexUse } from "../../src/files/page-stream.ts";
import { readPage } from "../../src/hashline/page.ts";
import { decodeDocument, encodeText } from "../../src/text/codec.ts";

let directory: string;
beforeAll(() => {
  directory = realpathSync(mkdtempSync(join(tmpdir(), "lapp-stream-")));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let counter = 0;
function streamed(
  bytes: Uint8Array,
  offset: number,
  limit: number,
  maxBytes: number,
  chunk: number,
  index: IndexUse = {},
) {
  const file = join(directory, `f${counter++}`);
  writeFileSync(file, bytes);
  const fd = openSync(file, "r");
  try {
    const shown: [number, string][] = [];
    const result = readPageStreaming(
      fd,
      bytes.length,
      offset,
      limit,
      maxBytes,
      (line, text) => shown.push([line, text]),
      chunk,
      index,
    );
    return { ...result, shown };
  } finally {
    closeSync(fd);
    rmSync(file);
  }
}

/** What the whole-file path shows for the same request. */
function whole(bytes: Uint8Array, offset: number, limit: number, maxBytes: number) {
  const doc = decodeDocument(bytes);
  const page =
    offset > doc.lines.length
      ? { rows: [], firstLine: offset, lastLine: offset - 1, totalLines: doc.lines.length }
      : readPage(doc.lines, offset, limit, maxBytes);
  const shown: [number, string][] = [];
  for (let line = page.firstLine; line <= page.lastLine; line++) shown.push([line, doc.lines[line - 1]!]);
  return { encoding: doc.encoding, bom: doc.bom, page, shown };
}

const piece = fc.constantFrom("a", "é", "😀", "}", " ", "\t", "\r", "x".repeat(30), "\u0a0a", "\u00ff");
const text = fc
  .array(fc.tuple(fc.string({ unit: piece, maxLength: 6 }), fc.constantFrom("\n", "\r\n", "")), {
    maxLength: 25,
  })
  .map((lines) => lines.map(([body, end]) => body + (end === "" ? "\n" : end)).join(""));
const fileBytes = fc.oneof(
  text.chain((content) =>
    fc.constantFrom("utf-8", "utf-8-bom", "utf-16le", "utf-16be").map((kind) => {
      const encoding = kind === "utf-8-bom" ? "utf-8" : kind;
      const encoded = encodeText(content, encoding as "utf-8", kind !== "utf-8");
      if (!encoded.ok) throw encoded.error;
      return encoded.value;
    }),
  ),
  // Latin-1 (invalid UTF-8 somewhere, maybe only near the end) and oddities like a BOM followed by junk.
  fc
    .tuple(
      fc.constantFrom([], [0xef, 0xbb, 0xbf], [0xff, 0xfe]),
      text,
      fc.constantFrom([0xe9], [0xff, 0x0a], [0xc3]),
    )
    .map(([prefix, body, junk]) => Uint8Array.from([...prefix, ...new TextEncoder().encode(body), ...junk])),
  text.map((body) => new TextEncoder().encode(body + "no final newline")),
);

describe("streaming equals whole-file reading", () => {
  test("property: same rows, refs, totals, encoding and shown lines", () => {
    fc.assert(
      fc.property(
        fileBytes,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom(10, 40, 120, 100_000),
        fc.constantFrom(4, 6, 8, 16, 64, 1 << 20),
        (bytes, offset, limit, maxBytes, chunk) => {
          const expected = whole(bytes, offset, limit, maxBytes);
          const actual = streamed(bytes, offset, limit, maxBytes, chunk);
          expect(actual.encoding).toBe(expected.encoding);
          expect(actual.bom).toBe(expected.bom);
          expect(actual.page).toEqual(expected.page);
          expect(actual.shown).toEqual(expected.shown);
        },
      ),
      { numRuns: 1500 },
    );
  });

  test("property: a page read from the file's line index equals the whole-file read", () => {
    let fromIndex = 0;
    fc.assert(
      fc.property(
        fileBytes,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(4, 8, 64, 1 << 20),
        (bytes, firstOffset, offset, limit, every, chunk) => {
          let learned: LineIndex | undefined;
          streamed(bytes, firstOffset, limit, 100_000, chunk, {
            every,
            learned: (index) => (learned = index),
          });
          expect(learned).toBeDefined();
          let fell = false;
          const actual = streamed(bytes, offset, limit, 100_000, chunk, {
            known: learned,
            learned: () => (fell = true),
          });
          if (!fell) fromIndex++;
          expect(fell).toBe(false); // the same bytes: the index always holds
          const expected = whole(bytes, offset, limit, 100_000);
          expect(actual.encoding).toBe(expected.encoding);
          expect(actual.bom).toBe(expected.bom);
          expect(actual.page).toEqual(expected.page);
          expect(actual.shown).toEqual(expected.shown);
        },
      ),
      { numRuns: 1500 },
    );
    expect(fromIndex).toBe(1500);
  });

  test("an index whose checkpoint no longer follows a newline is not used: the file is scanned again", () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    let learned: LineIndex | undefined;
    streamed(encode("a\nb\nc\nd\n"), 1, 1, 1000, 8, { every: 1, learned: (index) => (learned = index) });
    // Same size, other lines: line 2's checkpoint (byte 2) now sits after "b", not after a newline.
    let rescanned = false;
    const page = streamed(encode("abc\nefg\n"), 2, 2, 1000, 8, {
      known: learned,
      learned: () => (rescanned = true),
    });
    expect(rescanned).toBe(true);
    expect(page.page).toEqual(whole(encode("abc\nefg\n"), 2, 2, 1000).page);
    expect(page.shown).toEqual([[2, "efg"]]);
  });

  test("a line longer than a chunk, and the last page of a file", () => {
    const long = "y".repeat(5000);
    const bytes = new TextEncoder().encode(`first\n${long}\nthird\r\nlast`);
    for (const offset of [1, 2, 3, 4]) {
      expect(streamed(bytes, offset, 2, 1 << 20, 64).page).toEqual(whole(bytes, offset, 2, 1 << 20).page);
    }
  });

  test("an empty file and a BOM-only file have no lines", () => {
    expect(streamed(new Uint8Array(), 1, 10, 1000, 8).page.totalLines).toBe(0);
    expect(streamed(Uint8Array.from([0xef, 0xbb, 0xbf]), 1, 10, 1000, 8)).toMatchObject({
      bom: true,
      page: { totalLines: 0 },
    });
  });
});
