// One real change of the corpus: the old and new version of a file, as lines, with the hunks between them.
// Pure; decoding goes through lapp's own codec so the bench sees lines exactly as lapp does.

import { decodeDocument } from "../../src/text/codec.ts";
import type { TextDocument } from "../../src/text/document.ts";
import { diffLines, type Hunk } from "./myers.ts";

export interface FilePair {
  id: string;
  /** Path of the file inside its package, used as the path argument of every tool call. */
  path: string;
  oldBytes: Uint8Array;
  newBytes: Uint8Array;
  oldDoc: TextDocument;
  newDoc: TextDocument;
  hunks: Hunk[];
}

export function makeFilePair(id: string, path: string, oldBytes: Uint8Array, newBytes: Uint8Array): FilePair {
  const oldDoc = decodeDocument(oldBytes);
  const newDoc = decodeDocument(newBytes);
  return { id, path, oldBytes, newBytes, oldDoc, newDoc, hunks: diffLines(oldDoc.lines, newDoc.lines) };
}

/** Lines changed on both sides (removed + added), the size of a change. */
export function changedLineCount(hunks: readonly Hunk[]): { removed: number; added: number } {
  let removed = 0;
  let added = 0;
  for (const hunk of hunks) {
    removed += hunk.oldCount;
    added += hunk.newCount;
  }
  return { removed, added };
}
