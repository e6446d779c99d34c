// `bun bench/grep.ts`: lapp_grep over MCP (dist/lapp, SDK client) against one rg process, on the same tree in the
// same run — a rare literal, a regex and a common literal — plus the engine in-process with 0, 1 and 2 workers.
// Writes bench/results/<date>-<machine>-grep.md. Not a test: numbers are reported, never asserted.

import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../src/config.ts";
import { runSearch } from "../src/search/engine.ts";
import { LanePool } from "../src/search/lanes.ts";
import { NO_OVERRIDES } from "../src/search/overrides.ts";
import { compileBlocklist } from "../src/security/blocklist.ts";
import { ensureBinary } from "./support/build.ts";
import { startLappClient, type LappClient } from "./support/lapp-client.ts";
import { findRipgrep, machineInfo, runDate, versions } from "./support/machine.ts";
import { summarize, type Timing } from "./support/stats.ts";

const REPO = resolve(import.meta.dir, "..");
const PACKAGES = ["typescript", "prettier", "zod", "ajv", "valibot", "fast-check"];
const RARE = "zxqv_rare_marker_7";
const RUNS = Number(process.env.GREP_BENCH_RUNS ?? 21);
const WARMUP = 3;

interface Query {
  name: string;
  pattern: string;
  literal: boolean;
}

const QUERIES: Query[] = [
  { name: "rare literal", pattern: RARE, literal: true },
  { name: "regex", pattern: "function\\s+\\w+\\(", literal: false },
  { name: "common literal", pattern: "return", literal: true },
];

const log = (line: string) => process.stderr.write(`${line}\n`);

