// `bun bench/big-file-speed.ts`: on a generated big file, every figure is measured through dist/lapp (the default
// read answered by the outline, find_block, edits that put a marker line in and take it out again — each a fresh
// marker, so no ref is ever shown for two lines), next to the floor, and the table gives each its verdict; the first
// read is timed on as many fresh servers as asked.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureBigFile } from "../../bench/big-file-speed/measure.ts";
import { renderBigFileSpeedMarkdown, type BigFileSpeedResults } from "../../bench/big-file-speed/report.ts";
import { LAPP_BINARY } from "../../bench/support/lapp-client.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { TEST_MACHINE, TEST_VERSIONS } from "./run-header.ts";

const temp = makeTempRoot("lapp-big-file-speed-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test("a run on a generated file measures every figure through dist/lapp and renders its verdicts", async () => {
  const source = join(temp, "source.js");
  const functions = Array.from({ length: 3000 }, (_, index) =>
    [`function step${index}(value) {`, `  return value + ${index};`, "}"].join("\n"),
  );
  writeFileSync(source, `${functions.join("\n")}\n`);
  const file = { name: "big.js", source, pattern: String.raw`^function step2500\(`, editLine: 4500 };
  const result = await measureBigFile(
    file,
    [{ label: "lapp", binary: LAPP_BINARY }],
    join(temp, "scratch"),
    2,
    2,
  );
  const [figures] = result.builds;
  expect(result.lines).toBe(9000);
  expect(figures!.firstLines.read).toStartWith("big.js has 9,000 lines, more than one answer");
  expect(figures!.firstLines.find).toBe(
    `block ${refOf(7501, "function step2500(value) {")}..${refOf(7503, "}")} (3 lines)`,
  );
  for (const timing of [
    figures!.firstRead,
    figures!.read,
    figures!.outlinePage,
    figures!.findByPattern,
    figures!.edit,
    figures!.findAfterEdit,
  ])
    expect(timing.runs).toBe(2);
  expect(result.floor.runs).toBe(2);
  const results: BigFileSpeedResults = {
    kind: "lapp-bench-big-file-speed",
    date: "2026-12-04",
    machine: TEST_MACHINE,
    versions: TEST_VERSIONS,
    builds: [{ label: "lapp", version: "lapp 0.1.0" }],
    rounds: 2,
    files: [result],
  };
  const markdown = renderBigFileSpeedMarkdown(results);
  expect(markdown).toContain("### big.js");
  expect(markdown).toMatch(
    /\| lapp \| default read \(the outline\), first call of a fresh server \(2 servers\) \| [\d.]+ \([\d.]+–[\d.]+\) \| \| \|/,
  );
  expect(markdown).toMatch(
    /\| lapp \| `lapp_edit`, one line in or out \| .* = \d+\.\d\d× floor \| ≤ 2× floor \| (meets|\*\*misses\*\*) \|/,
  );
}, 120_000);
