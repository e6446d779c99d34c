// Bytes ⇄ text for the encodings lapp edits: UTF-8 (± BOM), UTF-16 LE/BE with BOM, Latin-1 fallback.
// Latin-1 maps every byte to one code unit, so any non-UTF-8 text file round-trips byte for byte.

import { fail, ok, type Result } from "../errors.ts";
import { type Encoding, type TextDocument, joinedParts, joinLines, splitLines } from "./document.ts";
import { latin1Unrepresentable } from "./messages.ts";
import type { ChangedRegion } from "./changed-region.ts";
import { KEPT_FILE_MAX_BYTES } from "../limits.ts";
import { ScratchBuffer } from "./scratch-buffer.ts";
import { spliceEncode } from "./splice-encode.ts";

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const utf8Strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const utf8Encoder = new TextEncoder();

export interface DecodedText {
  encoding: Encoding;
  bom: boolean;
  text: string;
}

/**
 * The encoding the first bytes announce: a UTF-16 BOM (only when the size is even: an odd size cannot be
 * UTF-16, and such a file is kept byte for byte as Latin-1), a UTF-8 BOM, or none. Shared with the streaming
 * reader so a page of a huge file decodes exactly like the whole file would.
 */
export function bomOf(
  head: Uint8Array,
  totalSize: number,
): { encoding: "utf-16le" | "utf-16be" | "utf-8"; bomLength: number } {
  if (head.length >= 2 && totalSize % 2 === 0) {
    if (head[0] === 0xff && head[1] === 0xfe) return { encoding: "utf-16le", bomLength: 2 };
    if (head[0] === 0xfe && head[1] === 0xff) return { encoding: "utf-16be", bomLength: 2 };
  }
  if (head.length >= 3 && head[0] === UTF8_BOM[0] && head[1] === UTF8_BOM[1] && head[2] === UTF8_BOM[2]) {
    return { encoding: "utf-8", bomLength: 3 };
  }
  return { encoding: "utf-8", bomLength: 0 };
}

/** Detects the encoding and decodes. Never fails: invalid UTF-8 falls back to Latin-1. */
export function decodeBytes(bytes: Uint8Array): DecodedText {
  const announced = bomOf(bytes, bytes.length);
  if (announced.encoding !== "utf-8") {
    const littleEndian = announced.encoding === "utf-16le";
    return { encoding: announced.encoding, bom: true, text: utf16Decode(bytes.subarray(2), littleEndian) };
  }
  if (announced.bomLength === 3) {
    const text = tryUtf8(bytes.subarray(3));
    if (text !== undefined) return { encoding: "utf-8", bom: true, text };
    // A UTF-8 BOM followed by invalid UTF-8: keep every byte, BOM bytes included, as Latin-1.
    return { encoding: "latin1", bom: false, text: latin1Decode(bytes) };
  }
  const text = tryUtf8(bytes);
  if (text !== undefined) return { encoding: "utf-8", bom: false, text };
  return { encoding: "latin1", bom: false, text: latin1Decode(bytes) };
}

/** Decodes bytes into a line document. */
export function decodeDocument(bytes: Uint8Array): TextDocument {
  const { encoding, bom, text } = decodeBytes(bytes);
  const { lines, terminators } = splitLines(text);
  return { encoding, bom, lines, terminators };
}

/** Encodes a document back to bytes in its own encoding; Latin-1 refuses characters above U+00FF. */
export function encodeDocument(doc: TextDocument): Result<Uint8Array> {
  return encodeText(joinLines(doc.lines, doc.terminators), doc.encoding, doc.bom);
}

/** Encoded documents up to KEPT_FILE_MAX_BYTES go into one reused buffer (a larger one gets a buffer of its own). */
const scratch = new ScratchBuffer(KEPT_FILE_MAX_BYTES);

/**
 * `encodeDocument` for bytes that are written and checked at once and never kept (a commit): UTF-8 goes into one
 * reused buffer, valid until the next call. A fresh buffer per edit call was one of the larger pieces of garbage
 * an edit left, and collecting it showed up in the next call's time.
 */
