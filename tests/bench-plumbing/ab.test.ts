// `npm run bench:ab` (bench/ab.ts): builds named by path or by git revision, calls alternating between real
// servers of each, and the table of medians, ratios and CPU.
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { alternate } from "../../bench/ab/alternate.ts";
import { resolveBuilds } from "../../bench/ab/builds.ts";
import { kernelProbes, startupProbes } from "../../bench/ab/probes.ts";
import { renderAbMarkdown, type AbResults } from "../../bench/ab/report.ts";
import { startRawLappClient } from "../../bench/support/raw-mcp.ts";
import { LAPP_BINARY } from "../../bench/support/lapp-client.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-ab-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const repoDir = join(import.meta.dir, "..", "..");

test("calls alternate between the servers of both builds, the order turning each round, after the warm-up", async () => {
  const root = join(temp, "tree");
  mkdirSync(root);
  writeFileSync(join(root, "a.txt"), "needle here\nnothing\n");
  const servers = await Promise.all([startRawLappClient(root), startRawLappClient(root)]);
  try {
    const order: number[] = [];
    const result = await alternate(
      {
        label: "lapp_grep needle",
        servers,
        call: async (server, build) => {
          order.push(build);
          const outcome = await server.call("lapp_grep", { pattern: "needle", literal: true });
          expect(outcome.text).toContain("a.txt");
          return outcome.ms;
        },
      },
      3,
      1,
    );
    expect(order).toEqual([0, 1, 0, 1, 1, 0, 0, 1]);
    expect(result.builds.map((build) => build.wall.runs)).toEqual([3, 3]);
    for (const build of result.builds) {
      expect(build.wall.median).toBeGreaterThan(0);
      if (process.platform === "linux") expect(build.cpuMs).toBeGreaterThanOrEqual(0);
    }
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
});

test("the startup probe starts a fresh server of each build per call and times it up to tools/list", async () => {
  const root = join(temp, "startup");
  mkdirSync(root);
  const set = startupProbes([LAPP_BINARY, LAPP_BINARY], root);
  const result = await alternate(set.probes[0]!, 2, 0);
  await set.close();
  expect(result.label).toBe("spawn → tools/list (a fresh server)");
  expect(result.builds.map((build) => build.wall.runs)).toEqual([2, 2]);
  for (const build of result.builds) {
    expect(build.wall.median).toBeGreaterThan(0);
    expect(build.cpuMs).toBeUndefined(); // a fresh process per call: no server's CPU to read
  }
});

test("the kernel probes make bench:kernel's calls on the tree given, one server per build, and fail on an error", async () => {
  const root = join(temp, "kernel");
  mkdirSync(root);
  writeFileSync(join(root, "pm.c"), "#define PM_RESUME 1\n");
  const queries = [
    { id: "linux_literal", rg: ["-n", "PM_RESUME"], lapp: { pattern: "PM_RESUME" } },
    { id: "broken", rg: [], lapp: { pattern: "(" } },
  ];
  const set = await kernelProbes([LAPP_BINARY, LAPP_BINARY], root, queries);
  try {
    expect(set.probes.map((probe) => probe.label)).toEqual([
      "lapp_grep linux_literal (Linux tree)",
      "lapp_grep broken (Linux tree)",
    ]);
    const result = await alternate(set.probes[0]!, 2, 0);
    expect(result.builds.map((build) => build.wall.runs)).toEqual([2, 2]);
    expect(set.probes[0]!.servers[0]).not.toBe(set.probes[0]!.servers[1]);
    await expect(alternate(set.probes[1]!, 1, 0)).rejects.toThrow("lapp_grep (:");
  } finally {
    await set.close();
  }
});

test("a build named by a path is that binary; one named by a revision is built in a worktree removed after", () => {
  const { builds, cleanup } = resolveBuilds([LAPP_BINARY, "HEAD"], repoDir, () => {});
  try {
    expect(builds[0]).toEqual({ name: LAPP_BINARY, binary: LAPP_BINARY });
    expect(existsSync(builds[1]!.binary)).toBe(true);
    const version = Bun.spawnSync([builds[1]!.binary, "--version"]).stdout.toString();
    const head = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: repoDir })
      .stdout.toString()
      .trim();
    expect(version).toContain(head);
  } finally {
    cleanup();
  }
  expect(existsSync(builds[1]!.binary)).toBe(false);
  const worktree = dirname(dirname(builds[1]!.binary));
  const worktrees = Bun.spawnSync(["git", "worktree", "list", "--porcelain"], {
    cwd: repoDir,
  }).stdout.toString();
  expect(worktrees).not.toContain(worktree);
}, 120_000);

test("the table gives both medians, their ratio and CPU per call (a dash where unknown)", () => {
  const timing = (median: number) => ({ median, min: median, max: median, runs: 60 });
  const run: AbResults = {
    kind: "lapp-bench-ab",
    date: "2026-12-01",
    machine: { label: "vm", cpu: "AMD EPYC", cores: 2, memoryGiB: 23.5, os: "Debian", loadAverage: 1 },
    builds: [
      { name: "HEAD~1", version: "lapp 0.1.0 (commit aaa)" },
      { name: "dist/lapp", version: "lapp 0.1.0 (commit bbb)" },
    ],
    calls: 60,
    results: [
      {
        label: "lapp_grep regex (corpus tree)",
        builds: [
          { wall: timing(44), cpuMs: 75.25 },
          { wall: timing(40), cpuMs: 68 },
        ],
      },
      {
        label: "lapp_edit, 1 edit",
        builds: [
          { wall: timing(3), cpuMs: undefined },
          { wall: timing(3.3), cpuMs: 4 },
        ],
      },
    ],
  };
  const lines = renderAbMarkdown(run).split("\n");
  expect(lines).toContain("A: HEAD~1 (lapp 0.1.0 (commit aaa)). B: dist/lapp (lapp 0.1.0 (commit bbb)).");
  expect(lines).toContain("| lapp_grep regex (corpus tree) | 44.0 | 40.0 | 0.91× | 75.3 | 68.0 |");
  expect(lines).toContain("| lapp_edit, 1 edit | 3.0 | 3.3 | 1.10× | — | 4.0 |");
});
