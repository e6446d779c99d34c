// The shape of one `npm run bench` run as written to bench/results/<date>-<machine>.json, and the speed targets
// of the issue with the verdict of each measured figure.

import type { BigFilesResult } from "../big-files/measure.ts";
import type { CorpusCase } from "../corpus/manifest.ts";
import type { LargeFileResult } from "../measure/large-file.ts";
import type { Latency } from "../measure/latency.ts";
import type { PatchReplayResult } from "../measure/patch-replay.ts";
import type { RepairResult, ReplayResult } from "../measure/replay.ts";
import type { TokenCost } from "../measure/token-costs.ts";
import type { MachineInfo, Versions } from "../support/machine.ts";
import type { AgentWorkflowResults } from "../workflow/results.ts";

export interface OfflineResults {
  kind: "lapp-bench-offline";
  date: string;
  startedAt: string;
  durationSeconds: number;
  /** A shortened run (fewer repeats); such a run is still a real measurement but noisier. */
  quick: boolean;
  machine: MachineInfo;
  versions: Versions;
  tokenizer: string;
  corpus: CorpusCase[];
  tokens: TokenCost[];
  replay: ReplayResult[];
  repair: RepairResult[];
  /** Every change through lapp_apply_patch, as git's unified diff and as the envelope (absent in older runs). */
  patchReplay?: PatchReplayResult[];
  /** The read-once agent workflow (absent in runs made before it existed). */
  workflow?: AgentWorkflowResults;
  /** Find and change in big files (absent in runs made before it was part of `npm run bench`). */
  bigFiles?: BigFilesResult;
  latency: Latency;
  largeFile: LargeFileResult;
  speed: SpeedFigure[];
}

export type Verdict = "meets aim" | "meets target" | "misses target" | "not measured";

export interface SpeedFigure {
  figure: string;
  unit: "ms" | "s" | "MiB";
  measured: number | undefined;
  target: number;
  aim: number;
  verdict: Verdict;
  note?: string;
}

function verdictOf(measured: number | undefined, target: number, aim: number): Verdict {
  if (measured === undefined) return "not measured";
  if (measured <= aim) return "meets aim";
  return measured <= target ? "meets target" : "misses target";
}

function figure(
  name: string,
  unit: SpeedFigure["unit"],
  measured: number | undefined,
  target: number,
  aim: number,
  note?: string,
): SpeedFigure {
  return {
    figure: name,
    unit,
    measured,
    target,
    aim,
    verdict: verdictOf(measured, target, aim),
    ...(note ? { note } : {}),
  };
}

/** The speed table of issue 6 (targets and aims), filled with this run's medians. */
export function speedFigures(latency: Latency, large: LargeFileResult): SpeedFigure[] {
  const largeSeconds = large.error ? undefined : large.timing.median / 1000;
  return [
    figure("spawn → tools/list", "ms", latency.startup.median, 150, 60),
    figure(`lapp_read of ${latency.read.lines} lines`, "ms", latency.read.timing.median, 15, 3),
    figure(
      `lapp_edit, 100 edits, ${latency.editFileLines.toLocaleString("en-US")}-line file`,
      "ms",
      latency.edit100.median,
      60,
      10,
    ),
    figure(
      `100-line page near the end of a ${Math.round(large.bytes / 1024 ** 2)} MiB file`,
      "s",
      largeSeconds === undefined ? undefined : Math.round(largeSeconds * 1000) / 1000,
      1.5,
      0.3,
      large.error ? `lapp answered ${large.error}` : `first call ${large.firstMs} ms`,
    ),
    figure(
      "server peak memory during that read",
      "MiB",
      large.peakRssMiB === undefined ? undefined : Math.round(large.peakRssMiB),
      400,
      100,
    ),
  ];
}
