// `bun bench/memory-levers.ts`: what each memory lever of the runtime (bench/memory/levers.ts) buys in the server's
// peak memory and costs in edit and page time, on the server work of bench:speed. Levers run in a turning order,
// one fresh server each, for --rounds N (default 3); --quick takes fewer calls. Prints the table and writes
// results/<date>-<machine>-levers.{json,md}.

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Manifest } from "./corpus/manifest.ts";
import { LEVERS, prepareLevers } from "./memory/levers.ts";
import { renderLeversMarkdown, type LeverRound, type LeversResults } from "./memory/report.ts";
import { writeResults } from "./report/write.ts";
import { measureServerWork } from "./speed/server-work.ts";
import { LAPP_BINARY } from "./support/lapp-client.ts";
import { runDate } from "./support/machine.ts";
import { prepareRun } from "./support/run-setup.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const roundsAt = process.argv.indexOf("--rounds");
  const rounds = roundsAt === -1 ? 3 : Number(process.argv[roundsAt + 1]);
  const calls = process.argv.includes("--quick") ? 11 : 31;
  const started = new Date();
  const { repoDir, manifest, machine } = prepareRun(log);
  const { servers, cleanup } = prepareLevers(LEVERS, LAPP_BINARY, repoDir, log);
  const measured: LeverRound[][] = LEVERS.map(() => []);
  try {
    for (let round = 0; round < rounds; round++) {
      for (let step = 0; step < LEVERS.length; step++) {
        const index = (step + round) % LEVERS.length;
        log(`round ${round + 1}/${rounds}: ${LEVERS[index]!.label} …`);
        measured[index]!.push(await measureOnce(manifest, calls, servers[index]!));
      }
    }
  } finally {
    cleanup();
  }
  const results: LeversResults = {
    kind: "lapp-bench-memory-levers",
    date: runDate(started),
    machine,
    lapp: Bun.spawnSync([LAPP_BINARY, "--version"]).stdout.toString().trim(),
    rounds,
    calls,
    levers: LEVERS.map((lever, index) => ({ label: lever.label, rounds: measured[index]! })),
  };
  const markdown = renderLeversMarkdown(results);
  process.stdout.write(markdown);
  const written = writeResults(`${results.date}-${machine.label}-levers`, results, markdown);
  log(`wrote ${written.markdown}`);
}

async function measureOnce(
  manifest: Manifest,
  calls: number,
  server: Parameters<typeof measureServerWork>[3],
): Promise<LeverRound> {
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-levers-run-")));
  try {
    const work = await measureServerWork(manifest, scratch, calls, server);
    return {
      peakRssMiB: work.peakRssMiB ?? Number.NaN,
      idleRssMiB: work.idleRssMiB ?? Number.NaN,
      edit1Ms: work.edit1.median,
      edit100Ms: work.edit100.median,
      edit100AfterReadMs: work.edit100AfterRead?.median ?? Number.NaN,
      pageMs: work.largePage.median,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
