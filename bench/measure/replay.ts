// Part 2 of `npm run bench`: every change replayed through dist/lapp over MCP (read for refs, lapp_edit), then the
// file compared byte for byte with the published new version; plus the repair cost of a stale ref per change.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { MAX_EDITS_PER_CALL } from "../../src/limits.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { chunkHunks, editsForHunks, lappEditCalls } from "../costs/lapp-edit.ts";
import { tokens } from "../costs/tool-calls.ts";
import { errorCodeOf, readAllPages, type LappClient } from "../support/lapp-client.ts";
import { sum } from "./token-costs.ts";

export interface ReplayResult {
  id: string;
  identical: boolean;
  /** First differing line (1-based) when not identical, and any tool error met on the way. */
  firstDifference?: number;
  error?: string;
  editCalls: number;
  /** The refs read from lapp's output equal the ones lapp's hash function gives locally (the token table's refs). */
  refsAgree: boolean;
  /** Tokens of reading the whole old file with lapp_read (all pages). */
  readTokens: number;
  editMs: number[];
}

export interface RepairResult {
  id: string;
  code: string | undefined;
  /** Tokens of the HASH_MISMATCH answer (fresh refs around the stale line). */
  repairTokens: number;
  /** Tokens of re-reading the whole file instead. */
  rereadTokens: number;
}

export async function replayChange(lapp: LappClient, root: string, pair: FilePair): Promise<ReplayResult> {
  const relative = join(pair.id, pair.path);
  const absolute = join(root, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, pair.oldBytes);

  const newLines = pair.newDoc.lines;
  const expectedCalls = lappEditCalls(
    relative,
    pair.oldDoc.lines,
    newLines,
    pair.hunks,
    MAX_EDITS_PER_CALL,
    refOf,
  );
  const sentCalls: unknown[] = [];
  const editMs: number[] = [];
  let readTokens = 0;
  let error: string | undefined;
  let totalLines = pair.oldDoc.lines.length;
  const chunks = chunkHunks(pair.hunks, MAX_EDITS_PER_CALL);
  for (const [index, chunk] of chunks.entries()) {
    // Fresh refs for every call: the first read is the one a model needs anyway; later ones follow an edit.
    const read = await readAllPages(lapp, relative, totalLines);
    if (index === 0) readTokens = sum(read.pages.map(tokens));
    const edits = editsForHunks(chunk, newLines, (line) => {
      const ref = read.refs.get(line);
      if (!ref) throw new Error(`${pair.id}: lapp_read showed no ref for line ${line}`);
      return ref;
    });
    sentCalls.push({ path: relative, edits });
    const outcome = await lapp.call("lapp_edit", { path: relative, edits });
    editMs.push(outcome.ms);
    if (outcome.isError) {
      error = outcome.text.split("\n")[0];
      break;
    }
    totalLines += sum(chunk.map((hunk) => hunk.newCount - hunk.oldCount));
  }

  const result = readFileSync(absolute);
  const identical = Buffer.compare(result, Buffer.from(pair.newBytes)) === 0;
  return {
    id: pair.id,
    identical,
    ...(identical ? {} : { firstDifference: firstDifferentLine(result, pair.newBytes) }),
    ...(error ? { error } : {}),
    editCalls: editMs.length,
    refsAgree: JSON.stringify(sentCalls) === JSON.stringify(expectedCalls),
    readTokens,
    editMs,
  };
}

/**
 * A stale ref, as when someone changed the file after the model read it: the first line the model's first call
 * names is changed on disk, the call is sent, and lapp's HASH_MISMATCH answer is measured against a full re-read.
 */
export async function measureRepair(lapp: LappClient, root: string, pair: FilePair): Promise<RepairResult> {
  const relative = join(`${pair.id}.repair`, pair.path);
  const absolute = join(root, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, pair.oldBytes);
  const read = await readAllPages(lapp, relative, pair.oldDoc.lines.length);
  const [call] = lappEditCalls(
    relative,
    pair.oldDoc.lines,
    pair.newDoc.lines,
    pair.hunks,
    MAX_EDITS_PER_CALL,
    refOf,
  );
  if (!call) throw new Error(`${pair.id}: no edits`);
  const staleLine = call.edits
    .flatMap((edit) => [edit.anchor, edit.start])
    .map((ref) => (ref ? Number.parseInt(ref, 10) : Number.NaN))
    .find((line) => Number.isInteger(line) && line > 0);
  if (staleLine === undefined) throw new Error(`${pair.id}: the first call names no line`);

  const lines = pair.oldDoc.lines.slice();
  lines[staleLine - 1] = `${lines[staleLine - 1]} changed_elsewhere`;
  const text = new TextDecoder().decode(pair.oldBytes);
  const lineStarts = lineOffsets(text);
  const from = lineStarts[staleLine - 1]!;
  const to = from + pair.oldDoc.lines[staleLine - 1]!.length;
  writeFileSync(absolute, text.slice(0, from) + lines[staleLine - 1] + text.slice(to));

  const outcome = await lapp.call("lapp_edit", call as unknown as Record<string, unknown>);
  return {
    id: pair.id,
    code: outcome.isError ? errorCodeOf(outcome.text) : undefined,
    repairTokens: tokens(outcome.text),
    rereadTokens: sum(read.pages.map(tokens)),
  };
}

function lineOffsets(text: string): number[] {
  const offsets = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) offsets.push(at + 1);
  return offsets;
}

function firstDifferentLine(actual: Uint8Array, expected: Uint8Array): number {
  const a = new TextDecoder().decode(actual).split("\n");
  const b = new TextDecoder().decode(expected).split("\n");
  for (let index = 0; index < Math.max(a.length, b.length); index++)
    if (a[index] !== b[index]) return index + 1;
  return 0;
}
