// `bun bench/big-file-speed.ts [--rounds N] [--fresh N] [--baseline <binary>]`: the big-file goals of issue 29 on
// TypeScript's own bundles (typescript.js, 9 MB; _tsc.js, 6 MB; from node_modules): the default read (the outline)
// of fresh servers (--fresh, 5 per build) and of a warm one, find_block, and edits next to their floor (the file's
// bytes written and fsynced once, measured between the calls). With --baseline, another build runs beside
// dist/lapp, calls alternating.
// Prints the table and writes results/<date>-<machine>-big-file-speed.{json,md}.

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { measureBigFile, type BigFileCase, type Build } from "./big-file-speed/measure.ts";
import { renderBigFileSpeedMarkdown, type BigFileSpeedResults } from "./big-file-speed/report.ts";
import { BENCH_DIR } from "./corpus/manifest.ts";
import { writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { LAPP_BINARY } from "./support/lapp-client.ts";
import { machineInfo, runDate, versions } from "./support/machine.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);
const MODULES = resolve(BENCH_DIR, "../node_modules");

export const BIG_FILES: BigFileCase[] = [
  {
    name: "typescript.js",
    source: join(MODULES, "typescript/lib/typescript.js"),
    pattern: String.raw`^function createTypeChecker\(`,
    editLine: 100_000,
  },
  {
    name: "_tsc.js",
    source: join(MODULES, "typescript/lib/_tsc.js"),
    pattern: String.raw`^function createTypeChecker\(`,
    editLine: 70_000,
  },
];

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

function versionOf(binary: string): string {
  return Bun.spawnSync([binary, "--version"]).stdout.toString().trim();
}

async function main(): Promise<void> {
  const rounds = Number(flag("--rounds") ?? 11);
  const freshServers = Number(flag("--fresh") ?? 5);
  const repoDir = join(BENCH_DIR, "..");
  if (!process.env.LAPP_BENCH_BINARY) ensureBinary(repoDir, log);
  const builds: Build[] = [{ label: "lapp", binary: LAPP_BINARY }];
  const baseline = flag("--baseline");
  if (baseline) builds.push({ label: "baseline", binary: resolve(baseline) });
  const started = new Date();
  const machine = machineInfo();
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-big-file-speed-")));
  try {
    const files = [];
    for (const file of BIG_FILES) {
      log(`${file.name}: ${builds.map((build) => build.label).join(" and ")}, ${rounds} rounds …`);
      files.push(await measureBigFile(file, builds, join(scratch, file.name), rounds, freshServers));
    }
    const results: BigFileSpeedResults = {
      kind: "lapp-bench-big-file-speed",
      date: runDate(started),
      machine,
      versions: versions(repoDir, undefined),
      builds: builds.map((build) => ({ label: build.label, version: versionOf(build.binary) })),
      rounds,
      files,
    };
    const markdown = renderBigFileSpeedMarkdown(results);
    process.stdout.write(markdown);
    log(
      `wrote ${writeResults(`${results.date}-${machine.label}-big-file-speed`, results, markdown).markdown}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
