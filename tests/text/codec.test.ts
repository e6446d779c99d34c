// Fidelity of the codec: every encoding and terminator case decodes and encodes back to the same bytes, and any
// non-binary byte string whatsoever round-trips (property). Latin-1 refuses what it cannot hold.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { isBinary } from "../../src/text/binary.ts";
import {
  bomOf,
  decodeBytes,
  decodeDocument,
  encodeDocument,
  encodeDocumentTransient,
  encodeText,
} from "../../src/text/codec.ts";
import { documentFromText } from "../../src/text/document.ts";

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "utf8")] : part)),
  );
const utf16 = (text: string, littleEndian: boolean): number[] => {
  const out: number[] = littleEndian ? [0xff, 0xfe] : [0xfe, 0xff];
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    out.push(...(littleEndian ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff]));
  }
  return out;
};

function roundTrip(input: Uint8Array): Uint8Array {
  const encoded = encodeDocument(decodeDocument(input));
  if (!encoded.ok) throw encoded.error;
  return encoded.value;
}

const CASES: { name: string; input: Uint8Array; encoding: string; bom: boolean; lines: string[] }[] = [
  { name: "LF", input: bytes("a\nb\n"), encoding: "utf-8", bom: false, lines: ["a", "b"] },
  { name: "CRLF", input: bytes("a\r\nb\r\n"), encoding: "utf-8", bom: false, lines: ["a", "b"] },
  {
    name: "mixed terminators",
    input: bytes("a\r\nb\nc\r\n"),
    encoding: "utf-8",
    bom: false,
    lines: ["a", "b", "c"],
  },
  { name: "no final newline", input: bytes("a\nb"), encoding: "utf-8", bom: false, lines: ["a", "b"] },
  {
    name: "lone CR stays in the line",
    input: bytes("a\rb\n"),
    encoding: "utf-8",
    bom: false,
    lines: ["a\rb"],
  },
  { name: "UTF-8 BOM", input: bytes([0xef, 0xbb, 0xbf], "é\n"), encoding: "utf-8", bom: true, lines: ["é"] },
  { name: "only a BOM", input: bytes([0xef, 0xbb, 0xbf]), encoding: "utf-8", bom: true, lines: [] },
  { name: "empty", input: bytes(""), encoding: "utf-8", bom: false, lines: [] },
  {
    name: "UTF-16 LE",
    input: bytes(utf16("añ\r\n😀\n", true)),
    encoding: "utf-16le",
    bom: true,
    lines: ["añ", "😀"],
  },
  {
    name: "UTF-16 BE",
    input: bytes(utf16("x\ny", false)),
    encoding: "utf-16be",
    bom: true,
    lines: ["x", "y"],
  },
  {
    name: "UTF-16 lone surrogate",
    input: bytes(utf16("a\ud800b\n", true)),
    encoding: "utf-16le",
    bom: true,
    lines: ["a\ud800b"],
  },
  {
    name: "Latin-1",
    input: bytes([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    encoding: "latin1",
    bom: false,
    lines: ["café"],
  },
  {
    name: "UTF-8 BOM then invalid UTF-8 is Latin-1, BOM bytes kept in line 1",
    input: bytes([0xef, 0xbb, 0xbf, 0xff, 0x0a]),
    encoding: "latin1",
    bom: false,
    lines: ["ï»¿ÿ"],
  },
  {
    name: "odd-sized UTF-16 is Latin-1 (every byte kept)",
    input: bytes([0xff, 0xfe, 0x61, 0x00, 0x62]),
    encoding: "latin1",
    bom: false,
    lines: ["ÿþa\u0000b"],
  },
  {
    name: "overlong UTF-8 is Latin-1",
    input: bytes([0xc0, 0xaf, 0x0a]),
    encoding: "latin1",
    bom: false,
    lines: ["À¯"],
  },
  {
    name: "UTF-8 surrogate is Latin-1",
    input: bytes([0xed, 0xa0, 0x80]),
    encoding: "latin1",
    bom: false,
    lines: ["í\u00a0\u0080"],
  },
];

describe("every encoding and terminator case round-trips byte for byte", () => {
  for (const { name, input, encoding, bom, lines } of CASES) {
    test(name, () => {
      const doc = decodeDocument(input);
      expect(doc.encoding).toBe(encoding as never);
      expect(doc.bom).toBe(bom);
      expect(doc.lines).toEqual(lines);
      expect(roundTrip(input)).toEqual(input);
    });
  }
});

describe("properties", () => {
  test("the commit's encoding into a reused buffer gives the same bytes as encodeDocument", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", " ", "\n", "\r\n", "é", "😀", "\u00ff", "€", "中", "x".repeat(40)),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(text, fc.boolean()), { minLength: 1, maxLength: 4 }), (documents) => {
        // Several in a row: each result is read before the next call reuses the buffer.
        for (const [content, bom] of documents) {
          const doc = { ...documentFromText(content), bom };
          const transient = encodeDocumentTransient(doc);
          const plain = encodeDocument(doc);
          if (!transient.ok || !plain.ok) throw new Error("UTF-8 always encodes");
          expect(Buffer.from(transient.value).equals(Buffer.from(plain.value))).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test("any non-binary bytes decode and encode back to themselves", () => {
    const arbitraryBytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      // Bias towards the interesting prefixes and terminators.
      fc
        .tuple(
          fc.constantFrom([], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]),
          fc.array(fc.constantFrom(0x0a, 0x0d, 0x61, 0xe9, 0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80, 0x00, 0xd8), {
            maxLength: 60,
          }),
        )
        .map(([prefix, body]) => Uint8Array.from([...prefix, ...body])),
    );
    fc.assert(
      fc.property(arbitraryBytes, (input) => {
        if (isBinary(input)) return;
        expect(roundTrip(input)).toEqual(input);
      }),
      { numRuns: 2000 },
    );
  });

  test("UTF-16 documents round-trip any string, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.boolean(), (text, littleEndian) => {
        const encoded = encodeText(text, littleEndian ? "utf-16le" : "utf-16be", true);
        if (!encoded.ok) throw encoded.error;
        const decoded = decodeBytes(encoded.value);
        expect(decoded.text).toBe(text);
        expect(roundTrip(encoded.value)).toEqual(encoded.value);
      }),
      { numRuns: 500 },
    );
  });
});

