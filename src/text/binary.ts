// Decides whether bytes are a binary file (refused by read/edit, skipped by grep) or an image lapp can show.
// Pure: looks only at the first bytes it is given.

export const BINARY_SNIFF_BYTES = 8192;

export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** Signatures of common binary formats that may contain no NUL in their first bytes. */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpeg
  ascii("GIF8"),
  ascii("%PDF-"),
  [0x50, 0x4b, 0x03, 0x04], // zip, jar, docx
  [0x1f, 0x8b], // gzip
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O fat, Java class
  ascii("MZ\x90\x00"), // PE
  [0x00, 0x61, 0x73, 0x6d], // wasm
  ascii("7z\xbc\xaf"),
  ascii("BZh"),
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x28, 0xb5, 0x2f, 0xfd], // zstd
  ascii("SQLite format 3\x00"),
];

/** The MIME type when the bytes are an image lapp returns as image content. */
export function imageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return undefined;
}

/** Binary: a known signature, or a NUL byte in the first 8 KiB (UTF-16 with a BOM is text). */
export function isBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, BINARY_SNIFF_BYTES);
  const first = head[0];
  if (first === undefined) return false;
  if ((first === 0xff && head[1] === 0xfe) || (first === 0xfe && head[1] === 0xff)) return false;
  // grep sniffs every file it walks: compare signatures only when the first byte can start one.
  if (SIGNATURE_LEADS[first] === 1 && BINARY_SIGNATURES.some((signature) => startsWith(head, signature)))
    return true;
  return head.indexOf(0) !== -1;
}

/** 1 at each byte value that starts some signature (grep's native prefilter leaves such files to isBinary). */
export const SIGNATURE_LEADS = new Uint8Array(256);
for (const signature of BINARY_SIGNATURES) SIGNATURE_LEADS[signature[0]!] = 1;
