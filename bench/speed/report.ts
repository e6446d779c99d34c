// The speed run as Markdown: every figure next to its goal and peer, the verdict computed from the numbers.

import type { MachineInfo, Versions } from "../support/machine.ts";
import type { Timing } from "../support/stats.ts";
import type { GrepResult } from "./grep.ts";
import type { PacedMemoryResult } from "./paced-memory.ts";
import type { ServerWorkResult } from "./server-work.ts";
import type { StartupResult } from "./startup.ts";

export interface SpeedResults {
  kind: "lapp-bench-speed";
  date: string;
  machine: MachineInfo;
  versions: Versions;
  startup: StartupResult;
  grep: GrepResult | { skipped: string };
  server: ServerWorkResult;
  /** Absent in results written before it was measured. */
  pacedMemory?: PacedMemoryResult;
}

/** The goals of the speed work: absolute limits in ms / MiB and ratios to the peer of the same run. */
export const SPEED_GOALS = {
  toolsListMs: 15,
  toolsListOverHello: 5,
  grepOverRipgrep: 1,
  edit100Ms: 5,
  largePageMs: 50,
  peakRssMiB: 64,
} as const;

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const timing = (value: Timing) => `${ms(value.median)} (${ms(value.min)}–${ms(value.max)})`;
const ratio = (value: number) => `${value.toFixed(2)}×`;
const verdict = (ok: boolean) => (ok ? "meets" : "**misses**");

export function renderSpeedMarkdown(results: SpeedResults): string {
  const { machine, versions, startup, grep, server } = results;
  const lines = [
    `## lapp speed — ${results.date}, ${machine.label}`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; load average ${machine.loadAverage} at the start.`,
    `Versions: ${versions.lapp}${versions.dirty ? " (uncommitted changes)" : ""}, Bun ${versions.bun}${versions.ripgrep ? `, ${versions.ripgrep}` : ""}.`,
    "Milliseconds: median (min–max), measured from outside; samples of compared figures alternate within the run.",
    "",
    "### Startup",
    "",
    "| figure | ms | goal | verdict |",
    "| --- | ---: | --- | --- |",
    `| hello-world binary, same Bun and flags (spawn → exit) | ${timing(startup.hello)} | floor | |`,
    `| \`lapp --version\` (spawn → exit) | ${timing(startup.version)} | | |`,
    `| lapp spawn → \`initialize\` + \`tools/list\` answered | ${timing(startup.toolsList)} | ≤ ${SPEED_GOALS.toolsListMs} ms | ${verdict(startup.toolsList.median <= SPEED_GOALS.toolsListMs)} |`,
    `| … over hello-world | ${ratio(startup.toolsList.median / startup.hello.median)} | ≤ ${SPEED_GOALS.toolsListOverHello}× | ${verdict(startup.toolsList.median <= SPEED_GOALS.toolsListOverHello * startup.hello.median)} |`,
    "",
    "### lapp_grep against ripgrep",
    "",
    ...grepSection(grep),
    "### One server: edits, a page of a 110 MiB file, memory",
    "",
    "| figure | measured | goal | verdict |",
    "| --- | ---: | --- | --- |",
    `| lapp_edit, 1 edit, ${server.editFileLines.toLocaleString("en-US")}-line file | ${timing(server.edit1)} ms | | |`,
    `| lapp_edit, 100 edits, same file | ${timing(server.edit100)} ms | ≤ ${SPEED_GOALS.edit100Ms} ms | ${verdict(server.edit100.median <= SPEED_GOALS.edit100Ms)} |`,
    ...afterReadRows(server),
    `| 100-line page near the end of a 110 MiB file (${server.largeFileLines.toLocaleString("en-US")} lines), first call | ${ms(server.largeFirstMs)} ms | | |`,
    `| … repeated | ${timing(server.largePage)} ms | ≤ ${SPEED_GOALS.largePageMs} ms | ${verdict(server.largePage.median <= SPEED_GOALS.largePageMs)} |`,
    `| server memory after start (VmHWM) | ${mib(server.startupRssMiB)} | | |`,
    `| server peak memory after all of the above (VmHWM) | ${mib(server.peakRssMiB)} | ≤ ${SPEED_GOALS.peakRssMiB} MiB | ${verdict((server.peakRssMiB ?? Infinity) <= SPEED_GOALS.peakRssMiB)} |`,
    `| its memory 1 s after the last call (VmRSS) | ${mib(server.idleRssMiB)} | | |`,
    ...pacedRows(results.pacedMemory),
    "",
  ];
  return `${lines.join("\n")}\n`;
}