export function encodeDocumentTransient(doc: TextDocument): Result<Uint8Array> {
  if (doc.encoding !== "utf-8") return encodeDocument(doc);
  const { body, tail } = joinedParts(doc.lines, doc.terminators);
  const bomLength = doc.bom ? UTF8_BOM.length : 0;
  const units = body.length + tail.length;
  // Sized for ASCII plus some wider characters first (most code); text with more is encoded again, into a
  // buffer that fits any text (3 bytes per UTF-16 unit at most).
  for (const size of [bomLength + units + Math.min(units, WIDE_HEADROOM_BYTES), bomLength + 3 * units]) {
    const target = scratch.take(size);
    if (target === undefined) break;
    if (doc.bom) target.set(UTF8_BOM, 0);
    const first = utf8Encoder.encodeInto(body, target.subarray(bomLength));
    if (first.read !== body.length) continue;
    const second = utf8Encoder.encodeInto(tail, target.subarray(bomLength + first.written));
    if (second.read === tail.length)
      return ok(target.subarray(0, bomLength + first.written + second.written));
  }
  return encodeText(body + tail, doc.encoding, doc.bom);
}

/**
 * `encodeDocumentTransient` for a document lapp just edited, given the bytes of the version it edited (when still
 * at hand): the unchanged lines' bytes are copied from them (splice-encode.ts).
 */
export function encodeEditedTransient(
  before: { doc: TextDocument; bytes: () => Uint8Array | undefined },
  after: TextDocument,
  regions: readonly ChangedRegion[],
): Result<Uint8Array> {
  // Past the reused buffer's cap, a buffer of its own still beats joining and encoding every line again.
  const spliced = spliceEncode(before, after, regions, (size) => scratch.take(size) ?? new Uint8Array(size));
  return spliced ? ok(spliced) : encodeDocumentTransient(after);
}

/** Room for the extra bytes of non-ASCII characters in the first try of encodeDocumentTransient. */
const WIDE_HEADROOM_BYTES = 64 * 1024;

export function encodeText(text: string, encoding: Encoding, bom: boolean): Result<Uint8Array> {
  switch (encoding) {
    case "utf-8": {
      const body = utf8Encoder.encode(text);
      if (!bom) return ok(body);
      const out = new Uint8Array(body.length + 3);
      out.set(UTF8_BOM, 0);
      out.set(body, 3);
      return ok(out);
    }
    case "utf-16le":
    case "utf-16be":
      return ok(utf16Encode(text, encoding === "utf-16le", bom));
    case "latin1":
      return latin1Encode(text);
  }
}

function tryUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    return undefined;
  }
}

const CHUNK = 8192;

/** Decodes the bytes of one line (no BOM, no terminator) in a known encoding; used by the streaming reader. */
export function decodeLineBytes(bytes: Uint8Array, encoding: Encoding): string {
  switch (encoding) {
    case "utf-8":
      return utf8Lenient.decode(bytes);
    case "latin1":
      return latin1Decode(bytes);
    case "utf-16le":
    case "utf-16be":
      return utf16Decode(bytes, encoding === "utf-16le");
  }
}

const utf8Lenient = new TextDecoder("utf-8", { ignoreBOM: true });

function latin1Decode(bytes: Uint8Array): string {
  let out = "";
  for (let start = 0; start < bytes.length; start += CHUNK) {
    out += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return out;
}

function latin1Encode(text: string): Result<Uint8Array> {
  const out = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 0xff) {
      const lineNumber = text.slice(0, index).split("\n").length;
      const codePoint = text.codePointAt(index)!;
      const { summary, details } = latin1Unrepresentable(
        String.fromCodePoint(codePoint),
        codePoint,
        lineNumber,
      );
      return fail("ENCODING_UNREPRESENTABLE", summary, details);
    }
    out[index] = code;
  }
  return ok(out);
}

function utf16Decode(bytes: Uint8Array, littleEndian: boolean): string {
  const units = Math.floor(bytes.length / 2);
  let out = "";
  const chunk: number[] = [];
  for (let unit = 0; unit < units; unit++) {
    const low = bytes[unit * 2]!;
    const high = bytes[unit * 2 + 1]!;
    chunk.push(littleEndian ? low | (high << 8) : (low << 8) | high);
    if (chunk.length === CHUNK) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  out += String.fromCharCode(...chunk);
  // Whole files of odd size never get here (bomOf); a line slice always holds whole units.
  return out;
}

function utf16Encode(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const offset = bom ? 2 : 0;
  const out = new Uint8Array(offset + text.length * 2);
  if (bom) {
    out[0] = littleEndian ? 0xff : 0xfe;
    out[1] = littleEndian ? 0xfe : 0xff;
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const position = offset + index * 2;
    out[position] = littleEndian ? code & 0xff : code >> 8;
    out[position + 1] = littleEndian ? code >> 8 : code & 0xff;
  }
  return out;
}
