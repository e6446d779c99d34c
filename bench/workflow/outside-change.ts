// The second scenario: after the agent's one read, someone else inserts lines above every ref it holds, straight on
// disk. Each old ref must then be refused with nothing written, and the error should name where the line went.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import type { FilePair } from "../diff/file-pair.ts";
import type { LappClient } from "../support/lapp-client.ts";
import { lappTool, lineRefsOf, readWholeFile, type LappEditCall } from "./lapp-agent.ts";
import type { OutsideChangeResult } from "./results.ts";
import { errorPointers, pointedRefs } from "./rows.ts";
import { hunkSteps } from "./steps.ts";

/** `count` lines of a comment in the file's language, as another tool or person might add. */
export function outsideLines(count: number, language: string): string[] {
  const comment = language === "python" ? "#" : "//";
  return Array.from(
    { length: count },
    (_, index) => `${comment} added outside lapp, line ${index + 1} of ${count}`,
  );
}

/** `text` with `inserted` lines (and `\n` terminators) put before its 1-based line `before`. */
export function insertLinesAt(text: string, before: number, inserted: readonly string[]): string {
  let offset = 0;
  for (let line = 1; line < before; line++) {
    const newline = text.indexOf("\n", offset);
    if (newline === -1) throw new Error(`line ${before} is past the end`);
    offset = newline + 1;
  }
  return text.slice(0, offset) + inserted.map((line) => `${line}\n`).join("") + text.slice(offset);
}

/**
 * Reads the old file once, inserts `count` lines above the first line any hunk's call names, then sends every
 * hunk's call with the refs of that read. Each ref `N#ID` now means the line at N + count, whose fresh ref is
 * `refOf(N + count, text)`.
 */
export async function runOutsideChange(
  lapp: LappClient,
  root: string,
  pair: FilePair,
  count: number,
  language: string,
): Promise<OutsideChangeResult> {
  const relative = join(`${pair.id}.outside-${count}`, pair.path);
  const absolute = join(root, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, pair.oldBytes);

  const tool = lappTool(lapp, relative, pair.newDoc.lines);
  const read = await readWholeFile(lapp, relative);
  const planned = hunkSteps(pair.oldDoc.lines, pair.newDoc.lines, pair.hunks).map((step) => ({
    hunk: step.index + 1,
    call: tool.plan({ ...step, shiftBefore: 0 }, read),
  }));
  const usable = planned.filter(
    (item): item is { hunk: number; call: LappEditCall } =>
      item.call !== undefined && lineRefsOf(item.call).length > 0,
  );
  const calls = usable.map((item) => item.call);
  const hunkNumbers = usable.map((item) => item.hunk);
  const result: OutsideChangeResult = {
    id: pair.id,
    inserted: count,
    calls: 0,
    refs: 0,
    refused: 0,
    written: 0,
    wroteAt: [],
    refsNamed: 0,
    errorsNamingOtherLine: 0,
    codes: {},
  };
  if (calls.length === 0) return result;

  const firstLine = Math.min(...calls.flatMap(lineRefsOf).map((ref) => Number.parseInt(ref, 10)));
  const changed = insertLinesAt(
    new TextDecoder().decode(pair.oldBytes),
    firstLine,
    outsideLines(count, language),
  );
  writeFileSync(absolute, changed);
  const onDisk = readFileSync(absolute);

  for (const [index, call] of calls.entries()) {
    const refs = lineRefsOf(call);
    const moved = new Set(
      refs.map((ref) => {
        const line = Number.parseInt(ref, 10);
        return refOf(line + count, pair.oldDoc.lines[line - 1]!);
      }),
    );
    const reply = await tool.send(call);
    result.calls++;
    result.refs += refs.length;
    if (Buffer.compare(readFileSync(absolute), onDisk) !== 0) {
      result.written++;
      result.wroteAt.push(hunkNumbers[index]!);
      writeFileSync(absolute, onDisk); // put the outside version back so the next call meets the same file
    }
    if (reply.ok) continue;
    result.refused++;
    const code = tool.codeOf(reply);
    result.codes[code] = (result.codes[code] ?? 0) + 1;
    const pointers = errorPointers(reply.text);
    const named = pointedRefs(pointers);
    result.refsNamed += [...moved].filter((ref) => named.has(ref)).length;
    const pointedElsewhere = [
      ...pointers.marked.map((row) => row.ref),
      ...pointers.hints.map((hint) => hint.fresh),
    ];
    if (pointedElsewhere.some((ref) => !moved.has(ref))) result.errorsNamingOtherLine++;
  }
  return result;
}
