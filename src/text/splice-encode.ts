// The bytes of an edited UTF-8 document from the bytes of the version it was edited from: the bytes of the lines
// no edit touched are copied as they are, and only the lines the edit wrote are encoded. Joining every line into
// one string and encoding it made an edit of a big file leave file-sized garbage behind on every call.

import type { ChangedRegion } from "./changed-region.ts";
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
  // Where the encode that made these bytes noted a line's start: the walk starts there when it is not past the
  // first changed line. An agent edits a file top to bottom or at one place again and again; walking from the top
  // to line 100,000 of a 9 MB file took ~0.8 ms of each edit's ~15.
  const noted = lineStarts.get(doc);
  if (noted !== undefined && noted.line <= sorted[0]!.oldStart) ({ line, offset } = noted);
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
  let start: LineStart | undefined;
  sorted.forEach((region, index) => {
    const from = bounds[2 * index]!;
    out.set(bytes.subarray(read, from), written);
    written += from - read;
    start = { line: region.start, offset: written };
    for (let at = region.start - 1; at < region.start - 1 + region.lineCount; at++) {
      written += utf8Encoder.encodeInto(after.lines[at]!, out.subarray(written)).written;
      written += utf8Encoder.encodeInto(after.terminators[at]!, out.subarray(written)).written;
    }
    read = bounds[2 * index + 1]!;
  });
  out.set(bytes.subarray(read), written);
  written += bytes.length - read;
  if (written !== size) return undefined;
  // The last changed region's first line, in the new bytes: where the next edit of this version is likely to be.
  if (start !== undefined) lineStarts.set(after, start);
  return out.subarray(0, size);
}

/** A line of a document (1-based) and the offset of its first byte in the document's UTF-8 bytes. */
interface LineStart {
  line: number;
  offset: number;
}

/**
 * One line start per document, noted by the encode that made the document's bytes. A document's bytes are
 * exactly its encoding (strict UTF-8, its terminators and BOM), so the note holds for whatever bytes a later call
 * reads for that document; documents are never changed.
 */
const lineStarts = new WeakMap<TextDocument, LineStart>();
