// The chunk helpers of the streaming reader, checked against a plain split of the whole buffer.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { lastNewlineEnd, scanNewlines, terminatorWidth, utf8WholePrefix } from "../../src/text/chunk-scan.ts";
import type { Encoding } from "../../src/text/document.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("utf8WholePrefix", () => {
  test("cuts an unfinished sequence at the end, keeps finished ones", () => {
    expect(utf8WholePrefix(utf8("abc"))).toBe(3);
    const euro = utf8("a€"); // 61 e2 82 ac
    expect(utf8WholePrefix(euro)).toBe(4);
    expect(utf8WholePrefix(euro.subarray(0, 3))).toBe(1);
    expect(utf8WholePrefix(euro.subarray(0, 2))).toBe(1);
    const emoji = utf8("😀"); // f0 9f 98 80
    expect(utf8WholePrefix(emoji.subarray(0, 3))).toBe(0);
    expect(utf8WholePrefix(emoji)).toBe(4);
  });

  test("property: the cut never splits a character and leaves at most 3 bytes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), fc.nat(), (text, cutSeed) => {
        const all = utf8(text);
        const cut = all.length === 0 ? 0 : cutSeed % (all.length + 1);
        const chunk = all.subarray(0, cut);
        const whole = utf8WholePrefix(chunk);
        expect(cut - whole).toBeLessThanOrEqual(3);
        expect(() =>
          new TextDecoder("utf-8", { fatal: true }).decode(chunk.subarray(0, whole)),
        ).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

function encode(text: string, encoding: Encoding): Uint8Array {
  if (encoding === "utf-8") return utf8(text);
  const out = new Uint8Array(text.length * 2);
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    out[index * 2] = encoding === "utf-16le" ? unit & 0xff : unit >> 8;
    out[index * 2 + 1] = encoding === "utf-16le" ? unit >> 8 : unit & 0xff;
  }
  return out;
}

describe("scanNewlines", () => {
  const encodings: Encoding[] = ["utf-8", "utf-16le", "utf-16be"];
  test("finds exactly the newline units, in every encoding, across chunk boundaries", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "\n", "\r", "ċ", "\u0a0a", "\u0a00", "😀"),
      maxLength: 40,
    });
    fc.assert(
      fc.property(
        text,
        fc.constantFrom(...encodings),
        fc.integer({ min: 1, max: 8 }),
        (input, encoding, halfChunk) => {
          const all = encode(input, encoding);
          const chunkSize = halfChunk * 2; // even, as the reader guarantees for UTF-16
          const starts: number[] = [];
          let line = 1;
          let lastEnd = -1;
          for (let at = 0; at < all.length; at += chunkSize) {
            const chunk = all.subarray(at, at + chunkSize);
            const before = line;
            line = scanNewlines(chunk, at, encoding, line, { from: 2, to: 1e9 }, (_, start) =>
              starts.push(start),
            );
            if (line !== before) lastEnd = at + lastNewlineEnd(chunk, encoding);
          }
          const unit = encoding === "utf-8" ? 1 : 2;
          const expected: number[] = [];
          if (encoding === "utf-8") {
            for (let index = 0; index < all.length; index++)
              if (all[index] === 0x0a) expected.push(index + 1);
          } else {
            for (let index = 0; index < input.length; index++)
              if (input[index] === "\n") expected.push((index + 1) * unit);
          }
          expect(starts).toEqual(expected);
          expect(line).toBe(expected.length + 1);
          expect(lastEnd).toBe(expected.at(-1) ?? -1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  test("reports only the lines of the window", () => {
    const seen: [number, number][] = [];
    const line = scanNewlines(utf8("a\nb\nc\nd\n"), 100, "utf-8", 1, { from: 2, to: 3 }, (n, start) =>
      seen.push([n, start]),
    );
    expect(line).toBe(5);
    expect(seen).toEqual([
      [2, 102],
      [3, 104],
    ]);
  });
});

describe("terminatorWidth", () => {
  test("LF, CRLF and none in each encoding", () => {
    expect(terminatorWidth(utf8("ab\n"), "utf-8")).toBe(1);
    expect(terminatorWidth(utf8("ab\r\n"), "latin1")).toBe(2);
    expect(terminatorWidth(utf8("ab"), "utf-8")).toBe(0);
    expect(terminatorWidth(utf8("\r"), "utf-8")).toBe(0);
    expect(terminatorWidth(encode("a\r\n", "utf-16le"), "utf-16le")).toBe(4);
    expect(terminatorWidth(encode("a\n", "utf-16be"), "utf-16be")).toBe(2);
    expect(terminatorWidth(encode("\u0a0a", "utf-16le"), "utf-16le")).toBe(0);
  });
});
