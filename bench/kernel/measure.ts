// bench:kernel's measurements: each query run by one warm lapp server (one lapp_grep call) and by a fresh `rg`
// process, alternating, the order turning every round; both counts taken from every run (lapp's from its totals
// line, rg's from its output lines); the server's resident memory after each query and its peak over the suite;
// and the first search of freshly started servers against rg on the same cache.

import { currentRssMiB, type LappClient } from "../support/lapp-client.ts";
import { textTotals, type TextTotals } from "../support/match-counts.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { round, summarize, type Timing } from "../support/stats.ts";
import { RG_BLOCK_RULES, RG_WALK_RULES, type KernelQuery } from "./queries.ts";

export interface QueryResult extends KernelQuery {
  lappTiming: Timing;
  rgTiming: Timing;
  /** Matching lines lapp counted (its first measured run). */
  lappMatches: number;
  /** Matching lines rg printed (its first measured run). */
  rgMatches: number;
  /** lapp's count may miss matches: its search stopped at the time budget, or the regex engine gave up on lines. */
  lappPartial: TextTotals["partial"];
  /** Every measured run of each tool counted the same. */
  stable: boolean;
  /** Files lapp searched. */
  lappFiles: number;
  /** The server's resident memory once this query's runs were done. */
  rssAfterMiB: number | undefined;
}

export interface FirstCallResult {
  query: string;
  /** The first lapp_grep call of a fresh server, after tools/list. */
  lapp: Timing;
  /** Spawn → initialize → tools/list → that call answered. */
  lappFromSpawn: Timing;
  rg: Timing;
  /** The fresh servers' peak resident memory after that one call. */
  peakRssMiB: Timing | undefined;
  /** The same call made FIRST_CALL_PAUSE_MS after tools/list, as an agent's first call comes (absent in older results). */
  lappAfterPause?: Timing;
  pauseMs?: number;
  /** Those servers' resident memory at the end of the pause, before the call (MiB). */
  pausedRssMiB?: Timing | undefined;
}

/**
 * How long after tools/list the paused first call is made. A client starts its servers and lists their tools when it
 * starts; the model's first call waits at least for the person's request and the model's first answer — seconds.
 */
export const FIRST_CALL_PAUSE_MS = 2000;

export interface SuiteResult {
  queries: QueryResult[];
  /** Resident memory of the warm server once started (before its first search). */
  startRssMiB: number | undefined;
  /** Peak resident memory (VmHWM) of the warm server over the whole suite. */
  peakRssMiB: number | undefined;
  firstCall: FirstCallResult;
}

export interface SuiteOptions {
  rg: string;
  tree: string;
  queries: readonly KernelQuery[];
  /** Measured runs per tool and query (after one warm-up run each). */
  rounds: number;
  /** Fresh servers for the first-call figure. */
  firstCalls: number;
  /** The query of the first-call figure. */
  firstQuery: KernelQuery;
  binary?: string;
  log: (line: string) => void;
}

interface Sample {
  ms: number;
  matches: number;
}

export async function measureSuite(options: SuiteOptions): Promise<SuiteResult> {
  const { log } = options;
  const lapp = await startRawLappClient(options.tree, [], options.binary);
  const startRssMiB = currentRssMiB(lapp.pid);
  const queries: QueryResult[] = [];
  let peakRssMiB: number | undefined;
  try {
    for (const query of options.queries) {
      log(`${query.id}: lapp and rg alternating, ${options.rounds} rounds after a warm-up …`);
      queries.push(await measureQuery(lapp, options, query));
    }
    // Read before closing: the process's status is gone once it exits.
    peakRssMiB = rounded(lapp.peakRssMiB());
  } finally {
    await lapp.close();
  }
  log(`first call: ${options.firstCalls} fresh servers against rg …`);
  const firstCall = await measureFirstCall(options);
  return { queries, startRssMiB: rounded(startRssMiB), peakRssMiB, firstCall };
}

