// `bun bench/first-call-floor.ts`: how close a fresh process of this runtime can come to ripgrep on the first search
// of bench:speed (the rare literal on the packages tree). Next to `rg --json` and lapp's first call, each in a
// fresh process: the least a Bun binary does to search the tree in JavaScript on one thread and on two, and with
// the reading and searching compiled natively by TinyCC (as lapp's prefilter) — bench/floor/. The floors skip what
// lapp must do (ignore rules, the block list, safe opens, line numbers, context, MCP). --rounds N (default 11),
// in a turning order. Prints the table and writes results/<date>-<machine>-floor.{json,md}.

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMPILE_FLAGS } from "../scripts/build-options.ts";
import { LISTING_SETTLED_MS } from "../src/search/limits.ts";
import { BENCH_DIR, loadManifest } from "./corpus/manifest.ts";
import { writeResults } from "./report/write.ts";
import { buildModulesTree, callGrep, grepCases, runRipgrep } from "./speed/grep.ts";
import { ensureBinary } from "./support/build.ts";
import { LAPP_BINARY } from "./support/lapp-client.ts";
import { findRipgrep, machineInfo, runDate, type MachineInfo } from "./support/machine.ts";
import { ripgrepLineCount } from "./support/match-counts.ts";
import { startRawLappClient } from "./support/raw-mcp.ts";
import { summarize, type Timing } from "./support/stats.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);
const FLOOR_DIR = join(BENCH_DIR, "floor");

/** The floors: a program of bench/floor/ each, compiled like lapp, with the arguments after root and literal. */
export const FLOORS = [
  { label: "floor: JavaScript, one thread", entry: "js-one-thread.ts", args: [] },
  { label: "floor: JavaScript, two threads", entry: "js-two-threads.ts", args: [] },
  {
    label: "floor: native read and search (TinyCC), one thread",
    entry: "native-one-thread.ts",
    args: [join(FLOOR_DIR, "native-one-thread.c")],
  },
] as const;

export interface FloorResults {
  kind: "lapp-bench-first-call-floor";
  date: string;
  machine: MachineInfo;
  lapp: string;
  search: { pattern: string; tree: string };
  rounds: number;
  rows: Array<{ label: string; timing: Timing; found?: number }>;
}

async function main(): Promise<void> {
  const roundsAt = process.argv.indexOf("--rounds");
  const rounds = roundsAt === -1 ? 11 : Number(process.argv[roundsAt + 1]);
  const rg = findRipgrep();
  if (!rg) throw new Error("ripgrep (rg) is not installed");
  const started = new Date();
  ensureBinary(join(BENCH_DIR, ".."), log);
  const search = grepCases(loadManifest())[0]!;
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-floor-")));
  try {
    const tree = buildModulesTree(scratch);
    const binaries = FLOORS.map((floor) => compileFloor(floor.entry, scratch));
    // lapp keeps a folder's listing only once it has been quiet a while (as a repository is before it is searched).
    await Bun.sleep(LISTING_SETTLED_MS + 500);
    const lappFirst = "lapp: first call of a fresh server (after tools/list)";
    const lappWhole = "lapp: spawn → initialize → tools/list → first call answered";
    const rgLabel = "rg --json (a fresh process)";
    // Each contestant's run gives its samples by label (lapp's gives two: the call alone, and from spawn).
    const contestants: Array<() => Promise<Array<[string, number]>>> = [
      async () => [[rgLabel, await runRipgrep(rg, tree, search)]],
      ...FLOORS.map((floor, index) => async (): Promise<Array<[string, number]>> => [
        [floor.label, await timeProcess([binaries[index]!, tree, search.pattern, ...floor.args])],
      ]),
      async () => {
        const lapp = await startRawLappClient(tree);
        try {
          const first = (await callGrep(lapp, search)).ms;
          return [
            [lappFirst, first],
            [lappWhole, lapp.startupMs + first],
          ];
        } finally {
          await lapp.close();
        }
      },
    ];
    const samples = new Map<string, number[]>();
    for (let round = -1; round < rounds; round++) {
      log(`round ${round + 2}/${rounds + 1}${round < 0 ? " (warm-up)" : ""} …`);
      for (let step = 0; step < contestants.length; step++) {
        const measured = await contestants[(step + Math.max(round, 0)) % contestants.length]!();
        if (round < 0) continue;
        for (const [label, ms] of measured) samples.set(label, [...(samples.get(label) ?? []), ms]);
      }
    }
    const found = new Map<string, number>([
      [rgLabel, ripgrepLineCount(rg, tree, search)],
      ...FLOORS.map((floor, index): [string, number] => [
        floor.label,
        Number(Bun.spawnSync([binaries[index]!, tree, search.pattern, ...floor.args]).stdout.toString()),
      ]),
    ]);
    const results: FloorResults = {
      kind: "lapp-bench-first-call-floor",
      date: runDate(started),
      machine: machineInfo(),
      lapp: Bun.spawnSync([LAPP_BINARY, "--version"]).stdout.toString().trim(),
      search: { pattern: search.pattern, tree: "packages tree (bench:speed)" },
      rounds,
      rows: [...samples].map(([label, ms]) => ({ label, timing: summarize(ms), found: found.get(label) })),
    };
    const markdown = renderFloorMarkdown(results);
    process.stdout.write(markdown);
    log(
      `wrote ${writeResults(`${results.date}-${results.machine.label}-floor`, results, markdown).markdown}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Compiles a floor program with lapp's own compile flags (minified, bytecode, nothing autoloaded). */
export function compileFloor(entry: string, folder: string): string {
  const binary = join(folder, entry.replace(/\.ts$/, ""));
  const result = Bun.spawnSync(
    [process.execPath, "build", join(FLOOR_DIR, entry), ...COMPILE_FLAGS, `--outfile=${binary}`],
    { stdout: "ignore", stderr: "pipe" },
  );
  if (result.exitCode !== 0) throw new Error(`compiling ${entry}: ${result.stderr.toString()}`);
  return binary;
}

/** Spawn to exit, its output read whole. */
async function timeProcess(command: string[]): Promise<number> {
  const started = performance.now();
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "ignore" });
  await new Response(child.stdout).arrayBuffer();
  if ((await child.exited) !== 0) throw new Error(`${command[0]} failed`);
  return performance.now() - started;
}

export function renderFloorMarkdown(run: FloorResults): string {
  const rg = run.rows.find((row) => row.label.startsWith("rg"))!;
  const rows = run.rows.map((row) => {
    const { median, min, max } = row.timing;
    const ratio = (median / rg.timing.median).toFixed(2);
    return `| ${row.label} | ${median.toFixed(1)} (${min.toFixed(1)}–${max.toFixed(1)}) | ${ratio}× | ${row.found ?? ""} |`;
  });
  return [
    `## First call against its floor — ${run.date}, ${run.machine.label}`,
    "",
    `Machine: ${run.machine.cpu}, ${run.machine.cores} cores; load average ${run.machine.loadAverage} at the start. lapp: ${run.lapp}.`,
    `Search: the literal \`${run.search.pattern}\` on the ${run.search.tree}; every row a fresh process, ${run.rounds}`,
    "rounds in a turning order after one warm-up round, milliseconds from spawn to the end of the output (median, range).",
    "The floors skip ignore rules, checks, line numbers and output; found: lines (rg) or occurrences (floors).",
    "",
    "| run | ms | × rg | found |",
    "| --- | ---: | ---: | ---: |",
    ...rows,
    "",
  ].join("\n");
}

if (import.meta.main) await main();
