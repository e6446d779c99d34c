// The version of a file a search showed rows of, as the edit session records it (every line's hash, the shown
// rows' text), from the bytes the rows came from; big files' line tables are kept by digest for reuse.

import { isUtf8 } from "node:buffer";
import { contentDigest } from "../files/identity.ts";
import { hashLines } from "../session/shown-record.ts";
import { bomOf, decodeDocument } from "../text/codec.ts";
import { utf8Lines, utf8LineTexts, type Utf8Lines } from "./line-hashes.ts";

export interface ShownVersion {
  /** Text hash of every line, as `hashLines` gives it for the decoded document. */
  hashes: Uint32Array;
  /** The full text of each shown row that exists in the document, ascending by line number. */
  texts: Array<[line: number, text: string]>;
  /** Digest of the bytes (identity.ts): a later search finding the same bytes needs no new version. */
  digest: bigint;
}

/** Files smaller than this are hashed again each time (cheap); larger ones are kept. */
const KEEP_FROM_BYTES = 256 * 1024;
/** Bytes of kept line tables at most (8 per line), least recently used dropped first. */
const KEEP_AT_MOST_BYTES = 16 * 1024 * 1024;

const kept = new Map<string, Utf8Lines>();
let keptBytes = 0;

export function shownVersion(bytes: Uint8Array, rows: readonly number[]): ShownVersion {
  const digest = contentDigest(bytes);
  // UTF-8 text (the usual case) is hashed line by line from its bytes: the same hashes, without decoding it all.
  const announced = bomOf(bytes, bytes.length);
  if (announced.encoding === "utf-8" && isUtf8(bytes.subarray(announced.bomLength))) {
    const lines = utf8LinesOf(bytes, announced.bomLength, digest);
    // A copy: the answer moves its hashes to another thread, and the kept table must stay.
    return { hashes: lines.hashes.slice(), texts: utf8LineTexts(bytes, lines.starts, rows), digest };
  }
  const { lines } = decodeDocument(bytes);
  const texts: Array<[number, string]> = [];
  for (const line of [...new Set(rows)].sort((a, b) => a - b))
    if (line >= 1 && line <= lines.length) texts.push([line, lines[line - 1]!]);
  return { hashes: hashLines(lines), texts, digest };
}

function utf8LinesOf(bytes: Uint8Array, textStart: number, digest: bigint): Utf8Lines {
  if (bytes.length < KEEP_FROM_BYTES) return utf8Lines(bytes, textStart);
  const key = `${bytes.length}:${textStart}:${digest}`;
  const known = kept.get(key);
  if (known) {
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  const lines = utf8Lines(bytes, textStart);
  kept.set(key, lines);
  keptBytes += lines.hashes.byteLength + lines.starts.byteLength;
  for (const [oldKey, old] of kept) {
    if (keptBytes <= KEEP_AT_MOST_BYTES || oldKey === key) break;
    kept.delete(oldKey);
    keptBytes -= old.hashes.byteLength + old.starts.byteLength;
  }
  return lines;
}
