// `bun bench/first-call-floor.ts`: the floor programs (bench/floor/) compiled as the bench compiles them really
// search — every file of a nested tree, each occurrence counted — and the table's ratios are against rg's median.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  compileFloor,
  FLOORS,
  renderFloorMarkdown,
  type FloorResults,
} from "../../bench/first-call-floor.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-floor-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test.if(process.platform === "linux")(
  "each floor counts every occurrence in every file of a nested tree",
  () => {
    const tree = join(temp, "tree");
    mkdirSync(join(tree, "a", "b"), { recursive: true });
    writeFileSync(join(tree, "top.txt"), "needle(\nno\nneedle( and needle(\n");
    writeFileSync(join(tree, "a", "b", "deep.js"), "x = needle(1);\n");
    writeFileSync(join(tree, "a", "none.txt"), "needle without the bracket\n");
    for (let index = 0; index < 30; index++) writeFileSync(join(tree, "a", `f${index}.txt`), "needle(\n");
    for (const floor of FLOORS) {
      const binary = compileFloor(floor.entry, temp);
      const output = Bun.spawnSync([binary, tree, "needle(", ...floor.args]).stdout.toString();
      expect({ floor: floor.label, found: Number(output) }).toEqual({ floor: floor.label, found: 34 });
    }
  },
  // Each floor is compiled into a binary of its own (a few seconds each on a busy 2-core machine).
  120_000,
);

test("the table's ratios are each median against rg's", () => {
  const timing = (median: number) => ({ median, min: median - 1, max: median + 1, runs: 3 });
  const run: FloorResults = {
    kind: "lapp-bench-first-call-floor",
    date: "2026-12-01",
    machine: { label: "box", cpu: "cpu", cores: 2, memoryGiB: 8, os: "linux", loadAverage: 0.5 },
    lapp: "lapp 0.1.0",
    search: { pattern: "x(", tree: "tree" },
    rounds: 3,
    rows: [
      { label: "rg --json (a fresh process)", timing: timing(20), found: 5 },
      { label: "floor", timing: timing(50), found: 6 },
    ],
  };
  const lines = renderFloorMarkdown(run).split("\n");
  expect(lines).toContain("| rg --json (a fresh process) | 20.0 (19.0–21.0) | 1.00× | 5 |");
  expect(lines).toContain("| floor | 50.0 (49.0–51.0) | 2.50× | 6 |");
});
