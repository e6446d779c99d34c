// The Markdown of a levers run: per lever, the server's peak memory and its edit and page times, each the median
// of the rounds (the peak with its range), next to the shipped binary's.

import type { MachineInfo } from "../support/machine.ts";
import { summarize } from "../support/stats.ts";

/** One lever's server work in one round (bench/speed/server-work.ts figures). */
export interface LeverRound {
  peakRssMiB: number;
  idleRssMiB: number;
  edit1Ms: number;
  edit100Ms: number;
  edit100AfterReadMs: number;
  pageMs: number;
}

export interface LeversResults {
  kind: "lapp-bench-memory-levers";
  date: string;
  machine: MachineInfo;
  lapp: string;
  rounds: number;
  /** Calls per figure in each round (after warm-up). */
  calls: number;
  levers: Array<{ label: string; rounds: LeverRound[] }>;
}

const FIGURES = ["peakRssMiB", "idleRssMiB", "edit1Ms", "edit100Ms", "edit100AfterReadMs", "pageMs"] as const;

export function medianOf(rounds: readonly LeverRound[], figure: (typeof FIGURES)[number]): number {
  return summarize(rounds.map((round) => round[figure])).median;
}

export function renderLeversMarkdown(run: LeversResults): string {
  const shipped = run.levers[0]!;
  const vsShipped = (lever: (typeof run.levers)[number], figure: (typeof FIGURES)[number]) => {
    const value = medianOf(lever.rounds, figure);
    if (lever === shipped) return value.toFixed(1);
    return `${value.toFixed(1)} (${(value / medianOf(shipped.rounds, figure)).toFixed(2)}×)`;
  };
  const rows = run.levers.map((lever) => {
    const peaks = lever.rounds.map((round) => round.peakRssMiB);
    const range = `${Math.min(...peaks).toFixed(1)}–${Math.max(...peaks).toFixed(1)}`;
    const cells = [
      `${vsShipped(lever, "peakRssMiB")} [${range}]`,
      vsShipped(lever, "idleRssMiB"),
      vsShipped(lever, "edit1Ms"),
      vsShipped(lever, "edit100Ms"),
      vsShipped(lever, "edit100AfterReadMs"),
      vsShipped(lever, "pageMs"),
    ];
    return `| ${lever.label} | ${cells.join(" | ")} |`;
  });
  return [
    `## lapp memory levers — ${run.date}, ${run.machine.label}`,
    "",
    `Machine: ${run.machine.cpu}, ${run.machine.cores} cores, ${run.machine.memoryGiB} GiB; ${run.machine.os};`,
    `load average ${run.machine.loadAverage} at the start. lapp: ${run.lapp}.`,
    `One fresh server per lever and round doing the server work of bench:speed (1 and 100 edits of the 17,209-line`,
    `lodash.js, ${run.calls} calls each after 3 warm-ups; a 100-line page near the end of a 110 MiB file; then lodash.js`,
    `read whole and 100 edits again), levers in a turning order, ${run.rounds} rounds; medians of the rounds, the peak's`,
    "range in brackets, ratios against the shipped binary. Peak: the server's VmHWM before the whole read; idle: a",
    "second after its last call.",
    "",
    "| lever | peak MiB | idle MiB | 1 edit ms | 100 edits ms | 100 edits after a whole read ms | page ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
  ].join("\n");
}
