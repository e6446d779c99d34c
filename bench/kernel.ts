// `npm run bench:kernel -- --tree <linux tree>`: ripgrep's own benchsuite queries on the Linux kernel (the `linux_*`
// ones a JavaScript regex can express the same way: kernel/queries.ts), lapp_grep and rg alternating in one run on a
// warm cache, both counts compared, the server's memory over the suite and the first search of fresh servers.
// Flags: --rounds N (5; --quick 3), --first-calls N (5), --only <id prefix,…>, --results-dir DIR. The tree is never
// downloaded (kernel/tree.ts says how to get one). Prints the table, writes results/<date>-<machine>-kernel.{json,md};
// exits 1 when counts differ (a partial count of lapp's is flagged in the table, not an exit), 2 without a tree or rg.

import { join } from "node:path";
import { BENCH_DIR } from "./corpus/manifest.ts";
import { measureSuite } from "./kernel/measure.ts";
import { KERNEL_QUERIES, selectQueries } from "./kernel/queries.ts";
import { renderKernelMarkdown, type KernelResults } from "./kernel/report.ts";
import { describeTree, usableTree } from "./kernel/tree.ts";
import { RESULTS_DIR, writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { findRipgrep, machineInfo, runDate, versions } from "./support/machine.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

export function numberFlag(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`${name} takes a whole number ≥ 1`);
  return value;
}

export function stringFlag(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

/** The queries `--only id,…` picks (all when absent); an --only that names none is an error. */
export function queriesOf(args: readonly string[]) {
  const only = stringFlag(args, "--only")?.split(",").filter(Boolean) ?? [];
  const queries = selectQueries(only);
  if (queries.length === 0) throw new Error(`--only ${only.join(",")} names no query`);
  return queries;
}

async function main(args: readonly string[]): Promise<number> {
  const tree = usableTree(args, log);
  if (tree === undefined) return 2;
  const rg = findRipgrep();
  if (!rg) {
    log("bench:kernel compares with ripgrep: install rg (apt-get install ripgrep) and run it again.");
    return 2;
  }
  const quick = args.includes("--quick");
  const rounds = numberFlag(args, "--rounds", quick ? 3 : 5);
  const firstCalls = numberFlag(args, "--first-calls", quick ? 3 : 5);
  const queries = queriesOf(args);
  const repoDir = join(BENCH_DIR, "..");
  // Another build named by LAPP_BENCH_BINARY is measured as it is.
  if (!process.env.LAPP_BENCH_BINARY) ensureBinary(repoDir, log);
  const started = new Date();
  const machine = machineInfo();
  log(`describing the tree …`);
  const described = describeTree(tree);
  const suite = await measureSuite({
    rg,
    tree,
    queries,
    rounds,
    firstCalls,
    firstQuery: KERNEL_QUERIES.find((query) => query.id === "linux_literal")!,
    log,
  });
  const results: KernelResults = {
    kind: "lapp-bench-kernel",
    date: runDate(started),
    machine,
    versions: versions(repoDir, rg),
    tree: described,
    rounds,
    suite,
  };
  const markdown = renderKernelMarkdown(results);
  process.stdout.write(markdown);
  const dir = stringFlag(args, "--results-dir") ?? RESULTS_DIR;
  const written = writeResults(`${results.date}-${machine.label}-kernel`, results, markdown, dir);
  log(`wrote ${written.markdown}`);
  const differ = suite.queries.filter(
    (query) => query.lappPartial === undefined && (!query.stable || query.lappMatches !== query.rgMatches),
  );
  for (const query of differ)
    log(`counts differ on ${query.id}: rg ${query.rgMatches}, lapp ${query.lappMatches}`);
  return differ.length > 0 ? 1 : 0;
}

if (import.meta.main) process.exit(await main(process.argv.slice(2)));
