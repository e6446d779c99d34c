// The version of a file a search showed rows of, as the edit session records it: every line's text hash and the
// full text of the shown rows. Computed from the bytes the rows came from, off the answer's path (lanes.ts).

import { hashLines } from "../session/shown-record.ts";
import { isUtf8 } from "node:buffer";
import { bomOf, decodeDocument } from "../text/codec.ts";
import { utf8LineHashes } from "./line-hashes.ts";

export interface ShownVersion {
  /** Text hash of every line, as `hashLines` gives it for the decoded document. */
  hashes: Uint32Array;
  /** The full text of each shown row that exists in the document, ascending by line number. */
  texts: Array<[line: number, text: string]>;
}

export function shownVersion(bytes: Uint8Array, rows: readonly number[]): ShownVersion {
  // UTF-8 text (the usual case) is hashed line by line from its bytes: the same hashes, without decoding it all.
  const wanted = [...new Set(rows)].sort((a, b) => a - b);
  const announced = bomOf(bytes, bytes.length);
  if (announced.encoding === "utf-8" && isUtf8(bytes.subarray(announced.bomLength)))
    return utf8LineHashes(bytes, announced.bomLength, wanted);
  const { lines } = decodeDocument(bytes);
  const texts: Array<[number, string]> = [];
  for (const line of wanted) if (line >= 1 && line <= lines.length) texts.push([line, lines[line - 1]!]);
  return { hashes: hashLines(lines), texts };
}
