// The bytes of an edited UTF-8 document from the bytes of the version it was edited from: the bytes of the lines
// no edit touched are copied as they are, and only the lines the edit wrote are encoded. Joining every line into
// one string and encoding it made an edit of a big file leave file-sized garbage behind on every call.

import type { ChangedRegion } from "../hashline/edit-types.ts";
import type { TextDocument } from "./document.ts";

const NEWLINE = 10;
const utf8Encoder = new TextEncoder();

/**
 * Where each line of a document starts in the bytes it was decoded from or spliced into (index i: line i + 1). An
 * edit writes the next version of a file from the last one, so the starts of that next version are derived here as
 * its bytes are written, and the next edit needs no walk over the newlines of 17,000 lines (~0.4 ms).
 */
const lineStarts = new WeakMap<TextDocument, Uint32Array>();
/**
 * The starts of the version an edit was made from, once the next version's are written: its memory is reused for
 * the next edit's (a version's starts are 4 bytes per line; one allocation per call left them for the collector).
 * That version then walks its newlines again, should it ever be edited once more.
 */
let spare: Uint32Array | undefined;

function startsBuffer(length: number): Uint32Array {
  const reused = spare !== undefined && spare.length >= length ? spare : undefined;
  spare = undefined;
  return reused === undefined
    ? new Uint32Array(Math.ceil(length * 1.25) + 64).subarray(0, length)
    : reused.subarray(0, length);
}

/** The starts of `doc`'s lines in `bytes` (its bytes), kept or found by walking the newlines. */
function startsOf(doc: TextDocument, bytes: Uint8Array): Uint32Array | undefined {
  const kept = lineStarts.get(doc);
  if (kept !== undefined && kept.length === doc.lines.length) return kept;
  const starts = new Uint32Array(doc.lines.length);
  let offset = doc.bom ? 3 : 0;
  for (let index = 0; index < starts.length; index++) {
    if (index > 0) {
      const newline = bytes.indexOf(NEWLINE, offset);
      if (newline === -1) return undefined;
      offset = newline + 1;
    }
    starts[index] = offset;
  }
  lineStarts.set(doc, starts);
  return starts;
}

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
  const starts = startsOf(doc, bytes);
  if (starts === undefined) return undefined;
  // Byte offset where old line `target` starts (one past the last line: the end).
  const startOf = (target: number): number | undefined =>
    target <= starts.length ? starts[target - 1] : target === starts.length + 1 ? bytes.length : undefined;
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
  // The new version's line starts: old lines copied keep theirs, moved by what the regions before them changed.
  const nextStarts = startsBuffer(after.lines.length);
  let read = 0;
  let written = 0;
  let oldLine = 1;
  let newLine = 1;
  const copyStarts = (untilOldLine: number) => {
    const shift = written - read;
    for (; oldLine < untilOldLine; oldLine++, newLine++)
      nextStarts[newLine - 1] = starts[oldLine - 1]! + shift;
  };
  sorted.forEach((region, index) => {
    const from = bounds[2 * index]!;
    copyStarts(region.oldStart);
    out.set(bytes.subarray(read, from), written);
    written += from - read;
    read = from;
    for (let at = region.start - 1; at < region.start - 1 + region.lineCount; at++) {
      nextStarts[newLine++ - 1] = written;
      written += utf8Encoder.encodeInto(after.lines[at]!, out.subarray(written)).written;
      written += utf8Encoder.encodeInto(after.terminators[at]!, out.subarray(written)).written;
    }
    oldLine = region.oldStart + region.removedCount;
    read = bounds[2 * index + 1]!;
  });
  copyStarts(starts.length + 1);
  out.set(bytes.subarray(read), written);
  written += bytes.length - read;
  if (written !== size || newLine - 1 !== after.lines.length) return undefined;
  lineStarts.set(after, nextStarts);
  lineStarts.delete(doc);
  spare = new Uint32Array(starts.buffer);
  return out.subarray(0, size);
}