async function measureQuery(
  lapp: LappClient,
  options: SuiteOptions,
  query: KernelQuery,
): Promise<QueryResult> {
  const lappSamples: Sample[] = [];
  const rgSamples: Sample[] = [];
  let lappPartial: TextTotals["partial"];
  let lappFiles = 0;
  for (let run = -1; run < options.rounds; run++) {
    const order = run % 2 === 0 ? ["lapp", "rg"] : ["rg", "lapp"];
    for (const tool of order) {
      if (tool === "lapp") {
        const { sample, totals } = await lappSearch(lapp, query);
        if (run < 0) continue;
        lappSamples.push(sample);
        lappPartial ??= totals.partial;
        lappFiles = totals.filesSearched;
      } else {
        const sample = await ripgrepSearch(options.rg, options.tree, query);
        if (run >= 0) rgSamples.push(sample);
      }
    }
  }
  const sameCount = (samples: Sample[]) => samples.every((sample) => sample.matches === samples[0]!.matches);
  return {
    ...query,
    lappTiming: summarize(lappSamples.map((sample) => sample.ms)),
    rgTiming: summarize(rgSamples.map((sample) => sample.ms)),
    lappMatches: lappSamples[0]!.matches,
    rgMatches: rgSamples[0]!.matches,
    lappPartial,
    stable: sameCount(lappSamples) && sameCount(rgSamples),
    lappFiles,
    rssAfterMiB: rounded(currentRssMiB(lapp.pid)),
  };
}

/** One lapp_grep call with the query's arguments (lapp's defaults otherwise), its totals read from the answer. */
export async function lappSearch(
  lapp: LappClient,
  query: KernelQuery,
): Promise<{ sample: Sample; totals: TextTotals }> {
  const outcome = await lapp.call("lapp_grep", { ...query.lapp });
  const totals = outcome.isError ? undefined : textTotals(outcome.text);
  if (totals === undefined) throw new Error(`lapp_grep for ${query.id}: ${outcome.text.split("\n")[0]}`);
  return { sample: { ms: outcome.ms, matches: totals.matches }, totals };
}

/** The query's rg command as a fresh process with lapp's walk rules, its output drained and its lines counted. */
export async function ripgrepSearch(rg: string, tree: string, query: KernelQuery): Promise<Sample> {
  const started = performance.now();
  const child = Bun.spawn([rg, ...RG_WALK_RULES, ...RG_BLOCK_RULES, ...query.rg], {
    cwd: tree,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = new Uint8Array(await new Response(child.stdout).arrayBuffer());
  const code = await child.exited;
  const ms = performance.now() - started;
  // 1: nothing matched; 2: an error, though rg still prints what it found (an unreadable file, say).
  if (code !== 0 && code !== 1) {
    const reason = (await new Response(child.stderr).text()).split("\n")[0];
    throw new Error(`rg ${query.rg.join(" ")} exited with ${code}: ${reason}`);
  }
  let lines = 0;
  for (const byte of output) if (byte === 10) lines++;
  return { ms, matches: lines };
}

async function measureFirstCall(options: SuiteOptions): Promise<FirstCallResult> {
  const query = options.firstQuery;
  const samples = {
    lapp: [] as number[],
    fromSpawn: [] as number[],
    rg: [] as number[],
    rss: [] as number[],
    paused: [] as number[],
    pausedRss: [] as number[],
  };
  const tools = ["lapp", "rg", "paused"] as const;
  for (let run = 0; run < options.firstCalls; run++) {
    // Each of the three goes first, second and third in turn.
    const order = tools.map((_, index) => tools[(index + run) % tools.length]!);
    for (const tool of order) {
      if (tool === "rg") {
        samples.rg.push((await ripgrepSearch(options.rg, options.tree, query)).ms);
        continue;
      }
      const lapp = await startRawLappClient(options.tree, [], options.binary);
      try {
        if (tool === "paused") {
          await Bun.sleep(FIRST_CALL_PAUSE_MS);
          const rss = currentRssMiB(lapp.pid);
          if (rss !== undefined) samples.pausedRss.push(rss);
          samples.paused.push((await lappSearch(lapp, query)).sample.ms);
          continue;
        }
        const { sample } = await lappSearch(lapp, query);
        samples.lapp.push(sample.ms);
        samples.fromSpawn.push(lapp.startupMs + sample.ms);
        const peak = lapp.peakRssMiB();
        if (peak !== undefined) samples.rss.push(peak);
      } finally {
        await lapp.close();
      }
    }
  }
  return {
    query: query.id,
    lapp: summarize(samples.lapp),
    lappFromSpawn: summarize(samples.fromSpawn),
    rg: summarize(samples.rg),
    peakRssMiB: samples.rss.length > 0 ? summarize(samples.rss) : undefined,
    lappAfterPause: summarize(samples.paused),
    pauseMs: FIRST_CALL_PAUSE_MS,
    pausedRssMiB: samples.pausedRss.length > 0 ? summarize(samples.pausedRss) : undefined,
  };
}

const rounded = (value: number | undefined) => (value === undefined ? undefined : round(value, 1));
