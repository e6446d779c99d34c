// Shared helpers of the block tests: run findBlock on a source given as text, answer a span or a code.

import { findBlock } from "../../src/blocks/find.ts";
import { splitLines } from "../../src/text/document.ts";

/** `[start, end]` of the block at `line` (1-based), or the error code. */
export function spanAt(fileName: string, source: string, line: number): [number, number] | string {
  const found = findBlock(splitLines(source).lines, fileName, line);
  return found.ok ? [found.value.start, found.value.end] : found.error.code;
}

/** One table row: what it shows, the file name, the source, the anchor line, the expected answer. */
export type BlockCase = readonly [
  name: string,
  fileName: string,
  source: string,
  line: number,
  want: [number, number] | string,
];
