// The bytes of an edited UTF-8 document from the bytes of the version it was edited from: the bytes of the lines
// no edit touched are copied as they are, and only the lines the edit wrote are encoded. Joining every line into
// one string and encoding it made an edit of a big file leave file-sized garbage behind on every call.

import type { ChangedRegion } from "../hashline/edit-types.ts";
import type { TextDocument } from "./document.ts";

const NEWLINE = 10;
const utf8Encoder = new TextEncoder();

/**
 * `before` is a document and the very bytes it was decoded from (or encoded to), asked for only once copying can
 * apply (checking they are still at hand costs a pass over them); `after` is it edited, and
 * `regions` (the edit engine's, any order) say which of its lines replaced which old ones. Returns the bytes of
 * `after` in a buffer from `take` — or undefined where copying cannot be exact (not UTF-8, a BOM or final
 * newline that changes), and the caller encodes the whole document.
 */
export function spliceEncode(
  before: { doc: TextDocument; bytes: () => Uint8Array | undefined },
  after: TextDocument,
  regions: readonly ChangedRegion[],
  take: (size: number) => Uint8Array | undefined,
): Uint8Array | undefined {
  const { doc } = before;
  if (doc.encoding !== "utf-8" || after.encoding !== "utf-8" || doc.bom !== after.bom) return undefined;
  // Without a final newline the old last line's terminator may change though no edit names it.
  const last = doc.lines.length - 1;
  if (last < 0 || doc.terminators[last] === "") return undefined;
  const bytes = before.bytes();
  if (bytes === undefined) return undefined;
  const sorted = [...regions].sort((a, b) => a.oldStart - b.oldStart);

  // Byte offsets where old lines start, found walking forward from one region to the next. A line's UTF-8 bytes
  // (strictly decoded) are never fewer than its UTF-16 units and hold no newline byte, so its
  // newline is never before `offset` + its units (+ 1 for a \r), and stands exactly there when that
  // byte is a newline (an ASCII line: most of them). Only other lines are searched, from there on.
  let line = 1;
  let offset = doc.bom ? 3 : 0;
  const startOf = (target: number): number | undefined => {
    while (line < target) {
      const earliest = offset + doc.lines[line - 1]!.length + (doc.terminators[line - 1] === "\r\n" ? 1 : 0);
      const newline = bytes[earliest] === NEWLINE ? earliest : bytes.indexOf(NEWLINE, earliest);
      if (newline === -1) return undefined;
      offset = newline + 1;
      line++;
    }
    return offset;
  };
  const bounds: number[] = [];
  let size = bytes.length;
  for (const region of sorted) {
    const from = startOf(region.oldStart);
    const to = startOf(region.oldStart + region.removedCount);
    if (from === undefined || to === undefined || (bounds.length > 0 && from < bounds.at(-1)!))
      return undefined;
    bounds.push(from, to);
    size -= to - from;
    for (let index = region.start - 1; index < region.start - 1 + region.lineCount; index++)
      size += Buffer.byteLength(after.lines[index]!) + after.terminators[index]!.length;
  }

  const out = take(size);
  if (out === undefined) return undefined;
  let read = 0;
  let written = 0;
  sorted.forEach((region, index) => {
    const from = bounds[2 * index]!;
    out.set(bytes.subarray(read, from), written);
    written += from - read;
    for (let at = region.start - 1; at < region.start - 1 + region.lineCount; at++) {
      written += utf8Encoder.encodeInto(after.lines[at]!, out.subarray(written)).written;
      written += utf8Encoder.encodeInto(after.terminators[at]!, out.subarray(written)).written;
    }
    read = bounds[2 * index + 1]!;
  });
  out.set(bytes.subarray(read), written);
  written += bytes.length - read;
  return written === size ? out.subarray(0, size) : undefined;
}
