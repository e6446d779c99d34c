// `bun bench/kernel-memory.ts --tree <linux tree>`: the memory goal of issue 29 — one warm server's resident memory
// after every query of bench:kernel, repeated round after round, its peak, and whether it stays flat across rounds
// (kernel/memory.ts). Flags: --rounds N (5), --only <id prefix,…>, --output content|files|count (each query's own
// answer, or only counts: no rows, every file's matches counted), --results-dir DIR, --name SUFFIX (written as
// <date>-<machine>-kernel-mem-SUFFIX). Prints the table, writes
// results/<date>-<machine>-kernel-mem.{json,md}; exits 2 without a tree. LAPP_BENCH_BINARY measures another build.

import { join } from "node:path";
import { BENCH_DIR } from "./corpus/manifest.ts";
import {
  measureMemory,
  renderMemoryMarkdown,
  type KernelMemoryResults,
  type MemoryOutput,
} from "./kernel/memory.ts";
import { describeTree, usableTree } from "./kernel/tree.ts";
import { numberFlag, queriesOf, stringFlag } from "./kernel.ts";
import { RESULTS_DIR, writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { machineInfo, runDate, versions } from "./support/machine.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(args: readonly string[]): Promise<number> {
  const tree = usableTree(args, log);
  if (tree === undefined) return 2;
  const rounds = numberFlag(args, "--rounds", 5);
  const queries = queriesOf(args);
  const output = (stringFlag(args, "--output") ?? "content") as MemoryOutput;
  if (!["content", "files", "count"].includes(output))
    throw new Error(`--output ${output}: content, files or count`);
  const name = stringFlag(args, "--name");
  const repoDir = join(BENCH_DIR, "..");
  if (!process.env.LAPP_BENCH_BINARY) ensureBinary(repoDir, log);
  const started = new Date();
  const machine = machineInfo();
  const results: KernelMemoryResults = {
    kind: "lapp-bench-kernel-memory",
    date: runDate(started),
    machine,
    versions: versions(repoDir, undefined),
    tree: describeTree(tree),
    rounds,
    run: await measureMemory({ tree, queries, rounds, output, log }),
  };
  const markdown = renderMemoryMarkdown(results);
  process.stdout.write(markdown);
  const dir = stringFlag(args, "--results-dir") ?? RESULTS_DIR;
  const written = writeResults(
    `${results.date}-${machine.label}-kernel-mem${name ? `-${name}` : ""}`,
    results,
    markdown,
    dir,
  );
  log(`wrote ${written.markdown}`);
  return 0;
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
