// The read-once agent with lapp_replace_block by old_content: lapp_read every page once, then one call per hunk whose
// old_content is the hunk's old lines from that read, widened until they occur once in it. An ambiguous text is
// retried once with the occurrence the refusal numbers for the place the agent means; anything else re-reads.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { replaceBlockCall, type ReplaceBlockArgs } from "../costs/replace-block.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { errorCodeOf, type LappClient } from "../support/lapp-client.ts";
import { runAgent, type AgentTool, type ReadSnapshot } from "./agent-loop.ts";
import { readWholeFile } from "./lapp-agent.ts";
import type { AgentFileResult } from "./results.ts";
import { hunkInRead, type HunkStep } from "./steps.ts";

export interface BlockRead extends ReadSnapshot {
  /** The file's lines as the read showed them (the corpus has no line long enough to be shown cut). */
  lines: string[];
}

interface BlockCall extends ReplaceBlockArgs {
  occurrence?: number;
}

/** The `occurrence N: 12#KT..` a refusal lists for the place starting at `line`, if it lists one. */
export function occurrenceAt(errorText: string, line: number): number | undefined {
  for (const match of errorText.matchAll(/^occurrence (\d+): (\d+)#[A-Z]{2}\.\./gm))
    if (Number(match[2]) === line) return Number(match[1]);
  return undefined;
}

export function blockTool(
  lapp: LappClient,
  path: string,
  newLines: readonly string[],
): AgentTool<BlockRead, BlockCall> {
  /** Where the agent expects each call's old text now (1-based), to pick among the places a refusal lists. */
  const expected = new WeakMap<BlockCall, number>();
  return {
    async read(shift) {
      const read = await readWholeFile(lapp, path, shift);
      const lines = [...read.rows.values()].sort((a, b) => a.line - b.line).map((row) => row.text);
      return { lines, shift };
    },
    plan(step: HunkStep, read) {
      const hunk = hunkInRead(step, read.shift);
      const call = replaceBlockCall(path, read.lines, newLines, hunk);
      if (call === undefined) return undefined;
      const args: BlockCall = { ...call.args };
      // The window starts `above` lines over the hunk, which the hunks applied since the read have moved.
      expected.set(args, step.hunk.oldStart + step.shiftBefore + 1 - call.above);
      return args;
    },
    async send(call) {
      const outcome = await lapp.call("lapp_replace_block", call as unknown as Record<string, unknown>);
      return { ok: !outcome.isError, text: outcome.text };
    },
    retryFromError(call, reply) {
      const line = expected.get(call);
      if (errorCodeOf(reply.text) !== "AMBIGUOUS" || call.occurrence !== undefined || line === undefined)
        return undefined;
      const occurrence = occurrenceAt(reply.text, line);
      return occurrence === undefined ? undefined : { ...call, occurrence };
    },
    codeOf: (reply) => errorCodeOf(reply.text) ?? "UNKNOWN",
  };
}

/** Puts the old file at `root/<id>/<path>` and runs the read-once agent with content-addressed replace_block on it. */
export async function runBlockAgent(
  lapp: LappClient,
  root: string,
  pair: FilePair,
): Promise<AgentFileResult> {
  const relative = join(pair.id, pair.path);
  const absolute = join(root, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, pair.oldBytes);
  return runAgent(pair, absolute, blockTool(lapp, relative, pair.newDoc.lines));
}
