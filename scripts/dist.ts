// `npm run dist`: cross-compiles lapp for every release target from one Linux machine into dist/release/,
// one archive per target plus SHA256SUMS, and the npm packages (dist/release/npm/: the @lapp-dev/lapp launcher
// and one package per target, scripts/npm-packages.ts). Needs nothing from the network but the npm registry.
//
// usage: bun scripts/dist.ts [--only linux-x64,darwin-arm64] [--out dist/release]

import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import pkg from "../package.json";
import { tarGz, zip } from "./archive.ts";
import { compileCommand, currentCommit } from "./build-options.ts";
import { ensureRuntimes, extractRuntime } from "./bun-runtime.ts";
import { renderChecksums, sha256Hex } from "./checksums.ts";
import { executableFormatOf } from "./executable-format.ts";
import { npmPack, platformPackageName, writeLauncherPackage, writePlatformPackage } from "./npm-packages.ts";
import {
  RELEASE_TARGETS,
  archiveName,
  binaryName,
  findTarget,
  type ReleaseTarget,
} from "./release-targets.ts";

const RUNTIME_CACHE = "node_modules/.cache/lapp-bun-runtimes";
const log = (line: string) => console.error(line);

function parseOptions(argv: string[]): { targets: ReleaseTarget[]; out: string } {
  let targets = [...RELEASE_TARGETS];
  let out = "dist/release";
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const value = argv[index + 1];
    if (arg === "--only" && value) {
      targets = value.split(",").map((asset) => {
        const target = findTarget(asset.trim());
        if (!target)
          throw new Error(`unknown target ${asset}; known: ${RELEASE_TARGETS.map((t) => t.asset)}`);
        return target;
      });
      index++;
    } else if (arg === "--out" && value) {
      out = value;
      index++;
    } else {
      throw new Error(`unknown argument ${arg}; usage: bun scripts/dist.ts [--only a,b] [--out dir]`);
    }
  }
  return { targets, out };
}

/** The commit's time, so that archives of the same commit are identical byte for byte. */
function sourceDateEpoch(): number {
  const fromEnv = Number(process.env.SOURCE_DATE_EPOCH);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  const git = Bun.spawnSync(["git", "log", "-1", "--format=%ct"], { stderr: "ignore" });
  const fromGit = Number(git.stdout.toString().trim());
  return git.exitCode === 0 && fromGit > 0 ? fromGit : Math.floor(Date.now() / 1000);
}

/** Whether this machine can execute the target's binary: same OS, CPU and libc as the running Bun. */
function hostRuns(target: ReleaseTarget): boolean {
  const host = executableFormatOf(process.execPath);
  return host?.os === target.os && host.arch === target.arch && host.libc === target.libc;
}

function compile(target: ReleaseTarget, runtime: string, commit: string, outfile: string): void {
  const result = Bun.spawnSync(
    compileCommand(outfile, target.bunTarget, commit, [
      `--target=${target.bunTarget}`,
      `--compile-executable-path=${runtime}`,
    ]),
    { stdout: "pipe", stderr: "pipe" },
  );
  if (result.exitCode !== 0) {
    throw new Error(`compiling ${target.asset} failed:\n${result.stdout}${result.stderr}`);
  }
}

/** Refuses a runtime or binary for the wrong OS, CPU or libc: none of them can be run here to find out later. */
function checkFormat(path: string, target: ReleaseTarget, what: string): void {
  const found = executableFormatOf(path);
  const wanted = { os: target.os, arch: target.arch, libc: target.libc };
  if (!found || found.os !== wanted.os || found.arch !== wanted.arch || found.libc !== wanted.libc) {
    throw new Error(`${what} ${path} is ${JSON.stringify(found)}, expected ${JSON.stringify(wanted)}`);
  }
}

function smokeRun(path: string, target: ReleaseTarget): string {
  const result = Bun.spawnSync([path, "--version"], { stdout: "pipe", stderr: "pipe", cwd: "/" });
  const output = result.stdout.toString().trim();
  if (result.exitCode !== 0 || !output.includes(pkg.version) || !output.includes(target.bunTarget)) {
    throw new Error(`${path} --version printed ${JSON.stringify(output)} (exit ${result.exitCode})`);
  }
  return output;
}

function main(): void {
  const { targets, out } = parseOptions(process.argv.slice(2));
  const started = performance.now();
  const commit = currentCommit();
  const mtime = sourceDateEpoch();
  const work = join(out, ".work");
  mkdirSync(out, { recursive: true });
  // Only what dist itself writes is cleared (a stale archive must not outlive a target), never a whole folder
  // that --out may have pointed somewhere precious.
  for (const name of readdirSync(out)) {
    if (/^lapp-.*\.(tar\.gz|zip)$|^SHA256SUMS$|^lapp\.rb$|^\.work$|^npm$/.test(name)) {
      rmSync(join(out, name), { recursive: true, force: true });
    }
  }
  mkdirSync(work, { recursive: true });

  ensureRuntimes(targets, Bun.version, RUNTIME_CACHE, log);
  const sums = new Map<string, string>();
  for (const target of targets) {
    const targetStarted = performance.now();
    const runtimeDir = join(work, `bun-${target.asset}`);
    const runtime = extractRuntime(RUNTIME_CACHE, target, Bun.version, runtimeDir);
    checkFormat(runtime, target, "runtime");
    const binary = resolve(work, target.asset, binaryName(target));
    compile(target, runtime, commit, binary);
    rmSync(runtimeDir, { recursive: true, force: true });
    checkFormat(binary, target, "compiled binary");
    const ran = hostRuns(target) ? `, ran: ${smokeRun(binary, target)}` : "";

    const entry = { name: binaryName(target), bytes: readFileSync(binary), mode: 0o755, mtime };
    const archive = target.archive === "zip" ? zip(entry) : tarGz(entry);
    const name = archiveName(target);
    writeFileSync(join(out, name), archive);
    sums.set(name, sha256Hex(archive));
    const packageDir = join(work, "npm", target.asset);
    writePlatformPackage(packageDir, target, binary, pkg.version);
    const packed = npmPack(packageDir, join(out, "npm"));
    rmSync(packageDir, { recursive: true, force: true });
    const seconds = ((performance.now() - targetStarted) / 1000).toFixed(1);
    log(
      `${name}: ${mb(archive.length)} (binary ${mb(entry.bytes.length)}), npm ${platformPackageName(target)}: ${mb(statSync(packed).size)}, in ${seconds} s${ran}`,
    );
    rmSync(dirname(binary), { recursive: true, force: true });
  }
  writeLauncherPackage(join(work, "npm", "launcher"), pkg.version);
  const launcher = npmPack(join(work, "npm", "launcher"), join(out, "npm"));
  log(`npm launcher: ${launcher}`);
  rmSync(work, { recursive: true, force: true });
  writeFileSync(join(out, "SHA256SUMS"), renderChecksums(sums));
  log(
    `wrote ${sums.size} archives and SHA256SUMS to ${out}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

main();
