// `npm run bench`: the offline apply-stage benchmark (no model needed). Token cost of real changes per edit strategy,
// their replay through dist/lapp, the read-once agent workflow, find and change in big files, latency, the large-file
// read; prints and writes results.
//
// Flags: --quick (fewer repeats), --no-readme (leave README.md alone). Env: LAPP_BENCH_MACHINE (machine label).

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureBigFiles } from "./big-files/measure.ts";
import { ensureCorpus } from "./corpus/fetch.ts";
import { BENCH_DIR, loadManifest } from "./corpus/manifest.ts";
import { corpusPairs } from "./corpus/pairs.ts";
import { TOKENIZER } from "./costs/tool-calls.ts";
import { measureLargeFile } from "./measure/large-file.ts";
import { measureLatency } from "./measure/latency.ts";
import { replayPatches } from "./measure/patch-replay.ts";
import { measureRepair, replayChange } from "./measure/replay.ts";
import { measureTokenCost } from "./measure/token-costs.ts";
import { renderOfflineMarkdown } from "./report/markdown.ts";
import { speedFigures, type OfflineResults } from "./report/offline-results.ts";
import { updateReadme, writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { startLappClient } from "./support/lapp-client.ts";
import { findRipgrep, machineInfo, runDate, versions } from "./support/machine.ts";
import { measureAgentWorkflow } from "./workflow/measure.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const quick = args.has("--quick");
  const started = new Date();
  const t0 = performance.now();
  const repoDir = join(BENCH_DIR, "..");

  ensureBinary(repoDir, log);
  const manifest = loadManifest();
  const downloaded = ensureCorpus(manifest, log);
  log(`corpus ready (${Object.keys(manifest.tarballs).length} tarballs, ${downloaded} fetched now)`);

  const pairs = corpusPairs(manifest);

  log("tokens: planning lapp_edit, str_replace, apply_patch and whole-file calls …");
  const tokens = pairs.map(measureTokenCost);

  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-bench-")));
  try {
    log("correctness: replaying every change through dist/lapp (lapp_edit, then lapp_apply_patch twice) …");
    const replayRoot = join(scratch, "replay");
    const lapp = await startLappClient(makeDir(replayRoot));
    const replay = [];
    const repair = [];
    const patchReplay = [];
    try {
      for (const pair of pairs) {
        replay.push(await replayChange(lapp, replayRoot, pair));
        repair.push(await measureRepair(lapp, replayRoot, pair));
        patchReplay.push(...(await replayPatches(lapp, replayRoot, pair)));
      }
    } finally {
      await lapp.close();
    }

    log("agent workflow: read once, one call per hunk, through dist/lapp and the text-addressed peer …");
    const workflow = await measureAgentWorkflow(
      manifest.cases,
      pairs,
      makeDir(join(scratch, "workflow")),
      log,
    );

    log("big files: find and change by whole reads, by the outline, and by cat -n + str_replace …");
    const bigFiles = await measureBigFiles(makeDir(join(scratch, "big-files")));

    log("latency: startup, read, edit, find_block, grep vs rg …");
    const latency = await measureLatency(manifest, makeDir(join(scratch, "latency-root")), {
      startupRuns: quick ? 7 : 21,
      callRuns: quick ? 9 : 31,
      grepRuns: quick ? 3 : 7,
    });

    log("large file: generating 110 MiB and reading a page near its end …");
    const largeFile = await measureLargeFile(scratch, quick ? 2 : 4);

    const results: OfflineResults = {
      kind: "lapp-bench-offline",
      date: runDate(started),
      startedAt: started.toISOString(),
      durationSeconds: Math.round((performance.now() - t0) / 100) / 10,
      quick,
      machine: machineInfo(),
      versions: versions(repoDir, findRipgrep()),
      tokenizer: TOKENIZER,
      corpus: manifest.cases,
      tokens,
      replay,
      repair,
      patchReplay,
      workflow,
      bigFiles,
      latency,
      largeFile,
      speed: speedFigures(latency, largeFile),
    };
    const markdown = renderOfflineMarkdown(results);
    process.stdout.write(`${markdown}\n`);
    const written = writeResults(`${results.date}-${results.machine.label}`, results, markdown);
    log(`wrote ${written.json}\nwrote ${written.markdown}`);
    if (!args.has("--no-readme")) {
      const readme = join(repoDir, "README.md");
      if (updateReadme(readme, markdown)) log(`updated the Benchmark section of ${readme}`);
      else log("README.md has no bench:latest markers; its Benchmark section was left as it is");
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function makeDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}

await main();
