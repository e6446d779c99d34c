// Part 3 of `npm run bench`: latency of lapp measured from outside over MCP with a minimal JSON-RPC client (medians
// of repeated runs, one process per startup sample), lapp_grep next to ripgrep on the same tree, lapp_find_block.

import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ID_ALPHABET, lineId, refOf } from "../../src/hashline/hash.ts";
import { splitLines } from "../../src/text/document.ts";
import type { Manifest } from "../corpus/manifest.ts";
import { corpusFilePath, UNPACKED_DIR } from "../corpus/fetch.ts";
import type { LappClient } from "../support/lapp-client.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { findRipgrep } from "../support/machine.ts";
import { ripgrepLineCount, structuredTotal } from "../support/match-counts.ts";
import { repeat, type Timing } from "../support/stats.ts";

export interface LatencyPlan {
  startupRuns: number;
  callRuns: number;
  grepRuns: number;
}

export interface Latency {
  startup: Timing;
  read: { lines: number; fileLines: number; timing: Timing };
  edit1: Timing;
  edit100: Timing;
  editFileLines: number;
  grep: GrepLatency[] | { skipped: string };
  findBlock:
    Array<{ file: string; pattern: string; timing: Timing; firstLine: string }> | { skipped: string };
  /** Peak RSS of the server that ran the read, edit and find_block samples. */
  peakRssMiB: number | undefined;
}

export interface GrepLatency {
  pattern: string;
  literal: boolean;
  files: number;
  lapp: Timing;
  lappMatches: number | undefined;
  rg: Timing | undefined;
  rgMatches: number | undefined;
}

const RG = findRipgrep();

export async function measureLatency(
  manifest: Manifest,
  scratch: string,
  plan: LatencyPlan,
): Promise<Latency> {
  const startup = await repeat(plan.startupRuns, 2, async () => {
    const lapp = await startRawLappClient(scratch);
    await lapp.close();
    return lapp.startupMs;
  });

  const files = join(scratch, "latency");
  mkdirSync(files, { recursive: true });
  const readSource = manifest.latency.read;
  copyFileSync(corpusFilePath(readSource), join(files, "read-source"));
  copyFileSync(corpusFilePath(manifest.latency.edit), join(files, "edit-target"));

  const lapp = await startRawLappClient(files);
  try {
    const readLines = splitLines(readFileSync(join(files, "read-source"), "utf8")).lines.length;
    const read = await repeat(plan.callRuns, 3, async () => {
      const outcome = await lapp.call("lapp_read", {
        path: "read-source",
        offset: 1,
        limit: readSource.lines,
      });
      if (outcome.isError) throw new Error(`lapp_read: ${outcome.text.split("\n")[0]}`);
      return outcome.ms;
    });
    const edits = await measureEdits(lapp, join(files, "edit-target"), plan.callRuns);
    const findBlock = lapp.has("lapp_find_block")
      ? await measureFindBlock(lapp, manifest, files, plan.callRuns)
      : { skipped: "lapp_find_block is not listed by this build" };
    const peakRssMiB = lapp.peakRssMiB();
    await lapp.close();
    const grep = await measureGrep(manifest, plan.grepRuns);
    return {
      startup,
      read: { lines: readSource.lines, fileLines: readLines, timing: read },
      ...edits,
      grep,
      findBlock,
      peakRssMiB,
    };
  } finally {
    await lapp.close().catch(() => {});
  }
}

/**
 * One edit and a 100-edit call on the big file. Each sample toggles a marker on its lines, so every call is a
 * real change; refs come from lapp's hash function on the text the bench knows is on disk.
 */
export async function measureEdits(
  lapp: LappClient,
  absolute: string,
  runs: number,
): Promise<{ edit1: Timing; edit100: Timing; editFileLines: number }> {
  const edits = editSampler(lapp, absolute);
  const edit1 = await repeat(runs, 3, () => edits.call(1));
  const edit100 = await repeat(runs, 3, () => edits.call(100));
  return { edit1, edit100, editFileLines: edits.lines };
}

/** IDs a line can have (two characters of the ID alphabet). */
const ID_COUNT = ID_ALPHABET.length ** 2;
/** Lines each call's edits move on by: a prime, so over many calls the shifts visit every line. */
const SHIFT_STRIDE = 7919;

/**
 * Real edit calls on `absolute` (`path` below the server's root): `call(count)` sets a numbered marker on `count`
 * lines spread over the file and resolves to the call's milliseconds. A line never gets back an ID it had at its
 * number: lapp rightly calls such a ref ambiguous (it also named the line an earlier edit replaced there), and a
 * refusal would time something else than an edit.
 */
