// lapp_grep next to ripgrep in the same run, on two trees of different shape: the unpacked bench corpus (many
// small files) and a copy of four installed packages (fewer, larger files with a 9 MB bundle). One lapp_grep MCP
// call to a running server against one `rg --json` process (how an agent runs it), alternating, with the same walk
// rules (hidden files, ignore files without a git repo) and 2 lines of context; plus the first call of a fresh server.

import { cpSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Manifest } from "../corpus/manifest.ts";
import { UNPACKED_DIR } from "../corpus/fetch.ts";
import type { LappClient } from "../support/lapp-client.ts";
import { findRipgrep } from "../support/machine.ts";
import { ripgrepLineCount, structuredTotal } from "../support/match-counts.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { summarize, type Timing } from "../support/stats.ts";

/** Installed packages (pinned by package-lock.json) copied into one tree: ~1,700 files, ~50 MB. */
const MODULE_PACKAGES = ["typescript", "prettier", "@modelcontextprotocol", "zod"];

export interface GrepCase {
  tree: "corpus" | "modules";
  label: string;
  pattern: string;
  literal: boolean;
  /** Searched ignoring case (`ignore_case`, `rg -i`). */
  ignoreCase?: boolean;
  /** A file or folder inside the tree; the whole tree when absent. */
  path?: string;
}

export interface GrepCaseResult extends GrepCase {
  lapp: Timing;
  rg: Timing;
  lappMatches: number | undefined;
  rgMatches: number;
}

export interface GrepResult {
  trees: Record<GrepCase["tree"], { files: number; megabytes: number }>;
  cases: GrepCaseResult[];
  /** The rare-literal search as the first call of a freshly started server (after tools/list), against rg. */
  firstCall: { lapp: Timing; rg: Timing };
  /**
   * The same first call made a pause after tools/list, as an agent's comes (its client lists the tools at start;
   * the model's first call follows the user's prompt): what the server prepares meanwhile is ready. Absent in
   * results written before it was measured.
   */
  firstCallAfterPause?: { pauseMs: number; lapp: Timing; rg: Timing };
  ripgrep: string;
}

/** The pause before the second kind of first call: an agent's first call comes seconds after the start. */
const FIRST_CALL_PAUSE_MS = 1000;

export function grepCases(manifest: Manifest): GrepCase[] {
  return [
    { tree: "modules", label: "rare literal", pattern: "getTokenPosOfNode(", literal: true },
    { tree: "modules", label: "regex", pattern: String.raw`function\s+\w+Error\b`, literal: false },
    { tree: "modules", label: "dense literal", pattern: "function", literal: true },
    {
      tree: "modules",
      label: "one 9 MB bundle",
      pattern: "node.kind",
      literal: true,
      path: "typescript/lib/typescript.js",
    },
    { tree: "corpus", label: "regex", pattern: manifest.latency.grep.pattern, literal: false },
    { tree: "corpus", label: "rare literal", pattern: manifest.latency.grep.literal, literal: true },
    // Agents often search ignoring case; such a search is prefiltered by its letters in either case.
    {
      tree: "modules",
      label: "ignore-case literal",
      pattern: "getTokenPosOfNode(",
      literal: true,
      ignoreCase: true,
    },
  ];
}

export function buildModulesTree(scratch: string): string {
  const tree = join(scratch, "modules-tree");
  const modules = resolve(import.meta.dir, "../../node_modules");
  mkdirSync(tree, { recursive: true });
  for (const name of MODULE_PACKAGES) cpSync(join(modules, name), join(tree, name), { recursive: true });
  return tree;
}

