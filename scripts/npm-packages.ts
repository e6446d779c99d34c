// The npm packages of a release, the way esbuild and Biome ship native tools: `@lapp-dev/lapp` is a small launcher
// (scripts/npm/launcher.cjs) whose optional dependencies are one package per platform holding that platform's
// binary. npm installs only the package whose `os`, `cpu` and `libc` match, and no package runs an install script.

import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPOSITORY, RELEASE_TARGETS, binaryName, type ReleaseTarget } from "./release-targets.ts";

export const LAUNCHER_PACKAGE = "@lapp-dev/lapp";
const LAUNCHER_SOURCE = join(import.meta.dir, "npm", "launcher.cjs");

const COMMON = {
  license: "MIT",
  homepage: `https://github.com/${REPOSITORY}#readme`,
  repository: { type: "git", url: `git+https://github.com/${REPOSITORY}.git` },
};

/** `@lapp-dev/lapp-linux-x64-musl`: the launcher computes the same name from the platform it runs on. */
export function platformPackageName(target: ReleaseTarget): string {
  return `${LAUNCHER_PACKAGE}-${target.asset}`;
}

/** npm's names for the target's OS and C library. */
function npmPlatform(target: ReleaseTarget): { os: string[]; cpu: string[]; libc?: string[] } {
  const os = target.os === "windows" ? "win32" : target.os;
  const libc = target.libc === "none" ? {} : { libc: [target.libc] };
  return { os: [os], cpu: [target.arch], ...libc };
}

export function platformManifest(target: ReleaseTarget, version: string): Record<string, unknown> {
  return {
    name: platformPackageName(target),
    version,
    description: `The lapp binary for ${target.asset} (installed by ${LAUNCHER_PACKAGE}; see there).`,
    ...COMMON,
    ...npmPlatform(target),
    files: [`bin/${binaryName(target)}`],
    preferUnplugged: true,
  };
}

export function launcherManifest(version: string): Record<string, unknown> {
  return {
    name: LAUNCHER_PACKAGE,
    version,
    description:
      "MCP server for hash-verified, line-addressed file editing by AI coding agents (runs the native lapp binary)",
    ...COMMON,
    bin: { lapp: "bin/lapp.cjs" },
    files: ["bin/lapp.cjs"],
    engines: { node: ">=18" },
    optionalDependencies: Object.fromEntries(
      RELEASE_TARGETS.map((target) => [platformPackageName(target), version]),
    ),
  };
}

const readme = (name: string, body: string) =>
  `# ${name}\n\n${body}\n\nSee https://github.com/${REPOSITORY} for what lapp is and how to connect it to an agent.\n`;

/** Writes the platform package of `target` into `dir`, holding the binary at `binaryPath`. */
export function writePlatformPackage(
  dir: string,
  target: ReleaseTarget,
  binaryPath: string,
  version: string,
): void {
  mkdirSync(join(dir, "bin"), { recursive: true });
  const binary = join(dir, "bin", binaryName(target));
  copyFileSync(binaryPath, binary);
  chmodSync(binary, 0o755);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(platformManifest(target, version), null, 2)}\n`);
  writeFileSync(
    join(dir, "README.md"),
    readme(
      platformPackageName(target),
      `The lapp binary for ${target.asset}, installed by \`${LAUNCHER_PACKAGE}\`.`,
    ),
  );
}

/** Writes the launcher package into `dir`. */
export function writeLauncherPackage(dir: string, version: string): void {
  mkdirSync(join(dir, "bin"), { recursive: true });
  copyFileSync(LAUNCHER_SOURCE, join(dir, "bin", "lapp.cjs"));
  chmodSync(join(dir, "bin", "lapp.cjs"), 0o755);
  writeFileSync(join(dir, "package.json"), `${JSON.stringify(launcherManifest(version), null, 2)}\n`);
  writeFileSync(
    join(dir, "README.md"),
    readme(
      LAUNCHER_PACKAGE,
      "lapp, the MCP server for line-addressed file editing, for `npx`: `npx -y @lapp-dev/lapp --version`, or in an " +
        'MCP configuration `{"command": "npx", "args": ["-y", "@lapp-dev/lapp"]}`. npm installs the native binary ' +
        "of your platform as an optional dependency; nothing runs at install time.",
    ),
  );
}

/** `npm pack` of a package folder into `destination`; returns the tarball's path. */
export function npmPack(dir: string, destination: string): string {
  mkdirSync(destination, { recursive: true });
  const result = Bun.spawnSync(["npm", "pack", "--json", "--pack-destination", destination], {
    cwd: dir,
    stdout: "pipe",
    stderr: "pipe",
  });
  if (result.exitCode !== 0) throw new Error(`npm pack in ${dir} failed:\n${result.stderr.toString()}`);
  const [packed] = JSON.parse(result.stdout.toString()) as { filename: string }[];
  return join(destination, packed!.filename);
}

/** The file `npm pack` names a package's tarball: `@lapp-dev/lapp-linux-x64` → `lapp-dev-lapp-linux-x64-0.1.0.tgz`. */
export function tarballName(packageName: string, version: string): string {
  return `${packageName.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

/**
 * Installs `tarballs` into a new project at `project` the way a user's `npm install` would, but offline (the other
 * platforms' optional packages are not fetched: npm skips optional dependencies it cannot get).
 */
export function installTarballs(
  project: string,
  tarballs: readonly string[],
): { ok: boolean; output: string } {
  mkdirSync(project, { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    '{ "name": "scratch", "version": "1.0.0", "private": true }\n',
  );
  const result = Bun.spawnSync(["npm", "install", "--offline", "--no-audit", "--no-fund", ...tarballs], {
    cwd: project,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  return { ok: result.exitCode === 0, output: `${result.stdout}${result.stderr}`.trim() };
}
