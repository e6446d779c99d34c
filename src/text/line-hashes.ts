// The text hash of a line (what lapp's record of shown rows compares versions by), for decoded lines and, for
// UTF-8, straight from a file's bytes: xxHash32 of a line's bytes is Bun's hash of the decoded line (which hashes a
// string's UTF-8), so a big file read by streaming gets every line's hash without a string per line.

import { isUtf8 } from "node:buffer";
import { bomOf, decodeDocument } from "./codec.ts";

/** The text hash of one line (terminator excluded). */
export function textHash(text: string): number {
  return Bun.hash.xxHash32(text);
}

export function hashLines(lines: readonly string[]): Uint32Array {
  const hashes = new Uint32Array(lines.length);
  for (let index = 0; index < lines.length; index++) hashes[index] = textHash(lines[index]!);
  return hashes;
}

/**
 * How many lines the bytes hold and the text of the lines `wanted` (numbers from 1), as decodeDocument would give
 * them — without decoding the rest of a UTF-8 file (other encodings are decoded whole).
 */
export function someLines(
  bytes: Uint8Array,
  wanted: Iterable<number>,
): { count: number; lines: (string | undefined)[] } {
  const announced = bomOf(bytes, bytes.length);
  const want = new Set(wanted);
  if (announced.encoding !== "utf-8" || !isUtf8(bytes.subarray(announced.bomLength))) {
    const all = decodeDocument(bytes).lines;
    return { count: all.length, lines: all.map((text, index) => (want.has(index + 1) ? text : undefined)) };
  }
  const lines: (string | undefined)[] = [];
  let count = 0;
  for (let at = announced.bomLength; at < bytes.length;) {
    const newline = bytes.indexOf(NEWLINE, at);
    count++;
    if (want.has(count)) lines[count - 1] = utf8.decode(bytes.subarray(at, lineEnd(bytes, at, newline)));
    if (newline === -1) break;
    at = newline + 1;
  }
  lines.length = count;
  return { count, lines };
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** `hashLines(decodeDocument(bytes).lines)`, from the bytes themselves when they are UTF-8. */
export function versionHashes(bytes: Uint8Array): Uint32Array {
  const announced = bomOf(bytes, bytes.length);
  if (announced.encoding === "utf-8" && isUtf8(bytes.subarray(announced.bomLength)))
    return utf8Lines(bytes, announced.bomLength).hashes;
  return hashLines(decodeDocument(bytes).lines);
}

const PRIME1 = 0x9e3779b1;
const PRIME2 = 0x85ebca77;
const PRIME3 = 0xc2b2ae3d;
const PRIME4 = 0x27d4eb2f;
const PRIME5 = 0x165667b1;
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;

const rotl = (value: number, bits: number) => (value << bits) | (value >>> (32 - bits));

function word(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24);
}

/** xxHash32 with seed 0 of `bytes[start, end)`. */
function xxHash32Range(bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  let at = start;
  let acc: number;
  if (length >= 16) {
    let v1 = (PRIME1 + PRIME2) | 0;
    let v2 = PRIME2 | 0;
    let v3 = 0;
    let v4 = -PRIME1 | 0;
    const limit = end - 16;
    while (at <= limit) {
      v1 = Math.imul(rotl((v1 + Math.imul(word(bytes, at), PRIME2)) | 0, 13), PRIME1);
      v2 = Math.imul(rotl((v2 + Math.imul(word(bytes, at + 4), PRIME2)) | 0, 13), PRIME1);
      v3 = Math.imul(rotl((v3 + Math.imul(word(bytes, at + 8), PRIME2)) | 0, 13), PRIME1);
      v4 = Math.imul(rotl((v4 + Math.imul(word(bytes, at + 12), PRIME2)) | 0, 13), PRIME1);
      at += 16;
    }
    acc = (rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18)) | 0;
  } else acc = PRIME5 | 0;
  acc = (acc + length) | 0;
  while (at + 4 <= end) {
    acc = Math.imul(rotl((acc + Math.imul(word(bytes, at), PRIME3)) | 0, 17), PRIME4);
    at += 4;
  }
  while (at < end) {
    acc = Math.imul(rotl((acc + Math.imul(bytes[at]!, PRIME5)) | 0, 11), PRIME1);
    at++;
  }
  acc ^= acc >>> 15;
  acc = Math.imul(acc, PRIME2);
  acc ^= acc >>> 13;
  acc = Math.imul(acc, PRIME3);
  acc ^= acc >>> 16;
  return acc >>> 0;
}

/** Every line's hash and where it starts, of UTF-8 text: what a shown version needs, and can be kept for reuse. */
interface Utf8Lines {
  hashes: Uint32Array;
  /** Byte offset where each line starts. */
  starts: Uint32Array;
}

/**
 * The hash of every line of UTF-8 text in `bytes[textStart…]`, lines cut as decodeDocument cuts them: at each
 * `\n`, a CRLF's `\r` dropped, no empty line after a final terminator.
 */
function utf8Lines(bytes: Uint8Array, textStart: number): Utf8Lines {
  let count = 0;
  for (let at = textStart; at < bytes.length;) {
    const newline = bytes.indexOf(NEWLINE, at);
    count++;
    if (newline === -1) break;
    at = newline + 1;
  }
  const hashes = new Uint32Array(count);
  const starts = new Uint32Array(count);
  let line = 0;
  for (let at = textStart; at < bytes.length;) {
    const newline = bytes.indexOf(NEWLINE, at);
    starts[line] = at;
    hashes[line++] = xxHash32Range(bytes, at, lineEnd(bytes, at, newline));
    if (newline === -1) break;
    at = newline + 1;
  }
  return { hashes, starts };
}

/** Where a line's text ends: before its `\n`, and before the `\r` of a CRLF. */
function lineEnd(bytes: Uint8Array, start: number, newline: number): number {
  if (newline === -1) return bytes.length;
  return newline > start && bytes[newline - 1] === CARRIAGE_RETURN ? newline - 1 : newline;
}