/** A realistic tree: real packages plus a repository, nested .gitignore negations, hidden, binary and blocked files. */
function buildTree(root: string): { files: number; bytes: number } {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const name of PACKAGES) {
    const source = join(REPO, "node_modules", name);
    if (!existsSync(source)) throw new Error(`node_modules/${name} is missing: run npm ci first`);
    cpSync(source, join(root, name), { recursive: true, dereference: false, verbatimSymlinks: true });
  }
  const put = (path: string, content: string | Uint8Array) => {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  mkdirSync(join(root, ".git", "info"), { recursive: true });
  put(".git/HEAD", "ref: refs/heads/main\n");
  put(".git/info/exclude", "*.orig\n");
  put(".gitignore", "*.map\n!typescript/lib/keep.map\nbuild/\n*.tsbuildinfo\n");
  put("zod/.gitignore", "*.d.cts\n!index.d.cts\n");
  put("prettier/plugins/.gitignore", "!*.map\n");
  put(".config/settings.json", `{ "marker": "${RARE}" }\n`);
  put(".eslintrc", '{ "root": true }\n');
  put(".env", `SECRET=${RARE}\n`);
  put("assets/blob.bin", new Uint8Array(Array.from({ length: 4096 }, (_, index) => (index * 31) % 256)));
  put("build/out.js", `// ${RARE} in an ignored directory\nfunction built() { return 1; }\n`);
  put("src/app.ts", `export function start() {\n  return "${RARE}";\n}\n`);
  const counted = Bun.spawnSync([
    "find",
    root,
    "-type",
    "f",
    "-not",
    "-path",
    `${root}/.git/*`,
    "-printf",
    "%s\\n",
  ]);
  const sizes = counted.stdout.toString().trim().split("\n").map(Number);
  return { files: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

function rgArgs(rg: string, query: Query): string[] {
  return [
    rg,
    "--no-config",
    "--hidden",
    "-g",
    "!.git",
    "-n",
    ...(query.literal ? ["-F"] : []),
    "-e",
    query.pattern,
    ".",
  ];
}

async function timeRipgrep(rg: string, root: string, query: Query): Promise<number> {
  const started = performance.now();
  const child = Bun.spawn(rgArgs(rg, query), { cwd: root, stdout: "pipe", stderr: "ignore" });
  await new Response(child.stdout).arrayBuffer();
  await child.exited;
  return performance.now() - started;
}

async function timeLapp(lapp: LappClient, query: Query): Promise<number> {
  const outcome = await lapp.call("lapp_grep", { pattern: query.pattern, literal: query.literal });
  if (outcome.isError) throw new Error(`lapp_grep failed: ${outcome.text.split("\n")[0]}`);
  return outcome.ms;
}

/** rg's (path, line) matches, blocked files removed (lapp never reads them). */
function ripgrepMatches(rg: string, root: string, query: Query): Set<string> {
  const blocklist = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);
  const output = Bun.spawnSync([...rgArgs(rg, query), "--null"], { cwd: root }).stdout.toString("latin1");
  const found = new Set<string>();
  for (const line of output.split("\n")) {
    const nul = line.indexOf("\0");
    const number = nul === -1 ? undefined : /^(\d+):/.exec(line.slice(nul + 1))?.[1];
    const path = line.slice(0, nul).replace(/^\.\//, "");
    if (number !== undefined && !blocklist.isBlocked(path)) found.add(`${path}:${number}`);
  }
  return found;
}

/**
 * Whether lapp finds what rg finds. Over MCP the answer is capped at 256 KiB, so there the totals must equal rg's
 * counts and every returned match must be one of rg's; in-process (no cap) the whole sets must be equal.
 */
async function sameMatches(rg: string, lapp: LappClient, root: string, query: Query) {
  const expected = ripgrepMatches(rg, root, query);
  const result = await lapp.call("lapp_grep", {
    pattern: query.pattern,
    literal: query.literal,
    format: "structured",
    context: 0,
    max_results: 10_000_000,
  });
  const json = JSON.parse(result.text) as {
    matches: { path: string; line: number }[];
    total_matches: number;
  };
  const overMcp =
    json.total_matches === expected.size &&
    json.matches.every((match) => expected.has(`${match.path}:${match.line}`));
  const blocklist = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);
  const outcome = await runSearch({
    root,
    start: root,
    startIsFile: false,
    spec: {
      matcher: { pattern: query.pattern, literal: query.literal, ignoreCase: false },
      context: 0,
      maxFileBytes: 64 << 20,
    },
    maxResults: Number.MAX_SAFE_INTEGER,
    overrides: NO_OVERRIDES,
    isBlocked: (relative) => blocklist.isBlocked(relative),
    lanes: new LanePool(0),
    signal: new AbortController().signal,
    budgetMs: 600_000,
    progressIntervalMs: Number.POSITIVE_INFINITY,
    progress: () => {},
  });
  const inProcess = outcome.files.flatMap((file) => file.matches.map((line) => `${file.relative}:${line}`));
  const setEqual = inProcess.length === expected.size && inProcess.every((entry) => expected.has(entry));
  return { rg: expected.size, lapp: json.total_matches, shown: json.matches.length, overMcp, setEqual };
}

/** The engine in this process with `workers` worker lanes (plus the main thread), for the worker decision. */
async function timeEngine(root: string, query: Query, workers: number): Promise<Timing> {
  const pool = new LanePool(workers);
  const started = Date.now();
  while (pool.workers.some((worker) => worker.queued === undefined) && Date.now() - started < 5000)
    await Bun.sleep(5);
  const samples: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t0 = performance.now();
    await runSearch({
      root,
      start: root,
      startIsFile: false,
      spec: {
        matcher: { pattern: query.pattern, literal: query.literal, ignoreCase: false },
        context: 2,
        maxFileBytes: 64 << 20,
      },
      maxResults: 200,
      overrides: NO_OVERRIDES,
      isBlocked: () => false,
      lanes: pool,
      signal: new AbortController().signal,
      budgetMs: 60_000,
      progressIntervalMs: 1e9,
      progress: () => {},
    });
    if (run >= WARMUP) samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

const ms = (timing: Timing) =>
  `${timing.median.toFixed(1)} (${timing.min.toFixed(1)}–${timing.max.toFixed(1)})`;

async function main() {
  const rg = findRipgrep();
  if (!rg) throw new Error("ripgrep (rg) is not installed; the comparison needs it");
  ensureBinary(REPO, log);
  const machine = machineInfo();
  const root = join(tmpdir(), `lapp-grep-bench-${process.pid}`);
  log("building the tree …");
  const tree = buildTree(root);
  log(`tree: ${tree.files} files, ${(tree.bytes / 1e6).toFixed(1)} MB`);

  const rows: string[] = [];
  const checks: string[] = [];
  const cold: string[] = [];
  const lapp = await startLappClient(root);
  try {
    for (const query of QUERIES) {
      const check = await sameMatches(rg, lapp, root, query);
      const verdict = (equal: boolean) => (equal ? "yes" : "**no**");
      checks.push(
        `| ${query.name} | \`${query.pattern}\` | ${check.rg} | ${check.lapp} (${check.shown} returned) | ${verdict(check.overMcp)} | ${verdict(check.setEqual)} |`,
      );
      const rgTimes: number[] = [];
      const lappTimes: number[] = [];
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const rgMs = await timeRipgrep(rg, root, query);
        const lappMs = await timeLapp(lapp, query);
        if (run >= WARMUP) {
          rgTimes.push(rgMs);
          lappTimes.push(lappMs);
        }
      }
      const rgT = summarize(rgTimes);
      const lappT = summarize(lappTimes);
      rows.push(`| ${query.name} | ${ms(rgT)} | ${ms(lappT)} | ${(lappT.median / rgT.median).toFixed(2)}× |`);
      log(`${query.name}: rg ${ms(rgT)} ms, lapp ${ms(lappT)} ms`);
    }
  } finally {
    await lapp.close();
  }

  // The first call of a fresh server: right away (JIT and workers still warming up), and a second after start.
  for (const query of QUERIES) {
    const cells: string[] = [];
    for (const delayMs of [0, 1000]) {
      const samples: number[] = [];
      for (let run = 0; run < 5; run++) {
        const fresh = await startLappClient(root);
        try {
          if (delayMs > 0) await Bun.sleep(delayMs);
          samples.push(await timeLapp(fresh, query));
        } finally {
          await fresh.close();
        }
      }
      cells.push(ms(summarize(samples)));
    }
    cold.push(`| ${query.name} | ${cells.join(" | ")} |`);
  }

  const engineRows: string[] = [];
  for (const query of QUERIES) {
    const cells: string[] = [];
    for (const workers of [0, 1, 2]) cells.push(ms(await timeEngine(root, query, workers)));
    engineRows.push(`| ${query.name} | ${cells.join(" | ")} |`);
    log(`engine ${query.name}: ${cells.join(" / ")}`);
  }
  rmSync(root, { recursive: true, force: true });

  const version = versions(REPO, rg);
  const report = [
    `# lapp_grep vs ripgrep — ${runDate()} on ${machine.label}`,
    "",
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; load average ${machine.loadAverage} at start.`,
    `Versions: ${version.lapp}; bun ${version.bun}; ${version.ripgrep ?? "rg ?"}; commit ${version.commit ?? "?"}${version.dirty ? " (uncommitted changes)" : ""}.`,
    "",
    `Tree: ${PACKAGES.join(", ")} copied from node_modules, plus a .git directory, nested .gitignore files with`,
    `negations, hidden files, a binary and a blocked .env: ${tree.files} files, ${(tree.bytes / 1e6).toFixed(1)} MB.`,
    "",
    "Method: each query runs `rg --hidden -g '!.git' -n [-F] -e PATTERN .` as a new process (output read to the end)",
    "and one `lapp_grep` call (defaults: context 2, max_results 200) on a running `dist/lapp` over MCP stdio,",
    `alternately, ${WARMUP} warm-up rounds then ${RUNS} measured; wall milliseconds, median (min–max).`,
    "",
    "| query | rg | lapp_grep (MCP call) | lapp / rg |",
    "|---|---|---|---|",
    ...rows,
    "",
    "Same matches, against rg's (path, line) set with blocked files removed: over MCP (max_results 10,000,000, context",
    "0; the answer stops at 256 KiB) total_matches must equal rg's count and every returned match be one of rg's; the",
    "engine in-process, uncapped, must return exactly rg's set.",
    "",
    "| query | pattern | rg lines | lapp total_matches | over MCP | whole set in-process |",
    "|---|---|---|---|---|---|",
    ...checks,
    "",
    "First call of a freshly started server (5 servers per column), made as soon as tools/list answered, and one",
    "second later. A first call pays for JIT compilation, worker start-up and first-touch memory (lapp does no",
    "background warm-up: a server started in every session should not burn CPU or write temp files for a benchmark).",
    "",
    "| query | first call, at once | first call, 1 s after start |",
    "|---|---|---|",
    ...cold,
    "",
    "The search engine in-process (no MCP), main thread plus N workers:",
    "",
    "| query | 0 workers | 1 worker | 2 workers |",
    "|---|---|---|---|",
    ...engineRows,
    "",
  ].join("\n");
  mkdirSync(join(import.meta.dir, "results"), { recursive: true });
  const out = join(import.meta.dir, "results", `${runDate()}-${machine.label}-grep.md`);
  writeFileSync(out, report);
  process.stdout.write(report);
  log(`wrote ${out}`);
}

await main();
