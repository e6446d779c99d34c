// The read-once agent on dist/lapp: lapp_read every page once, then one lapp_edit per hunk with the refs of that
// read (never the refs an edit result returns); a refusal is retried with the fresh ref the error names, if any.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { EditInput } from "../../src/hashline/edit-types.ts";
import { editsForHunks } from "../costs/lapp-edit.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { errorCodeOf, type LappClient } from "../support/lapp-client.ts";
import { runAgent, type AgentPolicy, type AgentTool, type ReadSnapshot } from "./agent-loop.ts";
import type { AgentFileResult } from "./results.ts";
import { continuationOffset, errorPointers, freshRefFor, parseRows, type ShownRow } from "./rows.ts";
import { hunkInRead } from "./steps.ts";

export interface LappRead extends ReadSnapshot {
  /** Rows the read showed, by line number. */
  rows: Map<number, ShownRow>;
  pages: string[];
}

export interface LappEditCall {
  path: string;
  edits: EditInput[];
}

/** Reads a file the way a model does when it wants every line: page after page, each continuing at the offset the last one names. */
export async function readWholeFile(lapp: LappClient, path: string, shift = 0): Promise<LappRead> {
  const rows = new Map<number, ShownRow>();
  const pages: string[] = [];
  let offset: number | undefined = 1;
  while (offset !== undefined) {
    // With an explicit offset: a read without one answers a file too big for one page with its outline.
    const page = await lapp.call("lapp_read", { path, offset });
    if (page.isError) throw new Error(`lapp_read ${path} at ${offset}: ${page.text.split("\n")[0]}`);
    pages.push(page.text);
    for (const row of parseRows(page.text)) rows.set(row.line, row);
    const next = continuationOffset(page.text);
    offset = next !== undefined && next > offset ? next : undefined;
  }
  return { rows, pages, shift };
}

/** The refs a call names (anchor, start, end), special anchors (`0:`, `EOF:`) left out. */
export function lineRefsOf(call: LappEditCall): string[] {
  return call.edits.flatMap((edit) =>
    [edit.anchor, edit.start, edit.end].filter(
      (ref): ref is string => typeof ref === "string" && /^\d+#/.test(ref),
    ),
  );
}

/** The call with every ref in `fresh` swapped for its fresh ref. */
function withRefs(call: LappEditCall, fresh: Map<string, string>): LappEditCall {
  const swap = (ref: string | undefined) => (ref === undefined ? undefined : (fresh.get(ref) ?? ref));
  return {
    path: call.path,
    edits: call.edits.map((edit) => {
      const out = { ...edit };
      for (const key of ["anchor", "start", "end"] as const)
        if (out[key] !== undefined) out[key] = swap(out[key]);
      return out;
    }),
  };
}

export function lappTool(
  lapp: LappClient,
  path: string,
  newLines: readonly string[],
): AgentTool<LappRead, LappEditCall> {
  return {
    read: (shift) => readWholeFile(lapp, path, shift),
    plan(step, read) {
      let missing = false;
      const edits = editsForHunks([hunkInRead(step, read.shift)], newLines, (line) => {
        const row = read.rows.get(line);
        if (!row) missing = true;
        return row?.ref ?? `${line}#ZZ`;
      });
      return missing ? undefined : { path, edits };
    },
    async send(call) {
      const outcome = await lapp.call("lapp_edit", call as unknown as Record<string, unknown>);
      return { ok: !outcome.isError, text: outcome.text };
    },
    retryFromError(call, reply, read) {
      const pointers = errorPointers(reply.text);
      const texts = new Map([...read.rows.values()].map((row) => [row.ref, row.text]));
      const fresh = new Map<string, string>();
      for (const ref of lineRefsOf(call)) {
        const found = freshRefFor(pointers, ref, texts.get(ref) ?? "");
        if (found !== undefined && found !== ref) fresh.set(ref, found);
      }
      return fresh.size > 0 ? withRefs(call, fresh) : undefined;
    },
    codeOf: (reply) => errorCodeOf(reply.text) ?? "UNKNOWN",
  };
}

/** Puts the old file at `root/<id>/<path>` and runs the read-once agent on it through `lapp`. */
export async function runLappAgent(
  lapp: LappClient,
  root: string,
  pair: FilePair,
  policy?: AgentPolicy,
): Promise<AgentFileResult> {
  const relative = join(pair.id, pair.path);
  const absolute = join(root, relative);
  mkdirSync(dirname(absolute), { recursive: true });
  writeFileSync(absolute, pair.oldBytes);
  return runAgent(pair, absolute, lappTool(lapp, relative, pair.newDoc.lines), policy);
}
