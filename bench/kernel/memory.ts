// bench/kernel-memory.ts's measurements and table: one warm lapp server answers the benchsuite queries round after
// round (one lapp_grep call each), and after every call the server process's resident memory (VmRSS) and its peak so
// (VmHWM) are read from /proc — the search workers are threads, so the process's figures cover them. The peak is reset
// before every call (`5` written to /proc/<pid>/clear_refs, Linux 4.0+), so each call's own peak is seen; where that
// is refused, the peak since the server started. Memory is flat when the last round's peak is not above the first
// round's, nor the RSS it leaves after a call, by more than FLAT_TOLERANCE.

import { writeFileSync } from "node:fs";
import { currentRssMiB, peakRssMiB } from "../support/lapp-client.ts";
import type { MachineInfo, Versions } from "../support/machine.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { round } from "../support/stats.ts";
import { lappSearch } from "./measure.ts";
import type { KernelQuery } from "./queries.ts";
import { KERNEL_GOALS } from "./report.ts";
import type { TreeDescription } from "./tree.ts";

/**
 * How much the last round's peak may exceed the first round's and still count as flat: 10 %, about what the garbage
 * one search leaves for the collector moves a peak by on its own.
 */
export const FLAT_TOLERANCE = 0.1;

/**
 * How long the server is left idle after the last call before its resident memory is read once more: past the
 * idle collections of its threads (src/server/create.ts, WORKER_IDLE_COLLECTION_MS), where an agent's server sits
 * between calls.
 */
export const IDLE_PAUSE_MS = 3000;

/** The answers asked for: each query's own (lapp_grep's default, rows of the first matches) or lists of files. */
export type MemoryOutput = "content" | "files" | "count";

export interface MemorySample {
  round: number;
  query: string;
  ms: number;
  matches: number;
  /** VmRSS after the call, MiB. */
  rssMiB: number | undefined;
  /** VmHWM after the call, MiB: the call's own peak (`peakPerCall`), else the peak since the server started. */
  peakMiB: number | undefined;
}

export interface MemoryRun {
  startRssMiB: number | undefined;
  /** Whether the peak was reset before every call (each sample's peak is that call's own). */
  peakPerCall: boolean;
  samples: MemorySample[];
  /** What the calls asked for (absent in results written before it could be chosen: "content"). */
  output?: MemoryOutput;
  /** VmRSS IDLE_PAUSE_MS after the last call, MiB (absent in older results). */
  idleRssMiB?: number | undefined;
}

export interface KernelMemoryResults {
  kind: "lapp-bench-kernel-memory";
  date: string;
  machine: MachineInfo;
  versions: Versions;
  tree: TreeDescription;
  rounds: number;
  run: MemoryRun;
}

export interface MemoryOptions {
  tree: string;
  queries: readonly KernelQuery[];
  rounds: number;
  binary?: string;
  env?: Record<string, string>;
  output?: MemoryOutput;
  /** The pause before the idle reading (IDLE_PAUSE_MS; tests shorten it). */
  idlePauseMs?: number;
  log: (line: string) => void;
}

export async function measureMemory(options: MemoryOptions): Promise<MemoryRun> {
  const lapp = await startRawLappClient(options.tree, [], options.binary, options.env);
  const startRssMiB = rounded(currentRssMiB(lapp.pid));
  const samples: MemorySample[] = [];
  const output = options.output ?? "content";
  let peakPerCall = true;
  let idleRssMiB: number | undefined;
  try {
    for (let round = 1; round <= options.rounds; round++) {
      options.log(`round ${round} of ${options.rounds} …`);
      for (const query of options.queries) {
        peakPerCall &&= resetPeak(lapp.pid);
        const asked = output === "content" ? query : { ...query, lapp: { ...query.lapp, output } };
        const { sample } = await lappSearch(lapp, asked);
        const rss = currentRssMiB(lapp.pid);
        const peak = peakRssMiB(lapp.pid);
        samples.push({
          round,
          query: query.id,
          ms: Math.round(sample.ms * 10) / 10,
          matches: sample.matches,
          rssMiB: rounded(rss),
          // Linux updates the high-water mark lazily: read after a resident size that fell meanwhile, it can be
          // below the size just read, which the call's peak cannot be.
          peakMiB: rounded(peak === undefined || rss === undefined ? peak : Math.max(peak, rss)),
        });
      }
    }
    await Bun.sleep(options.idlePauseMs ?? IDLE_PAUSE_MS);
    idleRssMiB = rounded(currentRssMiB(lapp.pid));
  } finally {
    await lapp.close();
  }
  return { startRssMiB, peakPerCall, samples, output, idleRssMiB };
}

/** Resets the process's VmHWM to its current RSS; false where the system refuses. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

export interface RoundSummary {
  round: number;
  /** The highest RSS after any call of the round. */
  maxRssMiB: number;
  /** The highest peak of the round's calls (VmHWM). */
  peakMiB: number;
  /** The sum of the round's call times, ms. */
  ms: number;
}