/** 100 edits once the whole file was read (runs from before it was measured have no such row). */
function afterReadRows(server: SpeedResults["server"]): string[] {
  if (server.edit100AfterRead === undefined) return [];
  return [
    `| … the same after the whole file was read (every row of it recorded as shown; measured after the peak below) | ${timing(server.edit100AfterRead)} ms | | |`,
  ];
}

function grepSection(grep: SpeedResults["grep"]): string[] {
  if ("skipped" in grep) return [`Skipped: ${grep.skipped}.`, ""];
  const tree = (name: "corpus" | "modules") =>
    `${grep.trees[name].files.toLocaleString("en-US")} files, ${grep.trees[name].megabytes} MB`;
  const rows = grep.cases.map((one) => {
    const share = one.lapp.median / one.rg.median;
    const where = one.path ? `\`${one.path}\`` : one.tree === "corpus" ? "corpus tree" : "packages tree";
    const counts = `${one.lappMatches ?? "?"} / ${one.rgMatches}`;
    return `| ${one.label}: \`${one.pattern}\` | ${where} | ${timing(one.lapp)} | ${timing(one.rg)} | ${ratio(share)} | ${counts} | ${verdict(share <= SPEED_GOALS.grepOverRipgrep)} |`;
  });
  const first = grep.firstCall.lapp.median / grep.firstCall.rg.median;
  const paused = grep.firstCallAfterPause;
  const pausedRow = paused
    ? [
        `| … the same, ${paused.pauseMs / 1000} s after tools/list (as an agent's first call comes) | packages tree | ${timing(paused.lapp)} | ${timing(paused.rg)} | ${ratio(paused.lapp.median / paused.rg.median)} | | ${verdict(paused.lapp.median / paused.rg.median <= SPEED_GOALS.grepOverRipgrep)} |`,
      ]
    : [];
  return [
    `Trees: the bench corpus unpacked (${tree("corpus")}) and four installed packages — typescript, prettier,`,
    `@modelcontextprotocol/sdk, zod — copied into one folder at the start of the run (${tree("modules")}). lapp_grep`,
    "is one MCP call to a running server with its default result limit (it keeps the listings of folders quiet for",
    "3 s for its next search); rg is one `rg --json` process per search (how an agent runs it); both with 2 context",
    "lines, hidden files and ignore files. Matching lines are counted by each tool in full.",
    "",
    "| search | where | lapp_grep ms | rg ms | lapp / rg | matching lines lapp / rg | goal ≤ 1.00× |",
    "| --- | --- | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    `| first call of a fresh server: \`${grep.cases[0]?.pattern}\` | packages tree | ${timing(grep.firstCall.lapp)} | ${timing(grep.firstCall.rg)} | ${ratio(first)} | | ${verdict(first <= SPEED_GOALS.grepOverRipgrep)} |`,
    ...pausedRow,
    "",
  ];
}

function pacedRows(paced: PacedMemoryResult | undefined): string[] {
  if (!paced) return [];
  const calls = `${paced.editCalls} edit calls (1 and 100 edits) and ${paced.pageCalls} pages`;
  return [
    `| peak memory of another server given ${calls}, each call ${paced.paceMs / 1000} s after the last answer (an agent's pace; the goal is for the run above) | ${mib(paced.peakRssMiB)} | | |`,
  ];
}

function mib(value: number | undefined): string {
  return value === undefined ? "n/a" : `${value.toFixed(0)} MiB`;
}
