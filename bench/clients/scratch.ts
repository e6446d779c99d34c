// A scratch machine for one client scenario: a fresh HOME and project folder, lapp on PATH, `lapp setup` run as
// a user would, and the client run with only that environment (its API pointed at a scripted model on loopback).

import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface Scratch {
  home: string;
  project: string;
  /** Where lapp logs (LAPP_LOG_FILE in the client's environment, which passes it on to lapp). */
  lappLog: string;
  /** `lapp setup <args>` in the project, as the user; throws when it fails. */
  setup(args: string[]): Promise<string>;
  /** Runs a client command in the project with the scratch environment plus `env`; stdin is empty. */
  run(command: string[], env?: Record<string, string>, timeoutMs?: number): Promise<RunResult>;
  write(relative: string, text: string): void;
  read(relative: string): string;
  dispose(): void;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function makeScratch(lappBinary: string, files: Record<string, string> = {}): Scratch {
  const base = mkdtempSync(join(tmpdir(), "lapp-clients-"));
  const home = join(base, "home");
  const project = join(base, "project");
  const bin = join(base, "bin");
  mkdirSync(home);
  mkdirSync(project);
  mkdirSync(bin);
  copyFileSync(lappBinary, join(bin, "lapp"));
  Bun.spawnSync(["chmod", "755", join(bin, "lapp")]);
  Bun.spawnSync(["git", "init", "-q"], { cwd: project });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(project, name), text);
  const lappLog = join(base, "lapp.log");
  const environment = {
    HOME: home,
    PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    LAPP_LOG_FILE: lappLog,
    TERM: "dumb",
    NO_COLOR: "1",
  };
  const scratch: Scratch = {
    home,
    project,
    lappLog,
    async setup(args) {
      const result = await scratch.run(["lapp", "setup", ...args]);
      if (result.code !== 0) throw new Error(`lapp setup ${args.join(" ")} failed: ${result.stderr}`);
      return result.stdout;
    },
    async run(command, env = {}, timeoutMs = 180_000) {
      const started = performance.now();
      // stdin is a pipe closed at once: "ignore" leaves Claude Code's print mode waiting forever.
      const child = Bun.spawn(command, {
        cwd: project,
        env: { ...environment, ...env },
        stdin: "pipe",
        stdout: "pipe",
        stderr: "pipe",
      });
      child.stdin.end();
      const timer = setTimeout(() => child.kill(), timeoutMs);
      const [stdout, stderr] = await Promise.all([
        new Response(child.stdout).text(),
        new Response(child.stderr).text(),
      ]);
      await child.exited;
      clearTimeout(timer);
      return { code: child.exitCode, stdout, stderr, ms: performance.now() - started };
    },
    write(relative, text) {
      const path = join(project, relative);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
    },
    read: (relative) => readFileSync(join(project, relative), "utf8"),
    dispose: () => rmSync(base, { recursive: true, force: true }),
  };
  return scratch;
}

/** The log lines lapp wrote (empty when it wrote none). */
export function lappLogLines(scratch: Scratch): string[] {
  try {
    return readFileSync(scratch.lappLog, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** Runs `body` on a fresh scratch machine and removes it afterwards, whatever happens. */
export async function withScratch<T>(
  lappBinary: string,
  files: Record<string, string>,
  body: (scratch: Scratch) => Promise<T>,
): Promise<T> {
  const scratch = makeScratch(lappBinary, files);
  try {
    return await body(scratch);
  } finally {
    scratch.dispose();
  }
}
