// The speed table of `npm run bench:speed` (bench/speed/report.ts): rendered from a committed run, with and without
// the first call made after a pause (older results do not have it).
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderSpeedMarkdown, type SpeedResults } from "../../bench/speed/report.ts";

const committed = JSON.parse(
  readFileSync(join(import.meta.dir, "../../bench/results/2026-12-01-vm-speed-13.json"), "utf8"),
) as SpeedResults;

test("a run without the paused first call renders no row for it", () => {
  const text = renderSpeedMarkdown(committed);
  expect(text).toContain("| first call of a fresh server:");
  expect(text).not.toContain("after tools/list");
});

test("the first call after a pause gets its own row, its ratio computed from the medians", () => {
  if ("skipped" in committed.grep) throw new Error("the committed run has grep results");
  const timing = (median: number) => ({ median, min: median - 1, max: median + 1, runs: 3 });
  const results: SpeedResults = {
    ...committed,
    grep: { ...committed.grep, firstCallAfterPause: { pauseMs: 1000, lapp: timing(50), rg: timing(25) } },
  };
  const row = renderSpeedMarkdown(results)
    .split("\n")
    .find((line) => line.includes("after tools/list"));
  expect(row).toBe(
    "| … the same, 1 s after tools/list (as an agent's first call comes) | packages tree | 50.0 (49.0–51.0) | 25.0 (24.0–26.0) | 2.00× | | **misses** |",
  );
});

test("the paced server's peak gets its own row, with no verdict (the goal is the back-to-back run's)", () => {
  const results: SpeedResults = {
    ...committed,
    pacedMemory: { paceMs: 700, editCalls: 16, pageCalls: 4, peakRssMiB: 59.4 },
  };
  const row = renderSpeedMarkdown(results)
    .split("\n")
    .find((line) => line.includes("an agent's pace"));
  expect(row).toBe(
    "| peak memory of another server given 16 edit calls (1 and 100 edits) and 4 pages, each call 0.7 s after the last answer (an agent's pace; the goal is for the run above) | 59 MiB | | |",
  );
  expect(renderSpeedMarkdown(committed)).not.toContain("an agent's pace");
});

test("100 edits after a whole read get their own row under the 100 edits, with no verdict; older runs have none", () => {
  const timing = { median: 6.2, min: 5.1, max: 9.9, runs: 31 };
  const results: SpeedResults = { ...committed, server: { ...committed.server, edit100AfterRead: timing } };
  const lines = renderSpeedMarkdown(results).split("\n");
  const at = lines.findIndex((line) => line.includes("after the whole file was read"));
  expect(lines[at]).toBe(
    "| … the same after the whole file was read (every row of it recorded as shown; measured after the peak below) | 6.2 (5.1–9.9) ms | | |",
  );
  expect(lines[at - 1]).toStartWith("| lapp_edit, 100 edits, same file |");
  expect(renderSpeedMarkdown(committed)).not.toContain("after the whole file was read");
});
