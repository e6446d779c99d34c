// The same read-once agent with a text-addressed tool (old_string/new_string under Claude Code's Edit rules, the
// bench's native str_replace): each old_string is taken from the agent's read and made unique in that read.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { NativeTools } from "../agent/native-tools.ts";
import { planStrReplace, type StrReplaceArgs } from "../costs/str-replace.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { runAgent, type AgentTool, type ReadSnapshot } from "./agent-loop.ts";
import type { AgentFileResult } from "./results.ts";
import { hunkInRead } from "./steps.ts";

/** Pages of the native read_file. */
const READ_PAGE_LINES = 2000;

export interface TextRead extends ReadSnapshot {
  /** The file's lines as the read showed them. */
  lines: string[];
}

export function textPeerTool(
  tools: NativeTools,
  absolutePath: string,
  shownPath: string,
  newLines: readonly string[],
): AgentTool<TextRead, StrReplaceArgs> {
  return {
    read(shift) {
      const lines = readFileSync(absolutePath, "utf8").split("\n");
      if (lines.at(-1) === "") lines.pop();
      // Every page through the tool, as the agent would (the tool also requires a read before an edit).
      for (let offset = 1; offset <= Math.max(1, lines.length); offset += READ_PAGE_LINES) {
        const page = tools.call("read_file", { file_path: shownPath, offset, limit: READ_PAGE_LINES });
        if (page.isError) throw new Error(`read_file ${shownPath}: ${page.text}`);
      }
      return Promise.resolve({ lines, shift });
    },
    plan(step, read) {
      try {
        return planStrReplace(shownPath, read.lines, newLines, [hunkInRead(step, read.shift)]).calls[0];
      } catch {
        return undefined; // no unique old_string even in the read: the agent must look again
      }
    },
    send(call) {
      const reply = tools.call("str_replace", { ...call });
      return Promise.resolve({ ok: !reply.isError, text: reply.text });
    },
    // The Edit tool's errors name no place; the agent re-reads.
    retryFromError: () => undefined,
    codeOf(reply) {
      if (/not found/.test(reply.text)) return "NOT_FOUND";
      if (/occurs \d+ times/.test(reply.text)) return "NOT_UNIQUE";
      return "OTHER";
    },
  };
}

/** Puts the old file at `root/<id>/<path>` and runs the read-once agent with str_replace on it. */
export async function runTextPeer(root: string, pair: FilePair): Promise<AgentFileResult> {
  const relative = join(pair.id, pair.path);
  const absolute = join(root, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, pair.oldBytes);
  return runAgent(pair, absolute, textPeerTool(new NativeTools(root), absolute, relative, pair.newDoc.lines));
}
