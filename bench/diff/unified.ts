// A unified diff (`--- a/path`, `+++ b/path`, `@@ -a,b +c,d @@`) of a file pair with 3 context lines: the
// reference patch the agent harness hands to a model as the change to make. Pure.

import type { Hunk } from "./myers.ts";

export function unifiedDiff(
  path: string,
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
  context = 3,
): string {
  const out = [`--- a/${path}`, `+++ b/${path}`];
  let index = 0;
  while (index < hunks.length) {
    // Changes closer than 2×context share one hunk, as diff -u does.
    let last = index;
    while (
      last + 1 < hunks.length &&
      hunks[last + 1]!.oldStart - (hunks[last]!.oldStart + hunks[last]!.oldCount) <= 2 * context
    )
      last++;
    const first = hunks[index]!;
    const final = hunks[last]!;
    const oldFrom = Math.max(0, first.oldStart - context);
    const oldTo = Math.min(oldLines.length, final.oldStart + final.oldCount + context);
    const newFrom = first.newStart - (first.oldStart - oldFrom);
    const newTo = final.newStart + final.newCount + (oldTo - (final.oldStart + final.oldCount));
    const body: string[] = [];
    let cursor = oldFrom;
    for (let at = index; at <= last; at++) {
      const hunk = hunks[at]!;
      body.push(...oldLines.slice(cursor, hunk.oldStart).map((line) => ` ${line}`));
      body.push(...oldLines.slice(hunk.oldStart, hunk.oldStart + hunk.oldCount).map((line) => `-${line}`));
      body.push(...newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount).map((line) => `+${line}`));
      cursor = hunk.oldStart + hunk.oldCount;
    }
    body.push(...oldLines.slice(cursor, oldTo).map((line) => ` ${line}`));
    out.push(`@@ -${range(oldFrom, oldTo - oldFrom)} +${range(newFrom, newTo - newFrom)} @@`, ...body);
    index = last + 1;
  }
  return out.join("\n");
}

/** `start,count` as diff writes it: 1-based, and for an empty side the line before it. */
function range(start: number, count: number): string {
  return count === 0 ? `${start},0` : count === 1 ? `${start + 1}` : `${start + 1},${count}`;
}