export function editSampler(
  lapp: LappClient,
  absolute: string,
  path = "edit-target",
): { lines: number; call(count: number): Promise<number> } {
  const { lines } = splitLines(readFileSync(absolute, "utf8"));
  const current = [...lines];
  const candidates = current
    .map((_, index) => index)
    .filter((index) => /[\p{L}\p{N}]/u.test(current[index]!));
  // Each call's lines are shifted by a stride from the last call's: a line has only ID_COUNT IDs, so a sampler that
  // edited the same lines call after call ran out of fresh ones after ~250 calls and looped for ever (bench:ab
  // --calls 150 edits each of 100 lines in two probes: 310 times).
  let calls = 0;
  const spread = (count: number) => {
    const shift = (calls++ * SHIFT_STRIDE) % candidates.length;
    return Array.from(
      { length: count },
      (_, slot) =>
        candidates[(Math.floor(((slot + 0.5) * candidates.length) / count) + shift) % candidates.length]!,
    );
  };
  const MARK = / \/\*bench \d+\*\/$/;
  let marker = 0;
  const idsHad = new Map<number, Set<string>>();
  const nextText = (index: number, text: string) => {
    const had = idsHad.get(index) ?? new Set([lineId(index + 1, text)]);
    idsHad.set(index, had);
    if (had.size >= ID_COUNT)
      throw new Error(`line ${index + 1} has had every ID; the sampler cannot edit it again`);
    for (;;) {
      const next = `${text.replace(MARK, "")} /*bench ${++marker}*/`;
      const id = lineId(index + 1, next);
      if (had.has(id)) continue;
      had.add(id);
      return next;
    }
  };
  const call = async (count: number): Promise<number> => {
    const edits = spread(count).map((index) => {
      const text = current[index]!;
      const next = nextText(index, text);
      return { type: "replace", anchor: refOf(index + 1, text), content: next, index, next };
    });
    const outcome = await lapp.call("lapp_edit", {
      path,
      edits: edits.map(({ type, anchor, content }) => ({ type, anchor, content })),
    });
    if (outcome.isError) throw new Error(`lapp_edit: ${outcome.text.split("\n")[0]}`);
    for (const edit of edits) current[edit.index] = edit.next;
    return outcome.ms;
  };
  return { lines: lines.length, call };
}

async function measureFindBlock(lapp: LappClient, manifest: Manifest, files: string, runs: number) {
  const results = [];
  for (const [index, target] of manifest.latency.findBlock.entries()) {
    const name = `block-source-${index}${target.path.slice(target.path.lastIndexOf("."))}`;
    copyFileSync(corpusFilePath(target), join(files, name));
    let firstLine = "";
    const timing = await repeat(runs, 3, async () => {
      const outcome = await lapp.call("lapp_find_block", {
        path: name,
        pattern: target.pattern,
        literal: true,
      });
      if (outcome.isError)
        throw new Error(`lapp_find_block ${target.pattern}: ${outcome.text.split("\n")[0]}`);
      firstLine = outcome.text.split("\n")[0]!;
      return outcome.ms;
    });
    results.push({
      file: `${target.package}@${target.version}/${target.path}`,
      pattern: target.pattern,
      timing,
      firstLine,
    });
  }
  return results;
}

/**
 * lapp_grep over the whole unpacked corpus (one server, calls timed over MCP) next to `rg` run as a process on
 * the same tree with the same walk rules (hidden files, ignore files without a git repo, 2 context lines).
 */
async function measureGrep(manifest: Manifest, runs: number): Promise<GrepLatency[] | { skipped: string }> {
  const tree = UNPACKED_DIR;
  const lapp = await startRawLappClient(tree);
  try {
    if (!lapp.has("lapp_grep")) return { skipped: "lapp_grep is not listed by this build" };
    const files = countFiles(tree);
    const searches = [
      { pattern: manifest.latency.grep.pattern, literal: false },
      { pattern: manifest.latency.grep.literal, literal: true },
    ];
    const results: GrepLatency[] = [];
    for (const search of searches) {
      const args = { pattern: search.pattern, literal: search.literal, context: 2, max_results: 100_000 };
      const structured = await lapp.call("lapp_grep", { ...args, format: "structured" });
      const lappMatches = structured.isError ? undefined : structuredTotal(structured.text);
      const timing = await repeat(runs, 2, async () => {
        const outcome = await lapp.call("lapp_grep", args);
        if (outcome.isError) throw new Error(`lapp_grep: ${outcome.text.split("\n")[0]}`);
        return outcome.ms;
      });
      const rgArgs = [
        "--hidden",
        "--no-require-git",
        "-n",
        "-C",
        "2",
        ...(search.literal ? ["-F"] : []),
        "-e",
        search.pattern,
        ".",
      ];
      const rg = RG
        ? await repeat(runs, 2, async () => {
            const t0 = performance.now();
            const child = Bun.spawn([RG, ...rgArgs], { cwd: tree, stdout: "pipe", stderr: "ignore" });
            await new Response(child.stdout).arrayBuffer();
            await child.exited;
            return performance.now() - t0;
          })
        : undefined;
      const rgMatches = RG ? ripgrepLineCount(RG, tree, search) : undefined;
      results.push({
        pattern: search.pattern,
        literal: search.literal,
        files,
        lapp: timing,
        lappMatches,
        rg,
        rgMatches,
      });
    }
    return results;
  } finally {
    await lapp.close();
  }
}

function countFiles(tree: string): number {
  const result = Bun.spawnSync(["find", ".", "-type", "f"], { cwd: tree, stdout: "pipe" });
  return result.stdout.toString().split("\n").filter(Boolean).length;
}
