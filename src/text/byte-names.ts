// File names are bytes, and lapp's strings carry them whole. Bytes of a name that are not valid UTF-8 are held one
// each as a lone surrogate, byte 0x80–0xFF as U+DC80–U+DCFF (Python's "surrogateescape", PEP 383). No valid UTF-8
// decodes to a lone surrogate, so such a string never names a file whose name is valid UTF-8; every call into the
// file system turns it back into exactly the bytes it came from (fsPath). Node's fs would instead write a lone
// surrogate as U+FFFD's bytes: another file, the one really named `x\uFFFD.txt`.

import { isUtf8 } from "node:buffer";

/** Lone surrogates stand for bytes only on systems whose names are bytes (not Windows, whose names are UTF-16). */
const NAMES_ARE_BYTES = process.platform !== "win32";
const ESCAPE_BASE = 0xdc00;

/** The string holding `bytes` (a name or a path): their UTF-8 text, each byte outside valid UTF-8 escaped. */
export function decodeName(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isUtf8(buffer) || !NAMES_ARE_BYTES) return buffer.toString("utf8");
  let text = "";
  let run = 0;
  for (let at = 0; at < buffer.length;) {
    const length = sequenceLength(buffer, at);
    if (length > 0) {
      at += length;
      continue;
    }
    text += buffer.toString("utf8", run, at) + String.fromCharCode(ESCAPE_BASE + buffer[at]!);
    run = ++at;
  }
  return text + buffer.toString("utf8", run);
}

/** The bytes `text` stands for; throws (EINVAL) for a lone surrogate that stands for no byte (see strayUnit). */
export function encodeName(text: string): Buffer {
  if (text.isWellFormed() || !NAMES_ARE_BYTES) return Buffer.from(text, "utf8");
  const parts: Buffer[] = [];
  let run = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff && isLow(text.charCodeAt(at + 1))) {
      at++; // a pair: one character, written as UTF-8 with its run
      continue;
    }
    if (unit < 0xdc80 || unit > 0xdcff) throw strayError(unit);
    parts.push(Buffer.from(text.slice(run, at), "utf8"), Buffer.of(unit - ESCAPE_BASE));
    run = at + 1;
  }
  parts.push(Buffer.from(text.slice(run), "utf8"));
  return Buffer.concat(parts);
}

/** What to hand Node's fs for `path`: the string itself when it holds no escaped byte, else its exact bytes. */
export function fsPath(path: string): string | Buffer {
  return path.isWellFormed() || !NAMES_ARE_BYTES ? path : encodeName(path);
}

/** The first lone surrogate of `text` that stands for no byte (outside U+DC80–U+DCFF), if there is one. */
export function strayUnit(text: string): number | undefined {
  if (text.isWellFormed() || !NAMES_ARE_BYTES) return undefined;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit <= 0xdbff && isLow(text.charCodeAt(at + 1))) at++;
    else if (unit < 0xdc80 || unit > 0xdcff) return unit;
  }
  return undefined;
}

/**
 * The one string for the bytes `text` stands for: escaped bytes that together are valid UTF-8 (`\udcc3\udca9`)
 * become their character (`é`), so one file never has two spellings (the session keys files by their path).
 */
export function canonicalName(text: string): string {
  return text.isWellFormed() || !NAMES_ARE_BYTES ? text : decodeName(encodeName(text));
}

/** `path`'s bytes and a NUL, for C; a path holding a NUL (never a real one) as the empty string, which C takes as none. */
export function cPath(path: string): Buffer {
  if (path.includes("\0")) return Buffer.of(0);
  return path.isWellFormed() || !NAMES_ARE_BYTES
    ? Buffer.from(`${path}\0`)
    : Buffer.concat([encodeName(path), Buffer.of(0)]);
}

/** Names (none holding a NUL: a listing's), each as its bytes and a NUL, one after the other. */
export function cNames(names: readonly string[]): Buffer {
  if (!NAMES_ARE_BYTES || names.every((name) => name.isWellFormed()))
    return Buffer.from(`${names.join("\0")}\0`);
  return Buffer.concat(names.flatMap((name) => [encodeName(name), Buffer.of(0)]));
}

/** The length of `path` in bytes as the system counts it (an escaped byte is one). */
export function byteLength(path: string): number {
  return path.isWellFormed() ? Buffer.byteLength(path) : encodeName(path).length;
}

const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

function strayError(unit: number): NodeJS.ErrnoException {
  const error = new Error(
    `EINVAL: U+${unit.toString(16).toUpperCase()} stands for no byte of a name`,
  ) as NodeJS.ErrnoException;
  error.code = "EINVAL";
  return error;
}

/**
 * Length of the valid UTF-8 sequence at `at` (RFC 3629: shortest form, no surrogates, at most U+10FFFF), else 0.
 */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  if (lead < 0x80) return 1;
  const next = (offset: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[at + offset];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return next(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const [low, high] = lead === 0xe0 ? [0xa0, 0xbf] : lead === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return next(1, low, high) && next(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const [low, high] = lead === 0xf0 ? [0x90, 0xbf] : lead === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return next(1, low, high) && next(2) && next(3) ? 4 : 0;
  }
  return 0;
}
