// A default read's first outline page, made by scanning only as many lines as its rows reach (render.ts:
// firstPageOfScan), equals the first page of the whole outline; and a line that continues a multi-line signature does
// not list its declaration a second time (build.ts: OutlineScan).

import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { analyzeBlocks } from "../../src/blocks/find.ts";
import { rowTokens } from "../../src/budget/budget.ts";
import { buildOutline, scanOutline } from "../../src/outline/build.ts";
import { firstPageOfScan, outlinePage } from "../../src/outline/render.ts";
import { BlockAnalyses } from "../../src/session/block-analyses.ts";

const modules = resolve(import.meta.dir, "../../node_modules");
const FILES = [
  "typescript/lib/typescript.js",
  "typescript/lib/_tsc.js",
  "typescript/lib/lib.es5.d.ts",
  "typescript/lib/lib.dom.d.ts",
  "@modelcontextprotocol/sdk/dist/esm/types.d.ts",
];

test("the first page from a partial scan equals the whole outline's first page, at every budget", () => {
  let early = 0;
  for (const path of FILES) {
    const lines = readFileSync(resolve(modules, path), "utf8").split("\n");
    const finder = analyzeBlocks(lines, path);
    const whole = buildOutline(lines, finder.language, () => finder);
    for (const budget of [40, 400, 4_000, 10_000]) {
      const scan = scanOutline(lines, finder.language, () => finder);
      const page = firstPageOfScan(lines, scan, budget);
      if (page === null) continue;
      const expected = outlinePage(lines, whole, 1, budget);
      expect({ path, budget, rows: page.rows, next: page.nextOffset }).toEqual({
        path,
        budget,
        rows: expected.rows,
        next: expected.nextOffset,
      });
      expect(page.entries.map(({ start, end }) => [start, end])).toEqual(
        expected.entries.map(({ start, end }) => [start, end]),
      );
      if (scan.entries.length < whole.entries.length) early++;
    }
  }
  // The big bundles' pages came from a part of the file.
  expect(early).toBeGreaterThanOrEqual(8);
}, 60_000);

test("a budget the first rows fill exactly holds them all, as the whole outline's page does", () => {
  const lines = readFileSync(resolve(modules, FILES[1]!), "utf8").split("\n");
  const finder = analyzeBlocks(lines, FILES[1]!);
  const whole = buildOutline(lines, finder.language, () => finder);
  const wide = outlinePage(lines, whole, 1, 10_000);
  for (const count of [1, 10, 57]) {
    const budget = wide.rows.slice(0, count).reduce((sum, row) => sum + rowTokens(row), 0);
    const page = firstPageOfScan(
      lines,
      scanOutline(lines, finder.language, () => finder),
      budget,
    )!;
    expect(page.rows).toEqual(outlinePage(lines, whole, 1, budget).rows);
    expect(page.rows.length).toBe(count);
  }
});

test("typescript.js: the first page of a new version needs neither the whole outline nor a whole lexing", () => {
  const lines = readFileSync(resolve(modules, FILES[0]!), "utf8").split("\n");
  const analyses = new BlockAnalyses();
  expect(
    analyses.of(lines, "typescript.js", { digest: 1n, bytes: 9_000_000 }).firstPage(9_000),
  ).not.toBeNull();
  const edited = lines.toSpliced(150_000, 1, "    const changed = [1, 2];");
  const next = analyses.of(edited, "typescript.js", { digest: 2n, bytes: 9_000_000 });
  const page = next.firstPage(9_000)!;
  const finder = analyzeBlocks(edited, "typescript.js");
  const expected = outlinePage(
    edited,
    buildOutline(edited, finder.language, () => finder),
    1,
    9_000,
  );
  expect([page.rows, page.nextOffset]).toEqual([expected.rows, expected.nextOffset]);
  expect(next.finder.lexed!.lexedLines).toBeLessThan(1_000);
}, 60_000);

test("a multi-line signature's continuation lines list its declaration once", () => {
  const lines = [
    "export class Server {",
    "  constructor(",
    "    private readonly name: string,",
    "    port: number,",
    "  ) {",
    "    this.port = port;",
    "  }",
    "  start(): void {}",
    "}",
  ];
  const finder = analyzeBlocks(lines, "server.ts");
  expect(finder.headedBy(5)).toEqual({ start: 2, end: 7 });
  const outline = buildOutline(lines, finder.language, () => finder);
  expect(outline.entries.map(({ start, end, kind, depth }) => [start, end, kind, depth])).toEqual([
    [1, 9, "class", 0],
    [2, 7, "method", 1],
    [8, 8, "method", 1],
  ]);
});
