// Fetches the Bun runtime each release target is compiled onto, from npm only, verified against npm's integrity.
// `bun build --compile --target=…` would download runtimes from elsewhere; release builds must need only npm.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ReleaseTarget } from "./release-targets.ts";

/**
 * Makes sure every target's runtime of exactly `bunVersion` (bytecode only loads in the Bun that made it) is in
 * `cacheDir` as the npm tarball, each checked against the registry's `dist.integrity`.
 */
export function ensureRuntimes(
  targets: readonly ReleaseTarget[],
  bunVersion: string,
  cacheDir: string,
  log: (line: string) => void,
): void {
  mkdirSync(cacheDir, { recursive: true });
  const missing = targets.filter((target) => !cachedTarballIsIntact(cacheDir, target, bunVersion));
  if (missing.length > 0) {
    log(
      `fetching ${missing.length} Bun ${bunVersion} runtime(s) from npm: ${missing.map((t) => t.asset).join(", ")}`,
    );
    download(missing, bunVersion, cacheDir);
  }
}

function tarballPath(cacheDir: string, target: ReleaseTarget, version: string): string {
  // The file name `npm pack` gives a scoped package: `@oven/bun-x` → `oven-bun-x-1.2.3.tgz`.
  return join(cacheDir, `${target.runtimePackage.replace(/^@/, "").replace("/", "-")}-${version}.tgz`);
}

/** A tarball fetched and verified earlier, whose bytes still hash to the integrity recorded then. */
function cachedTarballIsIntact(cacheDir: string, target: ReleaseTarget, version: string): boolean {
  const tarball = tarballPath(cacheDir, target, version);
  const stamp = `${tarball}.integrity`;
  if (!existsSync(tarball) || !existsSync(stamp)) return false;
  return integrityOf(readFileSync(tarball)) === readFileSync(stamp, "utf8").trim();
}

function download(targets: readonly ReleaseTarget[], version: string, cacheDir: string): void {
  const specs = targets.map((target) => `${target.runtimePackage}@${version}`);
  for (const target of targets) {
    rmSync(`${tarballPath(cacheDir, target, version)}.integrity`, { force: true });
  }
  npm(["pack", ...specs, "--pack-destination", cacheDir, "--silent"]);
  for (const target of targets) {
    const tarball = tarballPath(cacheDir, target, version);
    const spec = `${target.runtimePackage}@${version}`;
    const expected = npm(["view", spec, "dist.integrity"]).trim();
    if (!expected.startsWith("sha512-"))
      throw new Error(`npm has no sha512 integrity for ${spec}: ${expected}`);
    const actual = integrityOf(readFileSync(tarball));
    if (actual !== expected) {
      rmSync(tarball, { force: true });
      throw new Error(`${spec}: tarball integrity ${actual} does not match the registry's ${expected}`);
    }
    writeFileSync(`${tarball}.integrity`, `${expected}\n`);
  }
}

/**
 * Unpacks one verified runtime binary into `into` (a scratch folder: only the ~50 MB tarballs are worth keeping,
 * not the ~100 MB binaries) and returns its path, ready for `--compile-executable-path`.
 */
export function extractRuntime(
  cacheDir: string,
  target: ReleaseTarget,
  version: string,
  into: string,
): string {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const member = `package/${target.runtimeBinary}`;
  run(["tar", "-xzf", tarballPath(cacheDir, target, version), "-C", into, member]);
  return join(into, member);
}

export function integrityOf(bytes: Uint8Array): string {
  return `sha512-${new Bun.CryptoHasher("sha512").update(bytes).digest("base64")}`;
}

function npm(args: string[]): string {
  return run(["npm", ...args]);
}

function run([program, ...args]: string[]): string {
  // Looked up in the PATH of this moment (spawn alone would use the one Bun started with).
  const found = Bun.which(program!, { PATH: process.env.PATH ?? "" });
  if (!found) throw new Error(`${program} is not on PATH; npm run dist needs npm and tar`);
  const command = [found, ...args];
  const result = Bun.spawnSync(command, { stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) {
    throw new Error(`${command.join(" ")} failed (exit ${result.exitCode}):\n${result.stderr.toString()}`);
  }
  return result.stdout.toString();
}
