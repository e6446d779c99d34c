// The documents lapp decoded or wrote last, by real path, each with the digest of its bytes: a read or load that
// finds the same bytes reuses the document instead of decoding and splitting the file again (an agent reads a
// file, pages through it, then edits it call after call). A few files and a bounded number of UTF-16 units in all,
// so memory stays bounded: a 9 MB bundle fits (decoding it again cost more than the rest of an outline or an edit).

import type { KnownDocument } from "../files/load.ts";
import { KEPT_FILE_MAX_BYTES } from "../limits.ts";
import type { TextDocument } from "../text/document.ts";

/** Files remembered at once. */
const MAX_FILES = 2;
/**
 * UTF-16 units of the lines of all remembered documents together (one document at most this large is kept): a file
 * of KEPT_FILE_MAX_BYTES has at most one more.
 */
export const KNOWN_DOCUMENTS_MAX_UNITS = KEPT_FILE_MAX_BYTES + 1;

interface Entry extends KnownDocument {
  units: number;
}

export class KnownDocuments {
  private readonly entries = new Map<string, Entry>();
  private units = 0;

  get(realPath: string): KnownDocument | undefined {
    return this.entries.get(realPath);
  }

  /**
   * `bytes`: the size of the bytes `doc` was decoded from or encoded to, when known. A document has at most one
   * UTF-16 unit per byte (a terminator is a byte or two, a BOM more), plus one for a last line without one: so that
   * size bounds its units without counting its lines (~0.2 ms for 17,000 lines, on every edit call).
   */
  remember(realPath: string, digest: bigint | undefined, doc: TextDocument, bytes?: number): void {
    this.forget(realPath);
    if (digest === undefined) return;
    const units = bytes !== undefined && bytes + 1 <= KNOWN_DOCUMENTS_MAX_UNITS ? bytes + 1 : unitsOf(doc);
    if (units > KNOWN_DOCUMENTS_MAX_UNITS) return;
    this.entries.set(realPath, { digest, doc, units });
    this.units += units;
    // The oldest go first, until both bounds hold (the newest always fits: checked above).
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_FILES && this.units <= KNOWN_DOCUMENTS_MAX_UNITS) break;
      this.forget(oldest);
    }
  }

  private forget(realPath: string): void {
    const entry = this.entries.get(realPath);
    if (entry === undefined) return;
    this.entries.delete(realPath);
    this.units -= entry.units;
  }
}

function unitsOf(doc: TextDocument): number {
  let units = 0;
  for (const line of doc.lines) units += line.length + 1;
  return units;
}
