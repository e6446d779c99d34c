// The agent-workflow part of `npm run bench`: for every change of the corpus, the read-once agent on dist/lapp
// and on the text-addressed peer, then the outside-change scenario (7 and 50 lines). A fresh server per run.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { CorpusCase } from "../corpus/manifest.ts";
import type { FilePair } from "../diff/file-pair.ts";
import { startLappClient, type LappClient } from "../support/lapp-client.ts";
import type { AgentPolicy } from "./agent-loop.ts";
import { runLappAgent } from "./lapp-agent.ts";
import { runOutsideChange } from "./outside-change.ts";
import type { AgentWorkflowResults, OutsideChangeResult } from "./results.ts";
import { runTextPeer } from "./text-agent.ts";

/** Lines inserted on disk between the read and the edits, one run each. */
export const OUTSIDE_INSERTIONS = [7, 50] as const;

/** The re-reading agents run on lapp besides the single-read one, by the name the table gives them. */
export const REREADING_AGENTS: Record<string, AgentPolicy> = {
  "C: re-reads on a refusal, goes on with its first read": { kind: "reread-first" },
  "D: re-reads on a refusal, goes on with its latest read": { kind: "reread-latest" },
  "C, re-reading every 4 hunks too": { kind: "reread-first", rereadEvery: 4 },
  "D, re-reading every 4 hunks too": { kind: "reread-latest", rereadEvery: 4 },
};

export async function measureAgentWorkflow(
  cases: readonly CorpusCase[],
  pairs: readonly FilePair[],
  scratch: string,
  log: (line: string) => void,
): Promise<AgentWorkflowResults> {
  const t0 = performance.now();
  const language = new Map(cases.map((item) => [item.id, item.language]));
  const results: AgentWorkflowResults = {
    lapp: [],
    rereading: Object.fromEntries(Object.keys(REREADING_AGENTS).map((name) => [name, []])),
    textPeer: [],
    outside: [],
    durationSeconds: 0,
  };
  for (const [index, pair] of pairs.entries()) {
    const root = makeDir(join(scratch, `workflow-${index}`));
    results.lapp.push(
      await withServer(makeDir(join(root, "lapp")), (lapp) => runLappAgent(lapp, join(root, "lapp"), pair)),
    );
    for (const [index, [name, policy]] of Object.entries(REREADING_AGENTS).entries()) {
      const agentRoot = makeDir(join(root, `rereading-${index}`));
      results.rereading[name]!.push(
        await withServer(agentRoot, (lapp) => runLappAgent(lapp, agentRoot, pair, policy)),
      );
    }
    results.textPeer.push(await runTextPeer(makeDir(join(root, "text")), pair));
    for (const count of OUTSIDE_INSERTIONS) {
      const outsideRoot = makeDir(join(root, `outside-${count}`));
      const outside: OutsideChangeResult = await withServer(outsideRoot, (lapp) =>
        runOutsideChange(lapp, outsideRoot, pair, count, language.get(pair.id) ?? "javascript"),
      );
      results.outside.push(outside);
    }
    const last = results.lapp.at(-1)!;
    log(
      `  ${pair.id}: ${last.acceptedFirst}/${last.hunks} lapp calls accepted first time, ${last.rereads} re-reads` +
        `${last.exact ? "" : ", not exact"}${last.silentlyWrong ? ", SILENTLY WRONG" : ""}`,
    );
  }
  results.durationSeconds = Math.round((performance.now() - t0) / 100) / 10;
  return results;
}

async function withServer<T>(root: string, run: (lapp: LappClient) => Promise<T>): Promise<T> {
  const lapp = await startLappClient(root);
  try {
    return await run(lapp);
  } finally {
    await lapp.close();
  }
}

function makeDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}
