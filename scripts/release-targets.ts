// The seven platforms a release ships: asset names, Bun compile targets and the npm package of each runtime.
// One table so that dist, formula, the install script's tests and the workflows agree on every name.

/** Where releases are published and where the Homebrew tap lives (also hard-coded in scripts/install.sh). */
export const REPOSITORY = "lapp-dev/lapp";
export const TAP_REPOSITORY = "lapp-dev/homebrew-tap";

export type TargetOs = "linux" | "darwin" | "windows";
export type TargetArch = "x64" | "arm64";
export type TargetLibc = "glibc" | "musl" | "none";

export interface ReleaseTarget {
  /** The asset's platform name: `lapp-<asset>.tar.gz` / `.zip`. */
  asset: string;
  os: TargetOs;
  arch: TargetArch;
  libc: TargetLibc;
  /** Passed to `bun build --target`; also what `lapp --version` reports. */
  bunTarget: string;
  /** The npm package holding the Bun runtime this target is compiled onto. */
  runtimePackage: string;
  /** Path of the runtime binary inside that package. */
  runtimeBinary: string;
  archive: "tar.gz" | "zip";
}

// Every x64 build uses Bun's "baseline" runtime (SSE4.2, no AVX2 requirement): one archive per platform has to
// start on every x86-64 machine users have (older servers, VMs and emulators that hide AVX2), and an editing
// tool spends its time in file IO and hashing, where AVX2 buys nothing measurable. arm64 has no variants.
export const RELEASE_TARGETS: readonly ReleaseTarget[] = [
  unix("linux-x64", "linux", "x64", "glibc", "bun-linux-x64-baseline", "@oven/bun-linux-x64-baseline"),
  unix("linux-arm64", "linux", "arm64", "glibc", "bun-linux-arm64", "@oven/bun-linux-aarch64"),
  unix(
    "linux-x64-musl",
    "linux",
    "x64",
    "musl",
    "bun-linux-x64-musl-baseline",
    "@oven/bun-linux-x64-musl-baseline",
  ),
  unix("linux-arm64-musl", "linux", "arm64", "musl", "bun-linux-arm64-musl", "@oven/bun-linux-aarch64-musl"),
  unix("darwin-x64", "darwin", "x64", "none", "bun-darwin-x64-baseline", "@oven/bun-darwin-x64-baseline"),
  unix("darwin-arm64", "darwin", "arm64", "none", "bun-darwin-arm64", "@oven/bun-darwin-aarch64"),
  {
    asset: "windows-x64",
    os: "windows",
    arch: "x64",
    libc: "none",
    bunTarget: "bun-windows-x64-baseline",
    runtimePackage: "@oven/bun-windows-x64-baseline",
    runtimeBinary: "bin/bun.exe",
    archive: "zip",
  },
];

function unix(
  asset: string,
  os: TargetOs,
  arch: TargetArch,
  libc: TargetLibc,
  bunTarget: string,
  runtimePackage: string,
): ReleaseTarget {
  return { asset, os, arch, libc, bunTarget, runtimePackage, runtimeBinary: "bin/bun", archive: "tar.gz" };
}

/** `lapp-linux-x64.tar.gz`, `lapp-windows-x64.zip`. */
export function archiveName(target: ReleaseTarget): string {
  return `lapp-${target.asset}.${target.archive}`;
}

/** The single file inside each archive. */
export function binaryName(target: ReleaseTarget): string {
  return target.os === "windows" ? "lapp.exe" : "lapp";
}

export function findTarget(asset: string): ReleaseTarget | undefined {
  return RELEASE_TARGETS.find((target) => target.asset === asset);
}
