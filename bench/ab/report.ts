// The Markdown of an A/B run: for each kind of call, both builds' median wall time, their ratio, and server CPU.

import type { MachineInfo } from "../support/machine.ts";
import type { ProbeResult } from "./alternate.ts";

export interface AbResults {
  kind: "lapp-bench-ab";
  date: string;
  machine: MachineInfo;
  /** What each build was named and what its binary says of itself (`lapp --version`). */
  builds: Array<{ name: string; version: string }>;
  calls: number;
  results: ProbeResult[];
}

export function renderAbMarkdown(run: AbResults): string {
  const [a, b] = run.builds;
  const ms = (value: number | undefined) => (value === undefined ? "—" : value.toFixed(1));
  const rows = run.results.map((result) => {
    const [first, second] = result.builds;
    const ratio = second!.wall.median / first!.wall.median;
    return `| ${result.label} | ${ms(first!.wall.median)} | ${ms(second!.wall.median)} | ${ratio.toFixed(2)}× | ${ms(first!.cpuMs)} | ${ms(second!.cpuMs)} |`;
  });
  return [
    `## lapp A/B — ${run.date}, ${run.machine.label}`,
    "",
    `Machine: ${run.machine.cpu}, ${run.machine.cores} cores; load average ${run.machine.loadAverage} at the start.`,
    `A: ${a!.name} (${a!.version}). B: ${b!.name} (${b!.version}).`,
    `Servers of both builds alive at once, calls alternating one by one, ${run.calls} each after warm-up;`,
    "milliseconds measured from outside (median) and server CPU per call (all threads).",
    "",
    "| call | A ms | B ms | B / A | A CPU ms | B CPU ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
    "",
  ].join("\n");
}
