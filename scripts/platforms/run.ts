// `npm run test:platforms`: the release builds of windows-x64 and linux-arm64, run on this Linux x64 machine by
// emulation (Wine, qemu-user), each through one MCP session (steps.ts), compared answer by answer and tree by tree
// with linux-x64's; linux-x64 and linux-arm64 also on the fallback paths. Setup and what is compared:
// docs/platforms.md. Not part of `npm test` (it needs those emulators and takes a few minutes).
//
//   bun scripts/platforms/run.ts [--work DIR] [--no-build] [--only linux-x64-fallback,windows-x64,...]

import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pkg from "../../package.json";
import { compare, manifest, type Comparison } from "./compare.ts";
import { buildFixture } from "./fixture.ts";
import type { Transcript } from "./session.ts";

const REPO = resolve(import.meta.dir, "../..");
const RUNTIME_CACHE = join(REPO, "node_modules/.cache/lapp-bun-runtimes");
const WINE = ["/usr/lib/wine/wine64", Bun.which("wine64"), Bun.which("wine")].find(
  (path): path is string => typeof path === "string" && existsSync(path),
);
const QEMU = Bun.which("qemu-aarch64-static") ?? Bun.which("qemu-aarch64");
const MINGW = Bun.which("x86_64-w64-mingw32-gcc");
const log = (line: string) => process.stderr.write(`${line}\n`);

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

