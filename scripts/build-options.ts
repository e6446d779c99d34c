// The one set of compile settings shared by `npm run build` (host binary) and `npm run dist` (releases).
// The binary runs inside untrusted repositories, so it must never autoload their .env or bunfig.toml.

import pkg from "../package.json";

/** Every file bun must bundle into the binary: the entry plus worker entry points. */
export const ENTRY_POINTS = ["src/main.ts", "src/search/worker.ts"];

export const COMPILE_FLAGS = [
  "--compile",
  "--minify",
  "--bytecode",
  "--format=esm",
  "--no-compile-autoload-dotenv",
  "--no-compile-autoload-bunfig",
  "--no-compile-autoload-tsconfig",
  "--no-compile-autoload-package-json",
];

/**
 * The `bun build` command line of a lapp binary at `outfile`: every entry point, the shared flags and constants,
 * then `extra` (a release's target and runtime, a benchmark's variant).
 */
export function compileCommand(
  outfile: string,
  target: string,
  commit: string,
  extra: string[] = [],
): string[] {
  return [
    process.execPath,
    "build",
    ...ENTRY_POINTS,
    ...COMPILE_FLAGS,
    ...defineFlags(target, commit),
    ...extra,
    `--outfile=${outfile}`,
  ];
}

/** Build-time constants baked into the binary (read by src/version.ts). */
export function defineFlags(target: string, commit: string): string[] {
  return [
    `--define=LAPP_VERSION=${JSON.stringify(pkg.version)}`,
    `--define=LAPP_COMMIT=${JSON.stringify(commit)}`,
    `--define=LAPP_TARGET=${JSON.stringify(target)}`,
  ];
}

export function currentCommit(): string {
  const result = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { stderr: "ignore" });
  return result.exitCode === 0 ? result.stdout.toString().trim() : "unknown";
}

export function hostTarget(): string {
  const arch = process.arch === "arm64" ? "arm64" : "x64";
  return `bun-${process.platform}-${arch}`;
}
