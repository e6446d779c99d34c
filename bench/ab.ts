// `npm run bench:ab -- <A> <B>`: two builds of lapp compared call by call, each named by a binary's path or a git
// revision (built in a temporary worktree): the searches of `bench:speed`, a fresh server's start, and edits of
// lodash.js, servers of both alive at once, calls alternating. Prints the table; `--save` also writes
// results/<date>-<machine>-ab.{json,md}.
// Flags: --calls N (default 60), --only grep|startup|edit|kernel. `kernel` (only when asked: a Linux tree, found as
// bench:kernel finds it: --tree PATH or LAPP_BENCH_KERNEL) compares bench:kernel's queries, --query-ids id,… some.

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LISTING_SETTLED_MS } from "../src/search/limits.ts";
import { alternate, type ProbeResult } from "./ab/alternate.ts";
import { resolveBuilds } from "./ab/builds.ts";
import { editProbes, grepProbes, kernelProbes, type ProbeSet, startupProbes } from "./ab/probes.ts";
import { renderAbMarkdown, type AbResults } from "./ab/report.ts";
import { ensureCorpus, UNPACKED_DIR } from "./corpus/fetch.ts";
import { BENCH_DIR, loadManifest } from "./corpus/manifest.ts";
import { writeResults } from "./report/write.ts";
import { queriesOf } from "./kernel.ts";
import { usableTree } from "./kernel/tree.ts";
import { buildModulesTree, grepCases } from "./speed/grep.ts";
import { machineInfo, runDate } from "./support/machine.ts";

const WARMUP = 5;
const log = (line: string) => process.stderr.write(`${line}\n`);

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const valued = ["--calls", "--only", "--tree", "--query-ids"];
  const flagged = new Set(valued.flatMap((flag) => [flag, option(flag)]));
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith("--") && !flagged.has(arg));
  if (names.length !== 2) {
    log(
      "usage: npm run bench:ab -- <binary or git revision A> <binary or git revision B> [--calls N] [--only grep|startup|edit|kernel] [--tree PATH] [--query-ids id,…] [--save]",
    );
    process.exit(2);
  }
  const calls = Number(option("--calls") ?? 60);
  const only = option("--only");
  // The kernel's tree is checked before anything is built, so a missing one costs nothing.
  const tree =
    only === "kernel" ? usableTree(option("--tree") ? ["--tree", option("--tree")!] : [], log) : undefined;
  if (only === "kernel" && tree === undefined) process.exit(2);
  const started = new Date();
  const repoDir = join(BENCH_DIR, "..");
  const manifest = loadManifest();
  ensureCorpus(manifest, log);
  const { builds, cleanup } = resolveBuilds(names, repoDir, log);
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-ab-run-")));
  try {
    const binaries = builds.map((build) => build.binary);
    const results: ProbeResult[] = [];
    if (only === undefined || only === "grep") {
      // Copied first and left quiet long enough for its folder listings to be kept, as a repository is (bench:speed).
      const modules = buildModulesTree(scratch);
      await Bun.sleep(LISTING_SETTLED_MS + 500);
      log("searches …");
      results.push(
        ...(await measure(
          await grepProbes(binaries, { corpus: UNPACKED_DIR, modules }, grepCases(manifest)),
          calls,
        )),
      );
    }
    if (only === undefined || only === "startup") {
      log("starts …");
      results.push(...(await measure(startupProbes(binaries, scratch), calls)));
    }
    if (tree !== undefined) {
      log("whole-tree searches of the Linux tree …");
      const ids = option("--query-ids");
      const queries = queriesOf(ids === undefined ? [] : ["--only", ids]);
      results.push(...(await measure(await kernelProbes(binaries, tree, queries), calls)));
    }
    if (only === undefined || only === "edit") {
      log("edits …");
      results.push(...(await measure(await editProbes(binaries, manifest, scratch), calls)));
    }
    const run: AbResults = {
      kind: "lapp-bench-ab",
      date: runDate(started),
      machine: machineInfo(),
      builds: builds.map((build) => ({ name: build.name, version: versionOf(build.binary) })),
      calls,
      results,
    };
    const markdown = renderAbMarkdown(run);
    process.stdout.write(markdown);
    if (process.argv.includes("--save"))
      log(`wrote ${writeResults(`${run.date}-${run.machine.label}-ab`, run, markdown).markdown}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    cleanup();
  }
}

async function measure<Server extends { pid: number }>(
  set: ProbeSet<Server>,
  calls: number,
): Promise<ProbeResult[]> {
  try {
    const results: ProbeResult[] = [];
    for (const [index, probe] of set.probes.entries()) {
      await set.before?.get(index)?.();
      results.push(await alternate(probe, calls, WARMUP));
    }
    return results;
  } finally {
    await set.close();
  }
}

function versionOf(binary: string): string {
  return Bun.spawnSync([binary, "--version"]).stdout.toString().trim();
}

await main();
