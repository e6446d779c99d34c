// `bun bench/kernel-memory.ts` (bench/kernel/memory.ts): on a tiny tree every query of every round is one call to
// dist/lapp with the server's RSS and peak read after it, the rounds are summed, and the table's verdicts (peak against
// the goal, flat across rounds) follow from the numbers.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  FLAT_TOLERANCE,
  isFlat,
  measureMemory,
  queryPeaks,
  renderMemoryMarkdown,
  roundSummaries,
  type MemoryRun,
} from "../../bench/kernel/memory.ts";
import { selectQueries } from "../../bench/kernel/queries.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { TEST_MACHINE, TEST_VERSIONS } from "./run-header.ts";

const temp = makeTempRoot("lapp-kernel-memory-bench-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test("every query of every round is one call, sampled after it; the rounds are summed", async () => {
  const tree = join(temp, "tiny");
  mkdirSync(join(tree, "drivers"), { recursive: true });
  writeFileSync(join(tree, "drivers", "pm.c"), "#define PM_RESUME 4\nint pm_resume;\n");
  const queries = selectQueries(["linux_literal", "linux_word"]);
  const run = await measureMemory({ tree, queries, rounds: 2, idlePauseMs: 10, log: () => {} });
  expect(run.samples.map((sample) => `${sample.round} ${sample.query}`)).toEqual(
    [1, 2].flatMap((round) => queries.map((query) => `${round} ${query.id}`)),
  );
  const literal = run.samples.find((sample) => sample.query === "linux_literal")!;
  expect(literal.matches).toBe(1);
  if (process.platform === "linux") {
    // The peak is reset before each call (where the system lets it), so it is at least what stayed resident after.
    for (const sample of run.samples) expect(sample.peakMiB!).toBeGreaterThanOrEqual(sample.rssMiB!);
    expect(run.startRssMiB).toBeGreaterThan(0);
  }
  expect(roundSummaries(run).map((summary) => summary.round)).toEqual([1, 2]);
  expect(run.output).toBe("content");
  if (process.platform === "linux") expect(run.idleRssMiB).toBeGreaterThan(0);
});

test("asked for counts, the calls count the same matches; the table says what was asked and the idle figure", async () => {
  const tree = join(temp, "counted");
  mkdirSync(join(tree, "kernel"), { recursive: true });
  writeFileSync(join(tree, "kernel", "a.c"), "PM_RESUME\nPM_RESUME x\n");
  writeFileSync(join(tree, "kernel", "b.c"), "PM_RESUME\n");
  const queries = selectQueries(["linux_literal"]).filter((query) => query.id === "linux_literal");
  const run = await measureMemory({
    tree,
    queries,
    rounds: 1,
    output: "count",
    idlePauseMs: 10,
    log: () => {},
  });
  expect(run.output).toBe("count");
  expect(run.samples.map((sample) => sample.matches)).toEqual([3]);
  const markdown = tableOf({ ...run, idleRssMiB: 99 }, 1);
  expect(markdown).toContain('output "count", no rows: every file only counted');
  expect(markdown).toContain("| resident 3 s after the last call (MiB) | 99 | | |");
});

/** The bench's markdown for `run` on a tiny stand-in tree. */
function tableOf(run: MemoryRun, rounds: number): string {
  return renderMemoryMarkdown({
    kind: "lapp-bench-kernel-memory",
    date: "2026-12-07",
    machine: TEST_MACHINE,
    versions: TEST_VERSIONS,
    tree: { kernel: "Linux 6.1", files: 4, megabytes: 0, git: false },
    rounds,
    run,
  });
}

function runOf(rss: number[][]): MemoryRun {
  return {
    startRssMiB: 40,
    peakPerCall: true,
    samples: rss.flatMap((values, index) =>
      values.map((value, at) => ({
        round: index + 1,
        query: `q${at}`,
        ms: 10,
        matches: 1,
        rssMiB: value,
        peakMiB: value + 10,
      })),
    ),
  };
}

test("flat means the last round's peak and RSS after calls within FLAT_TOLERANCE of the first's; the table says so", () => {
  const growing = runOf([
    [100, 120],
    [150, 130],
    [200, 180],
  ]);
  expect(roundSummaries(growing)).toEqual([
    { round: 1, maxRssMiB: 120, peakMiB: 130, ms: 20 },
    { round: 2, maxRssMiB: 150, peakMiB: 160, ms: 20 },
    { round: 3, maxRssMiB: 200, peakMiB: 210, ms: 20 },
  ]);
  expect(queryPeaks(growing)).toEqual([
    { query: "q0", peakMiB: 210, rounds: [110, 160, 210] },
    { query: "q1", peakMiB: 190, rounds: [130, 140, 190] },
  ]);
  expect(isFlat(roundSummaries(growing))).toBe(false);
  const flat = runOf([
    [100, 120],
    [110, 120 * (1 + FLAT_TOLERANCE)],
  ]);
  expect(isFlat(roundSummaries(flat))).toBe(true);
  const markdown = tableOf(growing, 3);
  expect(markdown).toContain("| q0 | 100 / 110 | 150 / 160 | 200 / 210 | 210 |");
  expect(markdown).toContain("| peak RSS over all rounds (MiB) | 210 | ≤ 150 MiB | **misses** |");
  expect(markdown).toContain("| 210 vs 130, 200 vs 120 | flat (≤ +10 % each) | **misses** |");
  // A peak that stays while what is left after calls grows is not flat either.
  const leaking = [
    { round: 1, maxRssMiB: 100, peakMiB: 300, ms: 1 },
    { round: 2, maxRssMiB: 200, peakMiB: 300, ms: 1 },
  ];
  expect(isFlat(leaking)).toBe(false);
});
