// The calls an A/B run compares: the searches of `bench:speed` on its two trees, and edits of the 17,209-line
// lodash.js (1 edit, 100 edits, and 100 edits once the file was read whole, as an agent reads before it edits).

import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { corpusFilePath } from "../corpus/fetch.ts";
import type { Manifest } from "../corpus/manifest.ts";
import { editSampler } from "../measure/latency.ts";
import type { KernelQuery } from "../kernel/queries.ts";
import type { GrepCase } from "../speed/grep.ts";
import { type LappClient, readAllPages } from "../support/lapp-client.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import type { Probe } from "./alternate.ts";

export interface ProbeSet<Server extends Pick<LappClient, "pid"> = LappClient> {
  probes: Probe<Server>[];
  /** Runs before the probe at that index (the edits after a read read the file whole first). */
  before?: Map<number, () => Promise<void>>;
  close(): Promise<void>;
}

/** One server per build on each tree; one probe per search. */
export async function grepProbes(
  binaries: readonly string[],
  trees: Record<GrepCase["tree"], string>,
  cases: readonly GrepCase[],
): Promise<ProbeSet> {
  const servers: Partial<Record<GrepCase["tree"], LappClient[]>> = {};
  for (const tree of new Set(cases.map((one) => one.tree)))
    servers[tree] = await Promise.all(binaries.map((binary) => startRawLappClient(trees[tree], [], binary)));
  const probes = cases.map((search) => ({
    label: `lapp_grep ${search.label} (${search.tree === "corpus" ? "corpus tree" : "packages tree"})`,
    servers: servers[search.tree]!,
    call: async (server: LappClient) => {
      const args = {
        pattern: search.pattern,
        literal: search.literal,
        context: 2,
        ...(search.ignoreCase && { ignore_case: true }),
        ...(search.path && { path: search.path }),
      };
      const outcome = await server.call("lapp_grep", args);
      if (outcome.isError) throw new Error(`lapp_grep ${search.pattern}: ${outcome.text.split("\n")[0]}`);
      return outcome.ms;
    },
  }));
  return { probes, close: () => closeAll(Object.values(servers).flat()) };
}

/**
 * bench:kernel's queries (ripgrep's benchsuite) on a Linux tree, one server per build, each call as bench:kernel
 * makes it (lapp_grep's defaults): the whole-tree searches compared build against build, calls alternating, where
 * two sweeps one after the other would let the machine's drift between them pass for a difference.
 */
export async function kernelProbes(
  binaries: readonly string[],
  tree: string,
  queries: readonly KernelQuery[],
): Promise<ProbeSet> {
  const servers = await Promise.all(binaries.map((binary) => startRawLappClient(tree, [], binary)));
  const probes = queries.map((query) => ({
    label: `lapp_grep ${query.id} (Linux tree)`,
    servers,
    call: async (server: LappClient) => {
      const outcome = await server.call("lapp_grep", query.lapp);
      if (outcome.isError) throw new Error(`lapp_grep ${query.lapp.pattern}: ${outcome.text.split("\n")[0]}`);
      return outcome.ms;
    },
  }));
  return { probes, close: () => closeAll(servers) };
}

/**
 * A fresh server of each build per call, timed from spawn to its answer to `tools/list` (what a client waits for
 * before its first call), then closed: the start, the runtime's and lapp's own, with nothing warm.
 */
export function startupProbes(
  binaries: readonly string[],
  root: string,
): ProbeSet<{ pid: 0; binary: string }> {
  const probe: Probe<{ pid: 0; binary: string }> = {
    label: "spawn → tools/list (a fresh server)",
    servers: binaries.map((binary) => ({ pid: 0, binary })),
    call: async (server) => {
      const client = await startRawLappClient(root, [], server.binary);
      await client.close();
      return client.startupMs;
    },
  };
  return { probes: [probe], close: async () => {} };
}

/** One server per build, each on its own copy of lodash.js. */
export async function editProbes(
  binaries: readonly string[],
  manifest: Manifest,
  scratch: string,
): Promise<ProbeSet> {
  const servers: LappClient[] = [];
  const samplers: Array<ReturnType<typeof editSampler>> = [];
  for (const [build, binary] of binaries.entries()) {
    const root = join(scratch, `edits-${build}`);
    mkdirSync(root, { recursive: true });
    copyFileSync(corpusFilePath(manifest.latency.edit), join(root, "edit-target"));
    const server = await startRawLappClient(root, [], binary);
    servers.push(server);
    samplers.push(editSampler(server, join(root, "edit-target")));
  }
  const edits = (label: string, count: number): Probe => ({
    label,
    servers,
    call: (_server, build) => samplers[build]!.call(count),
  });
  const lines = samplers[0]!.lines.toLocaleString("en-US");
  const probes = [
    edits(`lapp_edit, 1 edit, ${lines}-line file`, 1),
    edits("lapp_edit, 100 edits, same file", 100),
    edits("… 100 edits after the whole file was read", 100),
  ];
  const readWhole = async () => {
    for (const [build, server] of servers.entries())
      await readAllPages(server, "edit-target", samplers[build]!.lines);
  };
  return { probes, before: new Map([[2, readWhole]]), close: () => closeAll(servers) };
}

async function closeAll(servers: readonly LappClient[]): Promise<void> {
  await Promise.all(servers.map((server) => server.close()));
}