export function roundSummaries(run: MemoryRun): RoundSummary[] {
  const rounds = [...new Set(run.samples.map((sample) => sample.round))];
  return rounds.map((round) => {
    const samples = run.samples.filter((sample) => sample.round === round);
    return {
      round,
      maxRssMiB: Math.max(...samples.map((sample) => sample.rssMiB ?? 0)),
      peakMiB: Math.max(...samples.map((sample) => sample.peakMiB ?? 0)),
      ms: Math.round(samples.reduce((sum, sample) => sum + sample.ms, 0)),
    };
  });
}

/**
 * Whether memory stays flat: the last round's peak and the highest RSS it left after a call, each within
 * FLAT_TOLERANCE of the first round's.
 */
export function isFlat(summaries: readonly RoundSummary[]): boolean {
  if (summaries.length < 2) return true;
  const [first, last] = [summaries[0]!, summaries.at(-1)!];
  const within = (now: number, then: number) => now <= then * (1 + FLAT_TOLERANCE);
  return within(last.peakMiB, first.peakMiB) && within(last.maxRssMiB, first.maxRssMiB);
}

/** Per query: its highest peak over the rounds. */
export function queryPeaks(run: MemoryRun): Array<{ query: string; peakMiB: number; rounds: number[] }> {
  const queries = [...new Set(run.samples.map((sample) => sample.query))];
  return queries.map((query) => {
    const rounds = run.samples
      .filter((sample) => sample.query === query)
      .map((sample) => sample.peakMiB ?? 0);
    return { query, peakMiB: Math.max(...rounds), rounds };
  });
}

const asked = (output: MemoryOutput | undefined) =>
  output === undefined || output === "content"
    ? "its defaults"
    : `output "${output}", no rows: every file only counted`;
const mib = (value: number | undefined) => (value === undefined ? "?" : value.toFixed(0));
const verdict = (ok: boolean) => (ok ? "meets" : "**misses**");

export function renderMemoryMarkdown(results: KernelMemoryResults): string {
  const { machine, versions, tree, run } = results;
  const queries = [...new Set(run.samples.map((sample) => sample.query))];
  const rounds = [...new Set(run.samples.map((sample) => sample.round))];
  const cell = (query: string, round: number) => {
    const sample = run.samples.find((each) => each.query === query && each.round === round);
    return sample ? `${mib(sample.rssMiB)} / ${mib(sample.peakMiB)}` : "";
  };
  const summaries = roundSummaries(run);
  const peak = summaries.length > 0 ? Math.max(...summaries.map((summary) => summary.peakMiB)) : undefined;
  const flat = isFlat(summaries);
  const peakMeaning = run.peakPerCall
    ? "its peak during the call (VmHWM, reset before each call)"
    : "its peak so far (VmHWM; this system refused to reset it)";
  return [
    `## lapp_grep's memory over repeated benchsuite queries on the Linux tree — ${results.date}, ${machine.label}`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}.`,
    `Versions: ${versions.lapp}${versions.dirty ? " (uncommitted changes)" : ""}, Bun ${versions.bun}.`,
    `Tree: ${tree.kernel ?? "not a Linux tree"}, ${tree.files.toLocaleString("en-US")} files, ${tree.megabytes.toLocaleString("en-US")} MB.`,
    "",
    `One warm server, the ${queries.length} queries of bench:kernel (one \`lapp_grep\` call each, ${asked(run.output)}) repeated`,
    `${rounds.length} rounds, back to back. Each cell: the server's resident memory after the call (VmRSS) / ${peakMeaning};`,
    `MiB, of the whole process (the search workers are its threads). ${mib(run.startRssMiB)} MiB at start.`,
    "",
    `| query | ${rounds.map((round) => `round ${round}`).join(" | ")} | highest peak |`,
    `| --- | ${rounds.map(() => "---:").join(" | ")} | ---: |`,
    ...queryPeaks(run).map(
      ({ query, peakMiB }) =>
        `| ${query} | ${rounds.map((round) => cell(query, round)).join(" | ")} | ${mib(peakMiB)} |`,
    ),
    "",
    "| round | highest RSS after a call (MiB) | peak (MiB) | the round's calls, ms |",
    "| ---: | ---: | ---: | ---: |",
    ...summaries.map(
      (summary) =>
        `| ${summary.round} | ${mib(summary.maxRssMiB)} | ${mib(summary.peakMiB)} | ${summary.ms} |`,
    ),
    "",
    "| figure | lapp | goal | verdict |",
    "| --- | ---: | --- | --- |",
    `| peak RSS over all rounds (MiB) | ${mib(peak)} | ≤ ${KERNEL_GOALS.peakRssMiB} MiB | ${peak === undefined ? "" : verdict(peak <= KERNEL_GOALS.peakRssMiB)} |`,
    ...(run.idleRssMiB === undefined
      ? []
      : [`| resident ${IDLE_PAUSE_MS / 1000} s after the last call (MiB) | ${mib(run.idleRssMiB)} | | |`]),
    `| last round against the first: peak, highest RSS after a call (MiB) | ${mib(summaries.at(-1)?.peakMiB)} vs ${mib(summaries[0]?.peakMiB)}, ${mib(summaries.at(-1)?.maxRssMiB)} vs ${mib(summaries[0]?.maxRssMiB)} | flat (≤ +${FLAT_TOLERANCE * 100} % each) | ${verdict(flat)} |`,
    "",
  ].join("\n");
}

const rounded = (value: number | undefined) => (value === undefined ? undefined : round(value, 1));
