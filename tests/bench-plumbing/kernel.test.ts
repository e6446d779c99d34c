// `npm run bench:kernel` (bench/kernel.ts): the tree is found by flag, argument or environment and never fetched
// (without one the run says how to get one); lapp's totals line is read in all its forms; on a tiny tree every
// benchsuite query runs through dist/lapp and rg with both counts agreeing (hidden files searched, .git skipped, as
// lapp does), the table names each; and a query whose two spellings mean different things is caught as differing.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { measureSuite, type QueryResult } from "../../bench/kernel/measure.ts";
import { KERNEL_QUERIES } from "../../bench/kernel/queries.ts";
import {
  countsAgree,
  countsCell,
  renderKernelMarkdown,
  type KernelResults,
} from "../../bench/kernel/report.ts";
import { HOW_TO_GET_A_TREE, kernelTreeFrom, kernelVersion, treeProblem } from "../../bench/kernel/tree.ts";
import { findRipgrep } from "../../bench/support/machine.ts";
import { textTotals } from "../../bench/support/match-counts.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { TEST_MACHINE, TEST_VERSIONS } from "./run-header.ts";

const temp = makeTempRoot("lapp-kernel-bench-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const rg = findRipgrep();

test("the tree comes from --tree, else the first argument, else LAPP_BENCH_KERNEL; none is none", () => {
  expect(kernelTreeFrom(["--rounds", "3", "--tree", "/k"], {})).toBe("/k");
  expect(kernelTreeFrom(["--rounds", "3", "/k", "--quick"], {})).toBe("/k");
  expect(kernelTreeFrom(["--only", "linux_word"], { LAPP_BENCH_KERNEL: "/env" })).toBe("/env");
  expect(kernelTreeFrom(["--quick"], {})).toBeUndefined();
  expect(treeProblem(join(temp, "missing"))).toContain(HOW_TO_GET_A_TREE);
});

test("without a tree the bench downloads nothing: it says how to get one and exits 2", () => {
  const env = { ...process.env };
  delete env.LAPP_BENCH_KERNEL;
  const run = Bun.spawnSync([process.execPath, resolve(import.meta.dir, "../../bench/kernel.ts")], {
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(run.exitCode).toBe(2);
  expect(run.stderr.toString()).toContain("apt-get install linux-source-6.1");
  expect(run.stdout.toString()).toBe("");
});

test("the kernel version comes from the top Makefile", () => {
  const tree = join(temp, "version");
  mkdirSync(tree, { recursive: true });
  writeFileSync(
    join(tree, "Makefile"),
    "# SPDX\nVERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 192\nEXTRAVERSION =\n",
  );
  expect(kernelVersion(tree)).toBe("Linux 6.1.192");
  expect(kernelVersion(temp)).toBeUndefined();
});

test("lapp's totals line is read in every form: all found, cut, none, stopped, gave up", () => {
  expect(textTotals("a.c\n1#KT:x\n\n[3 matches in 2 files; 40 files searched]")).toEqual({
    matches: 3,
    filesSearched: 40,
    partial: undefined,
  });
  expect(
    textTotals(
      "[showing 200 of 2161 matches in 700 files; 78579 files searched; cut at max_results=200. Narrow …]",
    ),
  ).toEqual({ matches: 2161, filesSearched: 78579, partial: undefined });
  expect(textTotals("[1 match in 1 file; 1 file searched]")?.matches).toBe(1);
  // The files and count outputs name the files first.
  expect(textTotals("kernel/a.c:2\nkernel/b.c:1\n\n[2 files with 3 matches; 2 files searched]")).toEqual({
    matches: 3,
    filesSearched: 2,
    partial: undefined,
  });
  expect(textTotals("a.c (1 match)\n\n[1 file with 1 match; 9 files searched]")?.matches).toBe(1);
  expect(textTotals("[no matches; 12 files searched. Files excluded by .gitignore …]")?.matches).toBe(0);
  expect(
    textTotals(
      "[the search stopped after 10 s; results are partial: 327 matches in 222 files so far, 38298 files searched. Narrow it with path or glob.]",
    ),
  ).toEqual({ matches: 327, filesSearched: 38298, partial: "stopped" });
  expect(
    textTotals(
      "[5 matches in 1 file; 3 files searched]\n[partial: the regex engine gave up on lines of a.c (2 lines) …]",
    )?.partial,
  ).toBe("gave up");
  expect(textTotals("error INVALID_ARGUMENTS: pattern …")).toBeUndefined();
});

/** A tree with a match for every benchsuite query, in plain, hidden and ignored places. */
function tinyTree(): string {
  const tree = join(temp, "tiny");
  mkdirSync(join(tree, "drivers", "pm"), { recursive: true });
  mkdirSync(join(tree, ".config"), { recursive: true });
  mkdirSync(join(tree, ".git"), { recursive: true });
  writeFileSync(join(tree, "Makefile"), "VERSION = 6\nPATCHLEVEL = 1\n#define PM_RESUME 4\n");
  writeFileSync(
    join(tree, "drivers", "pm", "pm.c"),
    [
      "case PM_RESUME: return 0;",
      "pm_resume(dev); APM_RESUME;",
      "XPM_RESUMEX and SYS_RESUME",
      "ERR_SYS | pme_turn_off | Link_Req_Rst",
      "/* αβγ in a comment, Ωmega */",
      "/* µ-seconds */",
      "clockAh and dataAh",
      "abcde fghij klmno pqrst uvwxy",
      "#ifdef @abc1 v1.2.3 udelay(10) ABCD12 wxyz34",
      "",
    ].join("\n"),
  );
  writeFileSync(join(tree, ".config", "hidden.h"), "#define CFG_BME_EVT PM_RESUME\n");
  writeFileSync(join(tree, ".git", "packed-refs"), "PM_RESUME ERR_SYS αβγ\n");
  // Blocked by lapp's default block list: rg is told to skip it too.
  writeFileSync(join(tree, "drivers", "sign_key.PEM"), "PM_RESUME ABCD12\n");
  return tree;
}

test.if(rg !== undefined)(
  "on a tiny tree every query runs through dist/lapp and rg, both counting the same lines, and the table says so",
  async () => {
    const tree = tinyTree();
    const log: string[] = [];
    const suite = await measureSuite({
      rg: rg!,
      tree,
      queries: KERNEL_QUERIES,
      rounds: 1,
      firstCalls: 1,
      firstQuery: KERNEL_QUERIES.find((query) => query.id === "linux_literal")!,
      log: (line) => log.push(line),
    });
    const counts = suite.queries.map((query) => `${query.id}: ${query.rgMatches} / ${query.lappMatches}`);
    expect(counts).toEqual(
      suite.queries.map((query) => `${query.id}: ${query.rgMatches} / ${query.rgMatches}`),
    );
    // Hidden files are searched by both, .git and blocked files by neither: PM_RESUME is on 5 lines outside .git (one
    // in .config/) and sign_key.PEM.
    expect(suite.queries.find((query) => query.id === "linux_literal")!.rgMatches).toBe(5);
    expect(suite.queries.every(countsAgree)).toBe(true);
    expect(suite.firstCall.lapp.runs).toBe(1);
    const results: KernelResults = {
      kind: "lapp-bench-kernel",
      date: "2026-12-04",
      machine: TEST_MACHINE,
      versions: TEST_VERSIONS,
      tree: { kernel: "Linux 6.1", files: 4, megabytes: 0, git: true },
      rounds: 1,
      suite,
    };
    const markdown = renderKernelMarkdown(results);
    for (const query of KERNEL_QUERIES) expect(markdown).toContain(`| ${query.id}`);
    expect(markdown).toContain(
      `Counts agree on ${KERNEL_QUERIES.length} of ${KERNEL_QUERIES.length} queries.`,
    );
    expect(markdown).toContain("rg's `\\w` is Unicode, JavaScript's ASCII");
  },
  120_000,
);

test.if(rg !== undefined)(
  "a query whose two spellings mean different things is caught: rg's Unicode \\w against JavaScript's ASCII one",
  async () => {
    const tree = join(temp, "unicode");
    mkdirSync(tree, { recursive: true });
    writeFileSync(join(tree, "names.txt"), "éAh\nxAh\n");
    const naive = { id: "naive", rg: ["-n", String.raw`\wAh`], lapp: { pattern: String.raw`\wAh` } };
    const suite = await measureSuite({
      rg: rg!,
      tree,
      queries: [naive],
      rounds: 1,
      firstCalls: 1,
      firstQuery: naive,
      log: () => {},
    });
    const query: QueryResult = suite.queries[0]!;
    expect([query.rgMatches, query.lappMatches]).toEqual([2, 1]);
    expect(countsAgree(query)).toBe(false);
    expect(countsCell(query)).toBe("2 / 1 (**differ**)");
  },
  60_000,
);
