// `bun bench/memory-levers.ts`: each lever's server really runs with its setting (an environment variable reaches
// the server's process; a compile flag gives a binary of the current sources, removed after), and the table.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { prepareLevers } from "../../bench/memory/levers.ts";
import { renderLeversMarkdown, type LeverRound, type LeversResults } from "../../bench/memory/report.ts";
import { LAPP_BINARY } from "../../bench/support/lapp-client.ts";
import { startRawLappClient } from "../../bench/support/raw-mcp.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-levers-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const repoDir = join(import.meta.dir, "..", "..");

test.if(process.platform === "linux")(
  "a lever's environment variables reach the server's process",
  async () => {
    const { servers, cleanup } = prepareLevers(
      [{ label: "env", env: { BUN_JSC_useFTLJIT: "0" } }],
      LAPP_BINARY,
      repoDir,
      () => {},
    );
    try {
      expect(servers[0]!.binary).toBe(LAPP_BINARY);
      const lapp = await startRawLappClient(temp, [], servers[0]!.binary, servers[0]!.env);
      try {
        const environ = readFileSync(`/proc/${lapp.pid}/environ`, "utf8").split("\0");
        expect(environ).toContain("BUN_JSC_useFTLJIT=0");
        expect(lapp.has("lapp_read")).toBe(true);
      } finally {
        await lapp.close();
      }
    } finally {
      cleanup();
    }
  },
);

test("a compile lever builds the current sources with its flags, in a folder removed after", () => {
  const { servers, cleanup } = prepareLevers(
    [{ label: "policy", compile: ["--compile-jit-policy=16"] }],
    LAPP_BINARY,
    repoDir,
    () => {},
  );
  const binary = servers[0]!.binary!;
  try {
    expect(binary).not.toBe(LAPP_BINARY);
    const head = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: repoDir })
      .stdout.toString()
      .trim();
    expect(Bun.spawnSync([binary, "--version"]).stdout.toString()).toContain(head);
  } finally {
    cleanup();
  }
  expect(existsSync(dirname(binary))).toBe(false);
}, 120_000); // it compiles a binary: seconds on a busy 2-core machine

test("a flag the compiler refuses fails, naming the lever", () => {
  expect(() =>
    prepareLevers(
      [{ label: "broken lever", compile: ["--compile-jit-policy=0"] }],
      LAPP_BINARY,
      repoDir,
      () => {},
    ),
  ).toThrow(/broken lever/);
});

test("the table gives each lever's medians over the rounds, the peak's range, ratios against the first", () => {
  const round = (peak: number, edit100: number): LeverRound => ({
    peakRssMiB: peak,
    idleRssMiB: 50,
    edit1Ms: 2,
    edit100Ms: edit100,
    edit100AfterReadMs: 6,
    pageMs: 1,
  });
  const run: LeversResults = {
    kind: "lapp-bench-memory-levers",
    date: "2026-12-01",
    machine: { label: "box", cpu: "cpu", cores: 2, memoryGiB: 8, os: "linux", loadAverage: 0.5 },
    lapp: "lapp 0.1.0",
    rounds: 3,
    calls: 31,
    levers: [
      { label: "as shipped", rounds: [round(80, 4), round(82, 5), round(84, 6)] },
      { label: "less", rounds: [round(60, 10), round(40, 8), round(41, 12)] },
    ],
  };
  const lines = renderLeversMarkdown(run).split("\n");
  expect(lines.find((line) => line.startsWith("| as shipped"))).toBe(
    "| as shipped | 82.0 [80.0–84.0] | 50.0 | 2.0 | 5.0 | 6.0 | 1.0 |",
  );
  expect(lines.find((line) => line.startsWith("| less"))).toBe(
    "| less | 41.0 (0.50×) [40.0–60.0] | 50.0 (1.00×) | 2.0 (1.00×) | 10.0 (2.00×) | 6.0 (1.00×) | 1.0 (1.00×) |",
  );
});
