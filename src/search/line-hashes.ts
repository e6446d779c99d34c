// Every line's text hash of a UTF-8 file, straight from its bytes: xxHash32 (seed 0) of each line's bytes, which
// is what Bun.hash.xxHash32 gives for the decoded line (it hashes a string's UTF-8), without making the strings.

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
export function xxHash32Range(bytes: Uint8Array, start: number, end: number): number {
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

/**
 * The hash of every line of UTF-8 text in `bytes[textStart…]`, lines cut as decodeDocument cuts them: at each
 * `\n`, a CRLF's `\r` dropped, no empty line after a final terminator. `wanted` (ascending line numbers) get
 * their text decoded too.
 */
export function utf8LineHashes(
  bytes: Uint8Array,
  textStart: number,
  wanted: readonly number[] = [],
): { hashes: Uint32Array; texts: Array<[line: number, text: string]> } {
  let count = 0;
  for (let at = textStart; at < bytes.length;) {
    const newline = bytes.indexOf(NEWLINE, at);
    count++;
    if (newline === -1) break;
    at = newline + 1;
  }
  const hashes = new Uint32Array(count);
  const texts: Array<[number, string]> = [];
  let next = 0; // index in `wanted` of the next line whose text is wanted
  let line = 0;
  for (let at = textStart; at < bytes.length;) {
    const newline = bytes.indexOf(NEWLINE, at);
    const end = newline === -1 ? bytes.length : newline;
    const textEnd = newline !== -1 && end > at && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
    hashes[line++] = xxHash32Range(bytes, at, textEnd);
    while (next < wanted.length && wanted[next]! < line) next++;
    if (wanted[next] === line) texts.push([line, utf8.decode(bytes.subarray(at, textEnd))]);
    if (newline === -1) break;
    at = newline + 1;
  }
  return { hashes, texts };
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
