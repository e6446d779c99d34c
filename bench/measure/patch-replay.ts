// Every change of the corpus replayed through lapp_apply_patch in one call per file: as the unified diff git diff -U3
// writes, and as the *** Begin Patch envelope (Codex's shape, bench/costs/apply-patch.ts). The file is then compared
// byte for byte with the published new version; a refusal must leave it untouched.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { planApplyPatch } from "../costs/apply-patch.ts";
import { argumentTokens } from "../costs/tool-calls.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { gitDiff } from "../diff/git-diff.ts";
import { errorCodeOf, type LappClient } from "../support/lapp-client.ts";

export type PatchFormat = "unified" | "envelope";

export interface PatchReplayResult {
  id: string;
  format: PatchFormat;
  /** What wrote the patch: git diff -U3 (or the bench's diff -u writer without git), or the envelope planner. */
  writer: string;
  identical: boolean;
  refused: boolean;
  code?: string;
  /** First line of the refusal. */
  error?: string;
  /** A refused call that still changed the file (must never happen). */
  writtenOnRefusal: boolean;
  /** o200k tokens of the call's arguments as compact JSON. */
  requestTokens: number;
  ms: number;
}

export async function replayPatches(
  lapp: LappClient,
  root: string,
  pair: FilePair,
): Promise<PatchReplayResult[]> {
  const results: PatchReplayResult[] = [];
  for (const format of ["unified", "envelope"] as const) {
    const relative = join(`${pair.id}.${format}`, pair.path);
    const absolute = join(root, relative);
    mkdirSync(dirname(absolute), { recursive: true });
    writeFileSync(absolute, pair.oldBytes);
    const written =
      format === "unified"
        ? gitDiff(pair, relative)
        : {
            patch: planApplyPatch(relative, pair.oldDoc.lines, pair.newDoc.lines, pair.hunks).patch,
            writer: "the envelope planner (Codex's shape)",
          };
    const args = { patch: written.patch };
    const outcome = await lapp.call("lapp_apply_patch", args);
    const after = readFileSync(absolute);
    const identical = Buffer.compare(after, Buffer.from(pair.newBytes)) === 0;
    const untouched = Buffer.compare(after, Buffer.from(pair.oldBytes)) === 0;
    results.push({
      id: pair.id,
      format,
      writer: written.writer,
      identical,
      refused: outcome.isError,
      ...(outcome.isError
        ? { code: errorCodeOf(outcome.text) ?? "UNKNOWN", error: outcome.text.split("\n")[0] }
        : {}),
      writtenOnRefusal: outcome.isError && !untouched,
      requestTokens: argumentTokens(args),
      ms: outcome.ms,
    });
  }
  return results;
}