describe("Latin-1", () => {
  test("new text it cannot hold is ENCODING_UNREPRESENTABLE naming the character and line", () => {
    const doc = { ...documentFromText("one\ntwo Ω\n", "latin1") };
    const encoded = encodeDocument(doc);
    expect(encoded.ok).toBe(false);
    if (encoded.ok) return;
    expect(encoded.error.code).toBe("ENCODING_UNREPRESENTABLE");
    expect(encoded.error.summary).toContain("U+03A9");
    expect(encoded.error.summary).toContain("line 2");
  });

  test("every byte 0x00–0xFF survives", () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index).filter((byte) => byte !== 0);
    const input = Uint8Array.from([0xff, ...all]); // starts invalid, so it is Latin-1
    expect(decodeDocument(input).encoding).toBe("latin1");
    expect(roundTrip(input)).toEqual(input);
  });
});

describe("bomOf", () => {
  test("a UTF-16 BOM counts only when the size is even", () => {
    expect(bomOf(Uint8Array.from([0xff, 0xfe, 0x61, 0x00]), 4)).toEqual({
      encoding: "utf-16le",
      bomLength: 2,
    });
    expect(bomOf(Uint8Array.from([0xfe, 0xff]), 1001)).toEqual({ encoding: "utf-8", bomLength: 0 });
    expect(bomOf(Uint8Array.from([0xef, 0xbb, 0xbf]), 3)).toEqual({ encoding: "utf-8", bomLength: 3 });
  });
});
