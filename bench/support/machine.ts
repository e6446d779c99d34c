// What a result was measured on: machine (cpu, cores, memory, OS), tool versions and the commit of lapp.
// Results files are named after the date and a machine label (LAPP_BENCH_MACHINE, else the host name).

import { existsSync, readFileSync } from "node:fs";
import { cpus, hostname, loadavg, release, totalmem, type } from "node:os";
import { LAPP_BINARY } from "./lapp-client.ts";

export interface MachineInfo {
  label: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  /** 1-minute load average when the run started: other work on the machine makes latencies noisier. */
  loadAverage: number;
}

export interface Versions {
  lapp: string;
  bun: string;
  node: string | undefined;
  commit: string | undefined;
  /** Uncommitted changes were present when the bench ran. */
  dirty: boolean | undefined;
  ripgrep: string | undefined;
}

export function machineInfo(): MachineInfo {
  const label = (process.env.LAPP_BENCH_MACHINE ?? hostname()).replace(/[^A-Za-z0-9._-]+/g, "-") || "machine";
  return {
    label,
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${osName()} (${type()} ${release()})`,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

function osName(): string {
  if (!existsSync("/etc/os-release")) return type();
  return /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1] ?? type();
}

function firstLineOf(command: string[], cwd?: string): string | undefined {
  try {
    const result = Bun.spawnSync(command, { cwd, stdout: "pipe", stderr: "ignore" });
    return result.exitCode === 0 ? result.stdout.toString().split("\n")[0]?.trim() : undefined;
  } catch {
    return undefined;
  }
}

export function versions(repoDir: string, rg: string | undefined): Versions {
  const status = firstLineOf(["git", "status", "--porcelain", "--untracked-files=no"], repoDir);
  const commit = firstLineOf(["git", "rev-parse", "--short", "HEAD"], repoDir);
  return {
    lapp: firstLineOf([LAPP_BINARY, "--version"]) ?? "unknown",
    bun: Bun.version,
    node: firstLineOf(["node", "--version"]),
    commit,
    // Another build (LAPP_BENCH_BINARY) is not the working tree: its version line names its own commit.
    dirty:
      commit === undefined || process.env.LAPP_BENCH_BINARY
        ? undefined
        : status !== undefined && status !== "",
    ripgrep: rg ? firstLineOf([rg, "--version"]) : undefined,
  };
}

/** ripgrep for the grep comparison: /usr/bin/rg or whatever `rg` is on PATH; undefined when absent. */
export function findRipgrep(): string | undefined {
  return (
    ["/usr/bin/rg", "/usr/local/bin/rg"].find((path) => existsSync(path)) ?? Bun.which("rg") ?? undefined
  );
}

/** The day of the run, YYYY-MM-DD in UTC. */
export function runDate(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
