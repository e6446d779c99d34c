// `bun scripts/verify-release.ts [dir]`: checks a release folder the way a user's machine would see it.
// Every archive is listed in SHA256SUMS and matches it, holds exactly its one binary for the right platform,
// and the binaries this machine can run print the package version. Every npm package is in npm/, and the
// launcher with this machine's platform package installs (offline) and runs through `npx lapp --version`.

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pkg from "../package.json";
import { parseChecksums, sha256Hex } from "./checksums.ts";
import { executableFormatOf, type ExecutableFormat } from "./executable-format.ts";
import { LAUNCHER_PACKAGE, installTarballs, platformPackageName, tarballName } from "./npm-packages.ts";
import { RELEASE_TARGETS, archiveName, binaryName, type ReleaseTarget } from "./release-targets.ts";

const dir = process.argv[2] ?? "dist/release";
const problems: string[] = [];

function run(command: string[], cwd?: string): { code: number; out: string } {
  const result = Bun.spawnSync(command, { cwd, stdout: "pipe", stderr: "pipe" });
  return { code: result.exitCode ?? -1, out: `${result.stdout}${result.stderr}`.trim() };
}

function verifyArchive(
  target: ReleaseTarget,
  expected: string | undefined,
  host: ExecutableFormat | undefined,
) {
  const name = archiveName(target);
  const path = resolve(dir, name);
  if (!existsSync(path)) return problems.push(`${name} is missing`);
  const bytes = readFileSync(path);
  if (expected === undefined) return problems.push(`${name} is not listed in SHA256SUMS`);
  if (sha256Hex(bytes) !== expected) return problems.push(`${name} does not match its SHA256SUMS line`);
  // Extract with the system's own tools, as a user would, to prove the archive is not only self-consistent.
  const scratch = mkdtempSync(join(tmpdir(), "lapp-verify-"));
  try {
    const listing = target.archive === "zip" ? run(["unzip", "-Z1", path]) : run(["tar", "-tzf", path]);
    if (listing.out !== binaryName(target))
      return problems.push(`${name} holds ${JSON.stringify(listing.out)}`);
    const extract =
      target.archive === "zip" ? run(["unzip", "-q", path], scratch) : run(["tar", "-xzf", path], scratch);
    if (extract.code !== 0) return problems.push(`${name} does not extract: ${extract.out}`);
    const binary = join(scratch, binaryName(target));
    const format = executableFormatOf(binary);
    if (format?.os !== target.os || format.arch !== target.arch || format.libc !== target.libc) {
      return problems.push(`${name} holds a binary for ${JSON.stringify(format)}`);
    }
    let ran = "not runnable here";
    if (host?.os === target.os && host.arch === target.arch && host.libc === target.libc) {
      const version = run([binary, "--version"], scratch);
      if (version.code !== 0 || !version.out.includes(pkg.version)) {
        return problems.push(`${name}: --version printed ${JSON.stringify(version.out)}`);
      }
      ran = version.out;
    }
    console.error(`ok ${name} (${(bytes.length / 1024 / 1024).toFixed(1)} MiB): ${ran}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The npm tarballs are all there, and the host's pair installs and runs as `npx lapp` would. */
function verifyNpm(host: ExecutableFormat | undefined) {
  const npmDir = resolve(dir, "npm");
  const names = [LAUNCHER_PACKAGE, ...RELEASE_TARGETS.map(platformPackageName)];
  const expected = new Set(names.map((name) => tarballName(name, pkg.version)));
  for (const file of expected) if (!existsSync(join(npmDir, file))) problems.push(`npm/${file} is missing`);
  if (existsSync(npmDir))
    for (const file of readdirSync(npmDir)) if (!expected.has(file)) problems.push(`stray file npm/${file}`);
  const target = RELEASE_TARGETS.find(
    (candidate) => host?.os === candidate.os && host.arch === candidate.arch && host.libc === candidate.libc,
  );
  if (target === undefined) return;
  const scratch = mkdtempSync(join(tmpdir(), "lapp-verify-npm-"));
  try {
    const tarballs = [LAUNCHER_PACKAGE, platformPackageName(target)].map((name) =>
      join(npmDir, tarballName(name, pkg.version)),
    );
    const installed = installTarballs(scratch, tarballs);
    if (!installed.ok)
      return problems.push(`npm install of ${tarballs.join(", ")} failed: ${installed.output}`);
    const version = run(["npx", "--offline", "lapp", "--version"], scratch);
    if (version.code !== 0 || !version.out.includes(pkg.version))
      return problems.push(`npx lapp --version printed ${JSON.stringify(version.out)}`);
    console.error(
      `ok npm: ${LAUNCHER_PACKAGE} with ${platformPackageName(target)}: npx lapp --version: ${version.out}`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const parsed = parseChecksums(readFileSync(join(dir, "SHA256SUMS"), "utf8"));
if (!parsed.ok) {
  console.error(`SHA256SUMS: ${parsed.problem}`);
  process.exit(1);
}
const host = executableFormatOf(process.execPath);
for (const target of RELEASE_TARGETS) verifyArchive(target, parsed.sums.get(archiveName(target)), host);
const expectedNames = new Set(RELEASE_TARGETS.map(archiveName));
for (const name of parsed.sums.keys())
  if (!expectedNames.has(name)) problems.push(`SHA256SUMS lists unknown ${name}`);
for (const file of readdirSync(dir)) {
  if (file !== "SHA256SUMS" && file !== "lapp.rb" && file !== "npm" && !expectedNames.has(file))
    problems.push(`stray file ${file}`);
}
verifyNpm(host);
for (const problem of problems) console.error(`FAIL ${problem}`);
console.error(problems.length === 0 ? `release in ${dir} verified` : `${problems.length} problem(s)`);
process.exit(problems.length === 0 ? 0 : 1);
