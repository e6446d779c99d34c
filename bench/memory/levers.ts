// The runtime's levers on memory that lapp could pull: settings of JavaScriptCore (its JIT tiers, its heap steps) and
// of mimalloc, given as environment variables, and settings baked into the binary when it is compiled. Each names
// how it is set, so a result row says exactly what was run.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileCommand, currentCommit, hostTarget } from "../../scripts/build-options.ts";
import type { WorkServer } from "../speed/server-work.ts";

export interface Lever {
  label: string;
  /** Environment variables the server starts with. */
  env?: Record<string, string>;
  /** Flags added to the compile of a binary of the current sources (scripts/build-options.ts). */
  compile?: string[];
}

export const LEVERS: Lever[] = [
  { label: "as shipped" },
  { label: "no FTL tier (BUN_JSC_useFTLJIT=0)", env: { BUN_JSC_useFTLJIT: "0" } },
  { label: "baseline JIT only (BUN_JSC_useDFGJIT=0)", env: { BUN_JSC_useDFGJIT: "0" } },
  { label: "no JIT (BUN_JSC_useJIT=0)", env: { BUN_JSC_useJIT: "0" } },
  { label: "JIT policy 16 (--compile-jit-policy=16)", compile: ["--compile-jit-policy=16"] },
  { label: "--smol (--compile-exec-argv=--smol)", compile: ["--compile-exec-argv=--smol"] },
  {
    label: "smaller heap steps (BUN_JSC_largeHeapSize=4 MiB, smallHeapGrowthFactor=1.3)",
    env: { BUN_JSC_largeHeapSize: String(4 * 1024 * 1024), BUN_JSC_smallHeapGrowthFactor: "1.3" },
  },
  { label: "mimalloc purges at once (MIMALLOC_PURGE_DELAY=0)", env: { MIMALLOC_PURGE_DELAY: "0" } },
];

/**
 * The server each lever runs: `shipped` (dist/lapp) with its variables, or a binary compiled with its flags into a
 * temporary folder that `cleanup` removes.
 */
export function prepareLevers(
  levers: readonly Lever[],
  shipped: string,
  repoDir: string,
  log: (line: string) => void,
): { servers: WorkServer[]; cleanup(): void } {
  const folder = mkdtempSync(join(tmpdir(), "lapp-levers-"));
  const cleanup = () => rmSync(folder, { recursive: true, force: true });
  try {
    const servers = levers.map((lever, index) => {
      if (!lever.compile) return { binary: shipped, env: lever.env };
      log(`compiling for "${lever.label}" …`);
      const binary = join(folder, `lapp-${index}`);
      const result = Bun.spawnSync(compileCommand(binary, hostTarget(), currentCommit(), lever.compile), {
        cwd: repoDir,
        stdout: "ignore",
        stderr: "pipe",
      });
      if (result.exitCode !== 0)
        throw new Error(`compiling for "${lever.label}": ${result.stderr.toString()}`);
      return { binary, env: lever.env };
    });
    return { servers, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
