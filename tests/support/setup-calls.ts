// The calls every `lapp setup` test makes against its temporary home and project (given by `where`, read at each
// call: the tests make a fresh pair before each test): the context, a whole CLI run, and a run's coded outcome.
import { afterEach, beforeEach } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseSetupArgs } from "../../src/setup/args.ts";
import { mergeServerArgs } from "../../src/setup/server-args.ts";
import { runSetup } from "../../src/setup/cli.ts";
import { performSetup, type SetupContext } from "../../src/setup/perform.ts";

export function setupCalls(where: () => { home: string; project: string }) {
  function context(overrides: Partial<SetupContext> = {}): SetupContext {
    const { home, project } = where();
    return {
      cwd: project,
      home,
      env: {},
      platform: "linux",
      lappOnPath: "/usr/local/bin/lapp",
      executable: undefined,
      ...overrides,
    };
  }

  /** `lapp setup <argv>` as the CLI runs it: exit code and what it printed. */
  async function setup(argv: string[], overrides: Partial<SetupContext> = {}) {
    let stdout = "";
    let stderr = "";
    const code = await runSetup(argv, context(overrides), {
      out: (text) => (stdout += text),
      err: (text) => (stderr += text),
    });
    return { code, stdout, stderr };
  }

  /** The coded outcome of the same arguments, for asserting problem codes rather than prose. */
  function outcome(argv: string[], overrides: Partial<SetupContext> = {}) {
    const parsed = parseSetupArgs(argv);
    if (parsed.kind !== "run") throw new Error(`not a run: ${argv.join(" ")}`);
    return performSetup(parsed.options, context(overrides));
  }

  return { context, setup, outcome };
}

/** A fresh temporary home holding a `project` folder for each test of the calling file, removed after it. */
export function scratchHomes(prefix: string): () => { home: string; project: string } {
  let current = { home: "", project: "" };
  beforeEach(() => {
    const home = mkdtempSync(join(tmpdir(), prefix));
    current = { home, project: join(home, "project") };
    mkdirSync(current.project);
  });
  afterEach(() => rmSync(current.home, { recursive: true, force: true }));
  return () => current;
}

/** Writes a file, creating its folders. */
export function writeWithFolders(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** The configuration editors take a merge; this one is the usual entry: lapp's keys over the old ones, `args` merged. */
export function merging(entry: Record<string, unknown>) {
  return (previous: unknown): Record<string, unknown> =>
    typeof previous === "object" && previous !== null && !Array.isArray(previous)
      ? {
          ...previous,
          ...entry,
          args: mergeServerArgs((previous as { args?: unknown }).args, entry.args as string[]),
        }
      : entry;
}
