// Binary detection: a NUL in the first 8 KiB or a known signature is binary; UTF-16 with a BOM is text;
// png/jpeg/gif/webp are recognised as images.
import { describe, expect, test } from "bun:test";
import { BINARY_SNIFF_BYTES, imageType, isBinary } from "../../src/text/binary.ts";

const ascii = (text: string) => Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
const withPrefix = (prefix: number[], rest = "text after the signature\n") =>
  Uint8Array.from([...prefix, ...ascii(rest)]);

describe("isBinary", () => {
  test("a NUL byte in the first 8 KiB is binary, one after it is not looked at", () => {
    const early = new Uint8Array(BINARY_SNIFF_BYTES).fill(0x61);
    early[BINARY_SNIFF_BYTES - 1] = 0;
    expect(isBinary(early)).toBe(true);
    const late = new Uint8Array(BINARY_SNIFF_BYTES + 10).fill(0x61);
    late[BINARY_SNIFF_BYTES] = 0;
    expect(isBinary(late)).toBe(false);
  });

  test("plain text, empty files and UTF-16 with a BOM (full of NULs) are text", () => {
    expect(isBinary(ascii("hello\n"))).toBe(false);
    expect(isBinary(new Uint8Array())).toBe(false);
    expect(isBinary(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]))).toBe(false);
    expect(isBinary(Uint8Array.from([0xfe, 0xff, 0x00, 0x61]))).toBe(false);
  });

  const signatures: [string, number[]][] = [
    ["png", [0x89, 0x50, 0x4e, 0x47]],
    ["jpeg", [0xff, 0xd8, 0xff]],
    ["gif", [...ascii("GIF89a")]],
    ["pdf", [...ascii("%PDF-1.7")]],
    ["zip", [0x50, 0x4b, 0x03, 0x04]],
    ["gzip", [0x1f, 0x8b]],
    ["elf", [0x7f, 0x45, 0x4c, 0x46]],
    ["mach-o", [0xcf, 0xfa, 0xed, 0xfe]],
    ["java class", [0xca, 0xfe, 0xba, 0xbe]],
    ["bzip2", [...ascii("BZh9")]],
    ["xz", [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
    ["zstd", [0x28, 0xb5, 0x2f, 0xfd]],
    ["7z", [...ascii("7z\xbc\xaf")]],
  ];
  for (const [name, signature] of signatures) {
    test(`a ${name} signature is binary even without a NUL`, () => {
      expect(isBinary(withPrefix(signature))).toBe(true);
    });
  }
});

describe("imageType", () => {
  test("png, jpeg, gif and webp", () => {
    expect(imageType(withPrefix([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(imageType(withPrefix([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(imageType(ascii("GIF87a...."))).toBe("image/gif");
    expect(imageType(ascii("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("image/webp");
  });

  test("other RIFF files and plain text are not images", () => {
    expect(imageType(ascii("RIFF\x10\x00\x00\x00WAVEfmt "))).toBeUndefined();
    expect(imageType(ascii("GIF is a format"))).toBeUndefined();
  });
});