/** `modulesTree`: from buildModulesTree, made at the start of the run (bench/speed.ts says why). */
export async function measureGrepSpeed(
  manifest: Manifest,
  modulesTree: string,
  runs: number,
): Promise<GrepResult | { skipped: string }> {
  const rgBinary = findRipgrep();
  if (!rgBinary) return { skipped: "ripgrep (rg) is not installed" };
  const trees = { corpus: UNPACKED_DIR, modules: modulesTree };
  const cases: GrepCaseResult[] = [];
  for (const tree of ["modules", "corpus"] as const) {
    const lapp = await startRawLappClient(trees[tree]);
    try {
      for (const search of grepCases(manifest).filter((one) => one.tree === tree)) {
        cases.push(await measureCase(lapp, rgBinary, trees[tree], search, runs));
      }
    } finally {
      await lapp.close();
    }
  }
  const firstCase = grepCases(manifest)[0]!;
  const first = { lapp: [] as number[], rg: [] as number[] };
  const paused = { lapp: [] as number[], rg: [] as number[] };
  for (let run = 0; run < runs; run++) {
    for (const [pauseMs, samples] of [
      [0, first],
      [FIRST_CALL_PAUSE_MS, paused],
    ] as const) {
      const lapp = await startRawLappClient(trees.modules);
      try {
        if (pauseMs > 0) await Bun.sleep(pauseMs);
        samples.lapp.push((await callGrep(lapp, firstCase)).ms);
      } finally {
        await lapp.close();
      }
      samples.rg.push(await runRipgrep(rgBinary, trees.modules, firstCase));
    }
  }
  return {
    trees: { corpus: treeSize(trees.corpus), modules: treeSize(trees.modules) },
    cases,
    firstCall: { lapp: summarize(first.lapp), rg: summarize(first.rg) },
    firstCallAfterPause: {
      pauseMs: FIRST_CALL_PAUSE_MS,
      lapp: summarize(paused.lapp),
      rg: summarize(paused.rg),
    },
    ripgrep: rgBinary,
  };
}

async function measureCase(
  lapp: LappClient,
  rgBinary: string,
  tree: string,
  search: GrepCase,
  runs: number,
): Promise<GrepCaseResult> {
  const structured = await lapp.call("lapp_grep", { ...grepArgs(search), format: "structured" });
  const lappMatches = structured.isError ? undefined : structuredTotal(structured.text);
  const samples = { lapp: [] as number[], rg: [] as number[] };
  for (let run = -2; run < runs; run++) {
    const lappMs = (await callGrep(lapp, search)).ms;
    const rgMs = await runRipgrep(rgBinary, tree, search);
    if (run < 0) continue;
    samples.lapp.push(lappMs);
    samples.rg.push(rgMs);
  }
  return {
    ...search,
    lapp: summarize(samples.lapp),
    rg: summarize(samples.rg),
    lappMatches,
    rgMatches: ripgrepLineCount(rgBinary, tree, search),
  };
}

function grepArgs(search: GrepCase): Record<string, unknown> {
  return {
    pattern: search.pattern,
    literal: search.literal,
    context: 2,
    ...(search.ignoreCase ? { ignore_case: true } : {}),
    ...(search.path ? { path: search.path } : {}),
  };
}

export async function callGrep(lapp: LappClient, search: GrepCase) {
  const outcome = await lapp.call("lapp_grep", grepArgs(search));
  if (outcome.isError) throw new Error(`lapp_grep ${search.pattern}: ${outcome.text.split("\n")[0]}`);
  return outcome;
}

function ripgrepArgs(search: GrepCase): string[] {
  return [
    "--hidden",
    "--no-require-git",
    "-C",
    "2",
    ...(search.literal ? ["-F"] : []),
    ...(search.ignoreCase ? ["-i"] : []),
    "-e",
    search.pattern,
    search.path ?? ".",
  ];
}

export async function runRipgrep(rgBinary: string, tree: string, search: GrepCase): Promise<number> {
  const started = performance.now();
  const child = Bun.spawn([rgBinary, "--json", ...ripgrepArgs(search)], {
    cwd: tree,
    stdout: "pipe",
    stderr: "ignore",
  });
  await new Response(child.stdout).arrayBuffer();
  await child.exited;
  return performance.now() - started;
}

function treeSize(tree: string): { files: number; megabytes: number } {
  const listed = Bun.spawnSync(["find", ".", "-type", "f", "-printf", "%s\\n"], {
    cwd: tree,
    stdout: "pipe",
  });
  const sizes = listed.stdout.toString().split("\n").filter(Boolean).map(Number);
  const bytes = sizes.reduce((total, size) => total + size, 0);
  return { files: sizes.length, megabytes: Math.round(bytes / 1e5) / 10 };
}