function run(command: string[], options: { cwd?: string; env?: Record<string, string> } = {}): void {
  const result = Bun.spawnSync(command, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  if (result.exitCode !== 0)
    throw new Error(`${command.join(" ")} failed (${result.exitCode}):\n${result.stdout}${result.stderr}`);
}

/** A Linux path as Wine names it (its Z: drive is the Linux root). */
const wineSpelling = (path: string) => `Z:${path.replaceAll("/", "\\")}`;

interface Platform {
  label: string;
  /** The session driver's command line before its own arguments. */
  driver: (work: string) => string[];
  /** The server's command, as the driver's system spells it. */
  server: (work: string) => string[];
  /** The fixture as the driver's system spells it. */
  fixtureSpelling: (fixture: string) => string;
  env?: Record<string, string>;
}

const SESSION = join(REPO, "scripts/platforms/session.ts");
const FALLBACK = { LAPP_NO_NATIVE_FS: "1", LAPP_NO_NATIVE_SEARCH: "1" };
const wineEnv = (work: string) => ({
  WINEPREFIX: join(work, "wine-prefix"),
  WINEDLLOVERRIDES: "mscoree,mshtml=",
  WINEDEBUG: "-all",
});

const PLATFORMS: Platform[] = [
  {
    label: "linux-x64",
    driver: () => [process.execPath, SESSION],
    server: (work) => [join(work, "bin/linux-x64/lapp")],
    fixtureSpelling: (fixture) => fixture,
  },
  {
    label: "linux-x64-fallback",
    driver: () => [process.execPath, SESSION],
    server: (work) => [join(work, "bin/linux-x64/lapp")],
    fixtureSpelling: (fixture) => fixture,
    env: FALLBACK,
  },
  {
    label: "linux-arm64",
    driver: () => [process.execPath, SESSION],
    server: (work) => [QEMU ?? "qemu-aarch64-static", join(work, "bin/linux-arm64/lapp")],
    fixtureSpelling: (fixture) => fixture,
  },
  {
    label: "linux-arm64-fallback",
    driver: () => [process.execPath, SESSION],
    server: (work) => [QEMU ?? "qemu-aarch64-static", join(work, "bin/linux-arm64/lapp")],
    fixtureSpelling: (fixture) => fixture,
    env: FALLBACK,
  },
  {
    // The client runs inside Wine too: Bun under Wine cannot read a pipe a Linux process holds, and a Windows client
    // gives lapp.exe Windows pipes, as a real one does.
    label: "windows-x64",
    driver: (work) => [
      WINE ?? "wine64",
      wineSpelling(join(work, "wine-client/bun.exe")),
      wineSpelling(SESSION),
    ],
    server: (work) => [wineSpelling(join(work, "bin/windows-x64/lapp.exe"))],
    fixtureSpelling: wineSpelling,
  },
];

function checkTools(): void {
  const missing = [
    WINE ? undefined : "wine (wine64)",
    QEMU ? undefined : "qemu-user-static (qemu-aarch64-static)",
    MINGW ? undefined : "gcc-mingw-w64-x86-64-win32 (x86_64-w64-mingw32-gcc)",
    Bun.which("unzip") ? undefined : "unzip",
  ].filter((tool) => tool !== undefined);
  if (missing.length === 0) return;
  log(`missing: ${missing.join(", ")}. Setup: docs/platforms.md`);
  process.exit(2);
}

/** Release archives of the three targets into work/release, unpacked into work/bin/<target>. */
function buildBinaries(work: string, rebuild: boolean): void {
  const release = join(work, "release");
  if (rebuild || !existsSync(join(release, "SHA256SUMS"))) {
    log("building linux-x64, linux-arm64 and windows-x64 (npm run dist) …");
    run(
      [
        process.execPath,
        join(REPO, "scripts/dist.ts"),
        "--only",
        "linux-x64,linux-arm64,windows-x64",
        "--out",
        release,
      ],
      {
        cwd: REPO,
      },
    );
  }
  for (const target of ["linux-x64", "linux-arm64", "windows-x64"]) {
    const into = join(work, "bin", target);
    rmSync(into, { recursive: true, force: true });
    mkdirSync(into, { recursive: true });
    if (target === "windows-x64") run(["unzip", "-q", join(release, `lapp-${target}.zip`)], { cwd: into });
    else run(["tar", "-xzf", join(release, `lapp-${target}.tar.gz`)], { cwd: into });
  }
}

/** The DLL stand-in beside lapp.exe and beside the Windows bun.exe that drives its session; the Wine prefix. */
function prepareWine(work: string): void {
  const shim = join(work, "bcryptprimitives.dll");
  const source = join(REPO, "scripts/platforms/wine-shim");
  run([
    MINGW!,
    "-O2",
    "-shared",
    "-o",
    shim,
    join(source, "bcryptprimitives.c"),
    join(source, "bcryptprimitives.def"),
    "-ladvapi32",
  ]);
  const client = join(work, "wine-client");
  mkdirSync(client, { recursive: true });
  // dist caches the Windows runtime tarball from npm; its bun.exe is the client inside Wine.
  const tarball = join(RUNTIME_CACHE, `oven-bun-windows-x64-baseline-${pkg.devDependencies.bun}.tgz`);
  run(["tar", "-xzf", tarball, "-C", client, "--strip-components=2", "package/bin/bun.exe"]);
  copyFileSync(shim, join(client, "bcryptprimitives.dll"));
  copyFileSync(shim, join(work, "bin/windows-x64/bcryptprimitives.dll"));
  if (!existsSync(join(work, "wine-prefix", "system.reg"))) {
    log("preparing a Wine prefix (once) …");
    run([WINE!, "wineboot", "-i"], { env: wineEnv(work) });
  }
}

async function session(
  platform: Platform,
  work: string,
): Promise<{ transcript: Transcript; tree: string[]; seconds: number }> {
  const fixture = join(work, "fixtures", platform.label);
  buildFixture(fixture);
  const out = join(work, `${platform.label}.json`);
  rmSync(out, { force: true });
  const spelled = platform.label.startsWith("windows") ? wineSpelling : (path: string) => path;
  const started = performance.now();
  const child = Bun.spawn(
    [
      ...platform.driver(work),
      "--label",
      platform.label,
      "--fixture",
      platform.fixtureSpelling(fixture),
      "--out",
      spelled(out),
      "--",
      ...platform.server(work),
    ],
    {
      cwd: REPO,
      env: {
        ...process.env,
        ...platform.env,
        ...(platform.label.startsWith("windows") ? wineEnv(work) : {}),
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  );
  const stderr = await new Response(child.stderr).text();
  await child.exited;
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  if (!existsSync(out))
    throw new Error(`${platform.label}: no transcript; the driver said:\n${stderr.slice(-3000)}`);
  writeFileSync(join(work, `${platform.label}.log`), stderr);
  return { transcript: JSON.parse(readFileSync(out, "utf8")), tree: manifest(fixture), seconds };
}

function render(
  rows: Array<Comparison & { seconds: number }>,
  reference: { steps: number; failed: number; seconds: number },
): string {
  const lines = [
    `# lapp ${pkg.version} on other platforms, against linux-x64 (${new Date().toISOString().slice(0, 10)})`,
    "",
    `linux-x64: ${reference.steps} steps, ${reference.failed} failed checks, ${reference.seconds} s.`,
    "",
    "| platform | steps | failed checks | answers identical | differ by design | differ otherwise | final tree | seconds |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.label} | ${row.steps} | ${row.failedChecks.length} | ${row.identical} | ${row.byDesign.length} | ${row.unexpected.length} | ${row.treeIdentical ? "identical" : "differs"} | ${row.seconds} |`,
    );
  }
  for (const row of rows) {
    for (const name of row.byDesign) lines.push(`- ${row.label}, by design: ${name}`);
    for (const failure of row.failedChecks) lines.push(`- ${row.label}, FAILED CHECK: ${failure}`);
    for (const difference of row.unexpected) lines.push(`- ${row.label}, DIFFERS: ${difference}`);
    if (!row.treeIdentical) lines.push(`- ${row.label}, TREE: ${row.treeDifference}`);
  }
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  checkTools();
  const work = resolve(option("--work") ?? join(tmpdir(), "lapp-platforms"));
  mkdirSync(work, { recursive: true });
  const only = option("--only")?.split(",");
  buildBinaries(work, !process.argv.includes("--no-build"));
  prepareWine(work);
  const [reference, ...others] = PLATFORMS;
  log(`session on ${reference!.label} …`);
  const base = await session(reference!, work);
  const rows: Array<Comparison & { seconds: number }> = [];
  for (const platform of others.filter((p) => only === undefined || only.includes(p.label))) {
    log(`session on ${platform.label} …`);
    const done = await session(platform, work);
    rows.push({ ...compare(base.transcript, done.transcript, base.tree, done.tree), seconds: done.seconds });
  }
  const failedReference = base.transcript.steps.filter((step) => step.failures.length > 0).length;
  const report = render(rows, {
    steps: base.transcript.steps.length,
    failed: failedReference,
    seconds: base.seconds,
  });
  writeFileSync(join(work, "summary.md"), report);
  process.stdout.write(report);
  log(`transcripts, logs and fixtures: ${work}`);
  const bad =
    failedReference > 0 ||
    rows.some((row) => row.failedChecks.length + row.unexpected.length > 0 || !row.treeIdentical);
  process.exit(bad ? 1 : 0);
}

await main();
