// Test support: one fixture as four byte-level twins (LF, CRLF, UTF-8 BOM, no final newline),
// and the bytes a list of lines must become in each twin's conventions.

import { encodeText } from "../../src/text/codec.ts";
import { refOf } from "../../src/hashline/hash.ts";

export interface Twin {
  name: "LF" | "CRLF" | "BOM" | "no-final-newline";
  terminator: "\n" | "\r\n";
  bom: boolean;
  finalNewline: boolean;
}

export const TWINS: readonly Twin[] = [
  { name: "LF", terminator: "\n", bom: false, finalNewline: true },
  { name: "CRLF", terminator: "\r\n", bom: false, finalNewline: true },
  { name: "BOM", terminator: "\n", bom: true, finalNewline: true },
  { name: "no-final-newline", terminator: "\n", bom: false, finalNewline: false },
];

/** The bytes of `lines` written the way `twin` writes files. */
export function twinBytes(twin: Twin, lines: readonly string[]): Uint8Array {
  let text = lines.join(twin.terminator);
  if (lines.length > 0 && twin.finalNewline) text += twin.terminator;
  const encoded = encodeText(text, "utf-8", twin.bom);
  if (!encoded.ok) throw encoded.error;
  return encoded.value;
}

/** `ref(n)`: the ref of line n of `lines` (1-based). */
export function refsOf(lines: readonly string[]): (line: number) => string {
  return (line) => {
    const text = lines[line - 1];
    if (text === undefined) throw new Error(`fixture has no line ${line}`);
    return refOf(line, text);
  };
}

/** Bytes as text for readable failure diffs (CR and BOM made visible). */
export function visible(bytes: Uint8Array): string {
  return new TextDecoder("utf-8", { ignoreBOM: true })
    .decode(bytes)
    .replaceAll("\r", "␍")
    .replaceAll("\uFEFF", "<BOM>");
}
