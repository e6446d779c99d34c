// Agent tasks: a real file of the corpus and the concrete change to make to it (its reference patch as a
// unified diff). The harness scores a run against the published new version of the file.

import type { FilePair } from "../diff/file-pair.ts";
import { makeFilePair } from "../diff/file-pair.ts";
import { unifiedDiff } from "../diff/unified.ts";

export interface AgentTask {
  id: string;
  /** Where the file sits in the task's workspace (and how prompts name it). */
  path: string;
  oldBytes: Uint8Array;
  newBytes: Uint8Array;
  /** The reference patch shown to the model. */
  patch: string;
  lines: number;
  hunks: number;
}

export function taskFromPair(pair: FilePair): AgentTask {
  return {
    id: pair.id,
    path: pair.path,
    oldBytes: pair.oldBytes,
    newBytes: pair.newBytes,
    patch: unifiedDiff(pair.path, pair.oldDoc.lines, pair.newDoc.lines, pair.hunks),
    lines: pair.oldDoc.lines.length,
    hunks: pair.hunks.length,
  };
}

export function makeAgentTask(id: string, path: string, oldText: string, newText: string): AgentTask {
  const encoder = new TextEncoder();
  return taskFromPair(makeFilePair(id, path, encoder.encode(oldText), encoder.encode(newText)));
}
