// Pure helpers for reading a text file in chunks: where lines end inside a chunk (per encoding) and where a chunk
// may be cut without splitting a UTF-8 sequence. The streaming page reader (files/page-stream.ts) drives them.
// A UTF-16 newline is the unit 0x000A: byte 0x0A at an even offset followed by 0 (LE), or at an odd one after 0 (BE).

import type { Encoding } from "./document.ts";

/** Collects the start of every `every`-th line (`next` is the next one to note) while lines are counted. */
export interface Checkpoints {
  every: number;
  next: number;
  starts: number[];
}

/**
 * Counts the newlines in `chunk` and returns the number of the line after the last one, starting from `line`
 * (the line in progress at the chunk's start). `onLineStart(line, start)` is called only for lines numbered
 * `from…to` (the page), so counting the rest of a huge file costs no call per line; `checkpoints` notes every
 * `every`-th line's start for the file's line index. `chunkStart` is the chunk's
 * absolute offset; for UTF-16 it and the BOM length must be even, and the chunk must hold whole code units.
 */
export function scanNewlines(
  chunk: Uint8Array,
  chunkStart: number,
  encoding: Encoding,
  line: number,
  window: { from: number; to: number },
  onLineStart: (line: number, start: number) => void,
  checkpoints?: Checkpoints,
): number {
  const wide = encoding === "utf-16le" || encoding === "utf-16be";
  let at = chunk.indexOf(0x0a);
  while (at !== -1) {
    let end = -1;
    if (!wide) end = at + 1;
    else if (
      encoding === "utf-16le" ? at % 2 === 0 && chunk[at + 1] === 0 : at % 2 === 1 && chunk[at - 1] === 0
    ) {
      end = encoding === "utf-16le" ? at + 2 : at + 1;
    }
    if (end !== -1) {
      line++;
      if (line >= window.from && line <= window.to) onLineStart(line, chunkStart + end);
      if (line === checkpoints?.next) {
        checkpoints.starts.push(chunkStart + end);
        checkpoints.next += checkpoints.every;
      }
    }
    at = chunk.indexOf(0x0a, at + 1);
  }
  return line;
}

/** Offset just past the last newline of `chunk` (relative to it), or -1 when it holds none. */
export function lastNewlineEnd(chunk: Uint8Array, encoding: Encoding): number {
  let at = chunk.lastIndexOf(0x0a);
  while (at !== -1) {
    if (encoding === "utf-16le" && !(at % 2 === 0 && chunk[at + 1] === 0))
      at = chunk.lastIndexOf(0x0a, at - 1);
    else if (encoding === "utf-16be" && !(at % 2 === 1 && chunk[at - 1] === 0))
      at = chunk.lastIndexOf(0x0a, at - 1);
    else return encoding === "utf-16le" ? at + 2 : at + 1;
  }
  return -1;
}

/**
 * How many leading bytes of `chunk` end on a UTF-8 sequence boundary: the chunk minus an unfinished
 * multi-byte sequence at its end (at most 3 bytes), which the next chunk then starts with.
 */
export function utf8WholePrefix(chunk: Uint8Array): number {
  const length = chunk.length;
  for (let back = 1; back <= Math.min(3, length); back++) {
    const byte = chunk[length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // continuation byte: keep looking for the lead
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? length - back : length;
  }
  return length;
}

/** Bytes of a line's terminator at the end of `lineWithNewline` (0 without newline, else LF or CR LF). */
export function terminatorWidth(lineBytes: Uint8Array, encoding: Encoding): number {
  const length = lineBytes.length;
  if (encoding === "utf-16le") {
    if (length < 2 || lineBytes[length - 2] !== 0x0a || lineBytes[length - 1] !== 0) return 0;
    return length >= 4 && lineBytes[length - 4] === 0x0d && lineBytes[length - 3] === 0 ? 4 : 2;
  }
  if (encoding === "utf-16be") {
    if (length < 2 || lineBytes[length - 1] !== 0x0a || lineBytes[length - 2] !== 0) return 0;
    return length >= 4 && lineBytes[length - 3] === 0x0d && lineBytes[length - 4] === 0 ? 4 : 2;
  }
  if (length < 1 || lineBytes[length - 1] !== 0x0a) return 0;
  return length >= 2 && lineBytes[length - 2] === 0x0d ? 2 : 1;
}
