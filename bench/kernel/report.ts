// bench:kernel's results as Markdown: one row per benchsuite query (both medians, their ratio, both counts and whether
// they agree, the server's memory after it), the semantic notes, the peak memory and the first call, each figure
// next to the goal of issue 29 with the verdict computed from the numbers.

import type { MachineInfo, Versions } from "../support/machine.ts";
import type { Timing } from "../support/stats.ts";
import type { QueryResult, SuiteResult } from "./measure.ts";
import { RG_WALK_RULES } from "./queries.ts";
import type { TreeDescription } from "./tree.ts";

export interface KernelResults {
  kind: "lapp-bench-kernel";
  date: string;
  machine: MachineInfo;
  versions: Versions;
  tree: TreeDescription;
  rounds: number;
  suite: SuiteResult;
}

/** Issue 29's goals: every query at or under ripgrep, the first call within 1.25× of it, peak memory. */
export const KERNEL_GOALS = { queryOverRipgrep: 1, firstCallOverRipgrep: 1.25, peakRssMiB: 150 } as const;

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const timing = (value: Timing) => `${ms(value.median)} (${ms(value.min)}–${ms(value.max)})`;
const verdict = (ok: boolean) => (ok ? "meets" : "**misses**");
const code = (text: string) => `\`${text.replaceAll("|", "\\|")}\``;
const shellWord = (word: string) => (/^[\w.,:=/+-]+$/.test(word) ? word : `'${word}'`);

/** Whether both tools found the same lines, every run, with lapp's count complete. */
export function countsAgree(query: QueryResult): boolean {
  return query.lappPartial === undefined && query.stable && query.lappMatches === query.rgMatches;
}

/** The counts cell: `39 = 39`, or why they cannot be compared. */
export function countsCell(query: QueryResult): string {
  const pair = `${query.rgMatches} / ${query.lappMatches}`;
  if (query.lappPartial === "stopped") return `${pair} (**lapp stopped at its time budget**: partial)`;
  if (query.lappPartial === "gave up") return `${pair} (**lapp's regex engine gave up on lines**: partial)`;
  if (!query.stable) return `${pair} (**counts changed between runs**)`;
  return query.lappMatches === query.rgMatches ? `${pair} (agree)` : `${pair} (**differ**)`;
}

export function renderKernelMarkdown(results: KernelResults): string {
  const { machine, versions, tree, suite } = results;
  const notes: string[] = [];
  const rows = suite.queries.map((query) => {
    let id = query.id;
    if (query.note) {
      notes.push(query.note);
      id += ` [${notes.length}]`;
    }
    const ratio = query.lappTiming.median / query.rgTiming.median;
    const rgCommand = ["rg", ...query.rg].map(shellWord).join(" ");
    const lappCall = `${code(query.lapp.pattern)}${query.lapp.ignore_case ? ", ignore_case" : ""}`;
    const rss = query.rssAfterMiB === undefined ? "" : query.rssAfterMiB.toFixed(0);
    return `| ${id} | ${code(rgCommand)} | ${lappCall} | ${timing(query.rgTiming)} | ${timing(query.lappTiming)} | ${ratio.toFixed(2)}× | ${verdict(ratio <= KERNEL_GOALS.queryOverRipgrep)} | ${countsCell(query)} | ${rss} |`;
  });
  const agreeing = suite.queries.filter(countsAgree).length;
  const first = suite.firstCall;
  const firstRatio = first.lapp.median / first.rg.median;
  const peak = suite.peakRssMiB;
  const kind = tree.git ? "a git checkout" : "no git repository";
  return [
    `## lapp_grep against ripgrep on the Linux tree (ripgrep's benchsuite) — ${results.date}, ${machine.label}`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; load average ${machine.loadAverage} at the start.`,
    `Versions: ${versions.lapp}${versions.dirty ? " (uncommitted changes)" : ""}, Bun ${versions.bun}${versions.ripgrep ? `, ${versions.ripgrep}` : ""}.`,
    `Tree: ${tree.kernel ?? "not a Linux tree"}, ${tree.files.toLocaleString("en-US")} files, ${tree.megabytes.toLocaleString("en-US")} MB (${kind}).`,
    "",
    `Each query: one \`lapp_grep\` call to one warm server (its defaults: 2 lines of context, 200 rows shown, every match`,
    `counted) against one \`rg ${RG_WALK_RULES.map(shellWord).join(" ")} …\` process with the benchsuite's arguments (lapp's walk rules:`,
    `hidden files searched, \`.git\` skipped, and lapp's default block list as \`--iglob '!…'\`), its output drained. ${results.rounds} runs of each after one warm-up, alternating, the`,
    "order turning every round; milliseconds, median (min–max). Counts: matching lines, rg's from its output, lapp's from",
    "its totals line, in every run. RSS: the lapp server's resident memory after the query's runs.",
    "",
    "| benchsuite query | rg command | lapp_grep pattern | rg ms | lapp ms | lapp/rg | ≤ 1.0× | matches rg / lapp | RSS MiB |",
    "| --- | --- | --- | ---: | ---: | ---: | --- | --- | ---: |",
    ...rows,
    "",
    ...notes.map((note, index) => `[${index + 1}] ${note}.`),
    ...(notes.length > 0 ? [""] : []),
    `Counts agree on ${agreeing} of ${suite.queries.length} queries.`,
    "",
    "| figure | lapp | rg | ratio | goal | verdict |",
    "| --- | ---: | ---: | ---: | --- | --- |",
    `| peak RSS of the warm server over the suite (MiB; ${suite.startRssMiB?.toFixed(0) ?? "?"} at start) | ${peak?.toFixed(0) ?? "?"} | | | ≤ ${KERNEL_GOALS.peakRssMiB} MiB | ${peak === undefined ? "" : verdict(peak <= KERNEL_GOALS.peakRssMiB)} |`,
    `| first search of a fresh server (${first.query}), after tools/list, ms | ${timing(first.lapp)} | ${timing(first.rg)} | ${firstRatio.toFixed(2)}× | ≤ ${KERNEL_GOALS.firstCallOverRipgrep}× rg | ${verdict(firstRatio <= KERNEL_GOALS.firstCallOverRipgrep)} |`,
    `| … from spawn to that answer, ms | ${timing(first.lappFromSpawn)} | | ${(first.lappFromSpawn.median / first.rg.median).toFixed(2)}× | | |`,
    ...(first.peakRssMiB
      ? [`| … those servers' peak RSS after it (MiB) | ${timing(first.peakRssMiB)} | | | | |`]
      : []),
    ...pausedRows(first),
    "",
  ].join("\n");
}

/** The first search made as an agent makes it, a pause after tools/list (older results have no such rows). */
function pausedRows(first: SuiteResult["firstCall"]): string[] {
  if (first.lappAfterPause === undefined || first.pauseMs === undefined) return [];
  const ratio = first.lappAfterPause.median / first.rg.median;
  return [
    `| the same first search ${first.pauseMs / 1000} s after tools/list (the server walked its root meanwhile), ms | ${timing(first.lappAfterPause)} | ${timing(first.rg)} | ${ratio.toFixed(2)}× | ≤ ${KERNEL_GOALS.firstCallOverRipgrep}× rg | ${verdict(ratio <= KERNEL_GOALS.firstCallOverRipgrep)} |`,
    ...(first.pausedRssMiB
      ? [`| … those servers' RSS at the end of the pause (MiB) | ${timing(first.pausedRssMiB)} | | | | |`]
      : []),
  ];
}
