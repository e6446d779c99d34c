// Startup from outside, in one run: a hello-world binary compiled with the same Bun (the floor any Bun program
// pays), `lapp --version`, and lapp from spawn until `initialize` and `tools/list` are answered. Samples alternate
// between the three so that a slow moment of the machine lands on all of them alike.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LAPP_BINARY } from "../support/lapp-client.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { summarize, type Timing } from "../support/stats.ts";

export interface StartupResult {
  hello: Timing;
  version: Timing;
  toolsList: Timing;
}

/** Compiles `console.log("hello")` with the Bun running this bench and the release's compile flags. */
function buildHello(scratch: string): string {
  const dir = join(scratch, "hello");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "hello.ts"), 'console.log("hello");\n');
  const binary = join(dir, "hello");
  const built = Bun.spawnSync(
    [process.execPath, "build", "hello.ts", "--compile", "--minify", "--bytecode", `--outfile=${binary}`],
    { cwd: dir, stdout: "ignore", stderr: "pipe" },
  );
  if (built.exitCode !== 0) throw new Error(`compiling hello-world failed: ${built.stderr.toString()}`);
  return binary;
}

/** Spawn until the process has written its line and exited. */
async function timeProcess(argv: string[], cwd: string): Promise<number> {
  const started = performance.now();
  const child = Bun.spawn(argv, { cwd, stdout: "pipe", stderr: "ignore" });
  await new Response(child.stdout).arrayBuffer();
  await child.exited;
  return performance.now() - started;
}

export async function measureStartup(scratch: string, runs: number): Promise<StartupResult> {
  const hello = buildHello(scratch);
  const root = join(scratch, "startup-root");
  mkdirSync(root, { recursive: true });
  const samples = { hello: [] as number[], version: [] as number[], toolsList: [] as number[] };
  const warmup = 3;
  for (let run = 0; run < warmup + runs; run++) {
    const helloMs = await timeProcess([hello], root);
    const versionMs = await timeProcess([LAPP_BINARY, "--version"], root);
    const lapp = await startRawLappClient(root);
    await lapp.close();
    if (run < warmup) continue;
    samples.hello.push(helloMs);
    samples.version.push(versionMs);
    samples.toolsList.push(lapp.startupMs);
  }
  return {
    hello: summarize(samples.hello),
    version: summarize(samples.version),
    toolsList: summarize(samples.toolsList),
  };
}
