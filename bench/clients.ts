// `npm run bench:clients`: lapp in the clients people use, driven end to end. Claude Code and Codex run against a
// scripted model on loopback (what they do around it is measured: permissions, stderr, tool loading, how much of
// each answer reaches the model); Gemini CLI and opencode load the files `lapp setup` writes and connect to lapp.
// The clients are installed, pinned, from npm into node_modules/.cache/lapp-clients/ (not lapp's dependencies).
//
// usage: bun bench/clients.ts [--only claude,codex,gemini,opencode] [--clients-dir DIR]
// Writes bench/results/<date>-<machine>-clients.{json,md}; exits 1 when any check fails.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pkg from "../package.json";
import { executableFormatOf } from "../scripts/executable-format.ts";
import {
  LAUNCHER_PACKAGE,
  npmPack,
  platformPackageName,
  writeLauncherPackage,
  writePlatformPackage,
} from "../scripts/npm-packages.ts";
import { RELEASE_TARGETS } from "../scripts/release-targets.ts";
import { checkClaudeCode } from "./clients/claude-code.ts";
import { Checks, type Check } from "./clients/checks.ts";
import { checkCodex } from "./clients/codex.ts";
import { CLIENT_PACKAGES, installClients, type ClientName } from "./clients/install.ts";
import { checkGemini, checkOpencode } from "./clients/loaders.ts";
import { BENCH_DIR } from "./corpus/manifest.ts";
import { writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { LAPP_BINARY } from "./support/lapp-client.ts";
import { machineInfo, runDate, versions } from "./support/machine.ts";

const REPO = resolve(BENCH_DIR, "..");
const log = (line: string) => process.stderr.write(`${line}\n`);

function options(argv: string[]): { only: ClientName[]; clientsDir: string } {
  let only = Object.keys(CLIENT_PACKAGES) as ClientName[];
  let clientsDir = join(REPO, "node_modules", ".cache", "lapp-clients");
  for (let index = 0; index < argv.length; index++) {
    const value = argv[index + 1];
    if (argv[index] === "--only" && value) {
      only = value.split(",").map((name) => {
        if (!(name in CLIENT_PACKAGES))
          throw new Error(`unknown client ${name}; known: ${Object.keys(CLIENT_PACKAGES)}`);
        return name as ClientName;
      });
      index++;
    } else if (argv[index] === "--clients-dir" && value) {
      clientsDir = resolve(value);
      index++;
    } else
      throw new Error(
        `unknown argument ${argv[index]}; usage: bun bench/clients.ts [--only a,b] [--clients-dir DIR]`,
      );
  }
  return { only, clientsDir };
}

function markdown(rows: readonly Check[], header: string[]): string {
  const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
  const lines = [
    "# lapp in real clients",
    "",
    ...header,
    "",
    "| client | check | result | observed |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      (row) =>
        `| ${row.client} | ${cell(row.check)} | ${row.ok ? "ok" : "**FAIL**"} | ${cell(row.observed)} |`,
    ),
    "",
  ];
  return lines.join("\n");
}

/** The npm launcher and this machine's platform package, packed from dist/lapp as `npm run dist` packs them. */
function hostTarballs(dir: string): string[] {
  const host = executableFormatOf(LAPP_BINARY);
  const target = RELEASE_TARGETS.find(
    (candidate) => host?.os === candidate.os && host.arch === candidate.arch && host.libc === candidate.libc,
  );
  if (target === undefined) throw new Error(`no release target for ${JSON.stringify(host)}`);
  log(`packing ${LAUNCHER_PACKAGE} and ${platformPackageName(target)} for the npx check …`);
  writeLauncherPackage(join(dir, "launcher"), pkg.version);
  writePlatformPackage(join(dir, "platform"), target, LAPP_BINARY, pkg.version);
  return [
    npmPack(join(dir, "launcher"), join(dir, "packed")),
    npmPack(join(dir, "platform"), join(dir, "packed")),
  ];
}

async function main(): Promise<number> {
  const { only, clientsDir } = options(process.argv.slice(2));
  ensureBinary(REPO, log);
  const bins = installClients(clientsDir, only, log);
  const typescript = join(REPO, "node_modules", "typescript", "lib");
  const files = {
    "typescript.d.ts": readFileSync(join(typescript, "typescript.d.ts"), "utf8"),
    "lib.es5.d.ts": readFileSync(join(typescript, "lib.es5.d.ts"), "utf8"),
  };
  const checks = new Checks(log);
  const started = performance.now();
  const scratchPackages = mkdtempSync(join(tmpdir(), "lapp-clients-npm-"));
  if (only.includes("claude"))
    await checkClaudeCode(bins.claude, LAPP_BINARY, files, checks, hostTarballs(scratchPackages));
  rmSync(scratchPackages, { recursive: true, force: true });
  if (only.includes("codex")) await checkCodex(bins.codex, LAPP_BINARY, files, checks);
  if (only.includes("gemini")) await checkGemini(bins.gemini, LAPP_BINARY, checks);
  if (only.includes("opencode")) await checkOpencode(bins.opencode, LAPP_BINARY, checks);

  const machine = machineInfo();
  const version = versions(REPO, undefined);
  const failed = checks.rows.filter((row) => !row.ok).length;
  const header = [
    `${runDate()} on ${machine.label} (${machine.cpu}, ${machine.cores} cores, ${machine.os}); ${version.lapp}` +
      `${version.dirty ? " with uncommitted changes" : ""}; clients: ${only.map((name) => `${CLIENT_PACKAGES[name].name} ${CLIENT_PACKAGES[name].version}`).join(", ")}.`,
    "",
    "Claude Code and Codex talk to a scripted model on 127.0.0.1 (`bench/clients/endpoints.ts`): the model's turns",
    "are fixed, what is observed is what each client does with lapp around them. Sizes are of the text the client",
    "put in front of its model: bytes (Codex counts bytes / 4), o200k tokens, and lapp's own estimate.",
    "",
    `${checks.rows.length - failed} of ${checks.rows.length} checks as expected, in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  ];
  const paths = writeResults(
    `${runDate()}-${machine.label}-clients`,
    {
      date: runDate(),
      machine,
      versions: version,
      clients: only.map((name) => CLIENT_PACKAGES[name]),
      checks: checks.rows,
    },
    markdown(checks.rows, header),
  );
  log(`wrote ${paths.markdown}`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
