// The documents lapp decoded or wrote last, by real path, each with the digest of its bytes: a read or load that
// finds the same bytes reuses the document instead of decoding and splitting the file again (an agent reads a
// file, pages through it, then edits it call after call). A few small files only, so memory stays bounded.

import type { KnownDocument } from "../files/load.ts";
import type { TextDocument } from "../text/document.ts";

/** Files remembered at once. */
const MAX_FILES = 2;
/** Larger documents are not kept (UTF-16 units of their lines). */
const MAX_UNITS = 4 * 1024 * 1024;

export class KnownDocuments {
  private readonly entries = new Map<string, KnownDocument>();

  get(realPath: string): KnownDocument | undefined {
    return this.entries.get(realPath);
  }

  /**
   * `bytes`: the size of the bytes `doc` was decoded from or encoded to, when known. A document has at most one
   * UTF-16 unit per byte (a terminator is a byte or two, a BOM more), plus one for a last line without one: so a
   * small enough size spares counting its lines (~0.2 ms for 17,000 lines, on every edit call).
   */
  remember(realPath: string, digest: bigint | undefined, doc: TextDocument, bytes?: number): void {
    this.entries.delete(realPath);
    if (digest === undefined) return;
    if ((bytes === undefined || bytes + 1 > MAX_UNITS) && unitsOf(doc) > MAX_UNITS) return;
    this.entries.set(realPath, { digest, doc });
    if (this.entries.size > MAX_FILES) this.entries.delete(this.entries.keys().next().value!);
  }
}

function unitsOf(doc: TextDocument): number {
  let units = 0;
  for (const line of doc.lines) units += line.length + 1;
  return units;
}
