// bench/big-file-speed.ts's results as Markdown: per file, each build's figures next to the goals of issue 29
// (outline and find_block ≤ 50 ms, an edit ≤ 2× the floor measured in the same run), verdicts from the numbers.

import type { MachineInfo, Versions } from "../support/machine.ts";
import type { Timing } from "../support/stats.ts";
import type { BigFileResult, BuildFigures } from "./measure.ts";

export interface BigFileSpeedResults {
  kind: "lapp-bench-big-file-speed";
  date: string;
  machine: MachineInfo;
  versions: Versions;
  /** Label and `--version` line of each build measured. */
  builds: Array<{ label: string; version: string }>;
  rounds: number;
  files: BigFileResult[];
}

export const BIG_FILE_GOALS = { outlineMs: 50, findBlockMs: 50, editOverFloor: 2 } as const;

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const timing = (value: Timing) => `${ms(value.median)} (${ms(value.min)}–${ms(value.max)})`;
const verdict = (ok: boolean) => (ok ? "meets" : "**misses**");
const freshCount = (value: Timing) => (value.runs === 1 ? "one server" : `${value.runs} servers`);

function fileSection(file: BigFileResult): string[] {
  const rows = (figures: BuildFigures) => {
    const under = (value: Timing, goal: number) => verdict(value.median <= goal);
    const editRatio = figures.edit.median / file.floor.median;
    return [
      `| ${figures.build} | default read (the outline), first call of a fresh server (${freshCount(figures.firstRead)}) | ${timing(figures.firstRead)} | | |`,
      `| ${figures.build} | default read (the outline), warm | ${timing(figures.read)} | ≤ ${BIG_FILE_GOALS.outlineMs} ms | ${under(figures.read, BIG_FILE_GOALS.outlineMs)} |`,
      `| ${figures.build} | outline page further on (\`outline: true, offset\`) | ${timing(figures.outlinePage)} | ≤ ${BIG_FILE_GOALS.outlineMs} ms | ${under(figures.outlinePage, BIG_FILE_GOALS.outlineMs)} |`,
      `| ${figures.build} | \`lapp_find_block\` by pattern | ${timing(figures.findByPattern)} | ≤ ${BIG_FILE_GOALS.findBlockMs} ms | ${under(figures.findByPattern, BIG_FILE_GOALS.findBlockMs)} |`,
      `| ${figures.build} | \`lapp_find_block\` by anchor | ${timing(figures.findByAnchor)} | ≤ ${BIG_FILE_GOALS.findBlockMs} ms | ${under(figures.findByAnchor, BIG_FILE_GOALS.findBlockMs)} |`,
      `| ${figures.build} | \`lapp_edit\`, one line in or out | ${timing(figures.edit)} = ${editRatio.toFixed(2)}× floor | ≤ ${BIG_FILE_GOALS.editOverFloor}× floor | ${verdict(editRatio <= BIG_FILE_GOALS.editOverFloor)} |`,
      `| ${figures.build} | \`lapp_find_block\` right after an edit (a new version) | ${timing(figures.findAfterEdit)} | ≤ ${BIG_FILE_GOALS.findBlockMs} ms | ${under(figures.findAfterEdit, BIG_FILE_GOALS.findBlockMs)} |`,
      `| ${figures.build} | default read (the outline) right after an edit | ${timing(figures.readAfterEdit)} | ≤ ${BIG_FILE_GOALS.outlineMs} ms | ${under(figures.readAfterEdit, BIG_FILE_GOALS.outlineMs)} |`,
      `| ${figures.build} | server's peak RSS (MiB) | ${figures.peakRssMiB?.toFixed(0) ?? "?"} | | |`,
    ];
  };
  const first = file.builds[0]!;
  return [
    `### ${file.name} (${(file.bytes / 1e6).toFixed(1)} MB, ${file.lines.toLocaleString("en-US")} lines)`,
    "",
    `Floor — the file's bytes written to a new file in the same folder and fsynced, once: ${timing(file.floor)} ms.`,
    `What was answered (first build): the read \`${first.firstLines.read.slice(0, 90)}…\`; find_block \`${first.firstLines.find}\`.`,
    "",
    "| build | call | ms | goal | verdict |",
    "| --- | --- | ---: | --- | --- |",
    ...file.builds.flatMap(rows),
    "",
  ];
}

export function renderBigFileSpeedMarkdown(results: BigFileSpeedResults): string {
  const { machine, versions } = results;
  return [
    `## Big files: outline, find_block and edits — ${results.date}, ${machine.label}`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; load average ${machine.loadAverage} at the start.`,
    `Bun ${versions.bun}. Builds: ${results.builds.map((build) => `${build.label} = ${build.version}`).join("; ")}.`,
    `One server per build, spoken to over stdio; calls alternate between the builds, ${results.rounds} rounds after a warm-up,`,
    "the order turning every round; milliseconds, median (min–max). Each edit is a real atomic write (a marker line put in,",
    "then taken out), followed by one floor sample.",
    "",
    ...results.files.flatMap(fileSection),
  ].join("\n");
}
