// Warms the search path once per process, in the background: starts the worker pool and runs small searches over
// a throwaway tree, so the JIT has compiled the hot loops before the first real lapp_grep call arrives.
// A fresh process runs a search about twice as slowly as a warm one; this moves that cost out of the first call.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSearch } from "./engine.ts";
import type { MatcherSpec } from "./matcher.ts";
import { NO_OVERRIDES } from "./overrides.ts";
import { sharedPool } from "./lanes.ts";

/** Searches over the throwaway tree: enough for the JIT's optimizing tiers, bounded in time. */
const WARM_UP_ROUNDS = 12;
const WARM_UP_BUDGET_MS = 400;

const MATCHERS: MatcherSpec[] = [
  { pattern: "zq_warm_literal", literal: true, ignoreCase: false },
  { pattern: "function\\s+warm\\w*\\(", literal: false, ignoreCase: false },
  { pattern: "^\\s*return\\b", literal: false, ignoreCase: false },
  { pattern: "Warm", literal: true, ignoreCase: true },
];

let started = false;

/** Fire and forget; never throws. Later calls do nothing. */
export function warmUpSearch(): void {
  if (started) return;
  started = true;
  void run().catch(() => {});
}

async function run(): Promise<void> {
  const lanes = sharedPool();
  let root: string;
  try {
    root = mkdtempSync(join(tmpdir(), "lapp-warm-"));
  } catch {
    return; // no writable temp dir: the first search simply runs cold
  }
  try {
    writeTree(root);
    const deadline = performance.now() + WARM_UP_BUDGET_MS;
    for (let round = 0; round < WARM_UP_ROUNDS && performance.now() < deadline; round++) {
      await runSearch({
        root,
        start: root,
        startIsFile: false,
        spec: { matcher: MATCHERS[round % MATCHERS.length]!, context: 2, maxFileBytes: 1 << 20 },
        maxResults: round % 2 === 0 ? 5 : 200,
        overrides: NO_OVERRIDES,
        isBlocked: () => false,
        lanes,
        signal: new AbortController().signal,
        budgetMs: WARM_UP_BUDGET_MS,
        progressIntervalMs: Number.POSITIVE_INFINITY,
        progress: () => {},
        env: {},
      });
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function writeTree(root: string): void {
  const code = (index: number) =>
    `// file ${index}\nfunction warm${index}(value) {\n  if (value > ${index}) {\n    return value - 1; // zq_warm_literal\n  }\n  return ${index};\n}\n`;
  mkdirSync(join(root, ".git"));
  writeFileSync(join(root, ".gitignore"), "*.log\n!keep.log\n");
  for (let directory = 0; directory < 4; directory++) {
    const path = join(root, `d${directory}`);
    mkdirSync(path);
    writeFileSync(join(path, ".gitignore"), "ignored.txt\n");
    for (let index = 0; index < 12; index++) {
      const text = code(directory * 12 + index).repeat(1 + (index % 4));
      writeFileSync(join(path, `f${index}.js`), index % 3 === 0 ? text.replaceAll("\n", "\r\n") : text);
    }
    writeFileSync(join(path, "ignored.txt"), "zq_warm_literal\n");
    writeFileSync(join(path, "keep.log"), "Warm log\n");
  }
  writeFileSync(join(root, "bin.dat"), new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]));
  writeFileSync(join(root, "latin1.txt"), new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x57, 0x61, 0x72, 0x6d, 0x0a]));
}
