// `lapp setup` against configurations real users have: their own flags in lapp's entry survive a re-run, a project
// file symlinked out of the project is refused, a committed project file carries no machine path, and Codex's
// approval setting is offered (--approve-edits).
import { afterEach, beforeEach, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SetupContext } from "../../src/setup/perform.ts";
import { setupCalls } from "../support/setup-calls.ts";
import { mergeServerArgs } from "../../src/setup/server-args.ts";

let home: string;
let project: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "lapp-setup-cuts-"));
  project = join(home, "project");
  mkdirSync(project);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const { setup, outcome } = setupCalls(() => ({ home, project }));

function problemCode(argv: string[], overrides: Partial<SetupContext> = {}): string | undefined {
  const result = outcome(argv, overrides);
  return result.ok ? undefined : result.problem.code;
}

const codexConfig = () => join(home, ".codex", "config.toml");
const codexEntry = () => (Bun.TOML.parse(readFileSync(codexConfig(), "utf8")) as any).mcp_servers.lapp;

test("mergeServerArgs replaces --root and keeps every other flag in order", () => {
  expect(mergeServerArgs(["--limit", "500"], ["--root", "/p"])).toEqual(["--root", "/p", "--limit", "500"]);
  expect(mergeServerArgs(["--root", "/old", "--block", "*.log", "--root=/x"], ["--root", "/new"])).toEqual([
    "--root",
    "/new",
    "--block",
    "*.log",
  ]);
  expect(mergeServerArgs(["--root", "/old", "--limit", "9"], [])).toEqual(["--limit", "9"]);
  expect(mergeServerArgs("not a list", ["--root", "/p"])).toEqual(["--root", "/p"]);
});

test("codex --root keeps the user's other flags", async () => {
  mkdirSync(join(home, ".codex"));
  writeFileSync(codexConfig(), '[mcp_servers.lapp]\ncommand = "lapp"\nargs = ["--limit", "500"]\n');
  expect((await setup(["codex", "--root", project])).code).toBe(0);
  expect(codexEntry().args).toEqual(["--root", project, "--limit", "500"]);
  const other = join(home, "other");
  mkdirSync(other);
  expect((await setup(["codex", "--root", other])).code).toBe(0);
  expect(codexEntry().args).toEqual(["--root", other, "--limit", "500"]);
});

test("claude --root keeps the user's other flags too", async () => {
  const file = join(home, ".claude.json");
  writeFileSync(
    file,
    JSON.stringify({ mcpServers: { lapp: { command: "lapp", args: ["--only-tools", "read"] } } }),
  );
  expect((await setup(["claude", "--root", project])).code).toBe(0);
  expect(JSON.parse(readFileSync(file, "utf8")).mcpServers.lapp.args).toEqual([
    "--root",
    project,
    "--only-tools",
    "read",
  ]);
});

test("--project --root writes no machine path: an old absolute --root goes, the user's flags stay", async () => {
  const app = join(home, "app");
  mkdirSync(app);
  const file = join(app, ".mcp.json");
  writeFileSync(
    file,
    JSON.stringify({ mcpServers: { lapp: { command: "lapp", args: ["--root", app, "--limit", "9"] } } }),
  );
  expect((await setup(["claude", "--project", "--root", app])).code).toBe(0);
  expect(JSON.parse(readFileSync(file, "utf8")).mcpServers.lapp.args).toEqual(["--limit", "9"]);
  expect(readFileSync(file, "utf8")).not.toContain(home);
});

test("--project refuses a .mcp.json symlinked out of the project, and touches nothing", async () => {
  const victim = join(home, "victim");
  mkdirSync(victim);
  const packageJson = join(victim, "package.json");
  writeFileSync(packageJson, '{"name":"victim"}\n');
  symlinkSync("../victim/package.json", join(project, ".mcp.json"));
  const run = await setup(["claude", "--project"]);
  expect(run.code).toBe(1);
  expect(run.stderr).toStartWith("lapp setup: error CONFIG_OUTSIDE_PROJECT:");
  expect(run.stderr).toContain(packageJson);
  expect(readFileSync(packageJson, "utf8")).toBe('{"name":"victim"}\n');
  expect(existsSync(`${packageJson}.bak`)).toBe(false);
  expect(problemCode(["claude", "--project"])).toBe("CONFIG_OUTSIDE_PROJECT");
});

test("--project refuses a .cursor folder symlinked out of the project (file not there yet)", async () => {
  const elsewhere = join(home, "elsewhere");
  mkdirSync(elsewhere);
  symlinkSync(elsewhere, join(project, ".cursor"));
  expect(problemCode(["cursor", "--project"])).toBe("CONFIG_OUTSIDE_PROJECT");
  expect(existsSync(join(elsewhere, "mcp.json"))).toBe(false);
});

test("--project accepts a symlink that stays inside the project", async () => {
  mkdirSync(join(project, "config"));
  writeFileSync(join(project, "config", "mcp.json"), "{}\n");
  symlinkSync("config/mcp.json", join(project, ".mcp.json"));
  expect((await setup(["claude", "--project"])).code).toBe(0);
  expect(JSON.parse(readFileSync(join(project, "config", "mcp.json"), "utf8")).mcpServers.lapp.command).toBe(
    "lapp",
  );
});

test("--project without lapp on PATH writes plain lapp and says to put it on PATH", async () => {
  const run = await setup(["claude", "--project"], {
    lappOnPath: undefined,
    executable: "/opt/lapp/bin/lapp",
  });
  expect(run.code).toBe(0);
  const entry = JSON.parse(readFileSync(join(project, ".mcp.json"), "utf8")).mcpServers.lapp;
  expect(entry.command).toBe("lapp");
  expect(readFileSync(join(project, ".mcp.json"), "utf8")).not.toContain("/opt/lapp");
  expect(run.stdout).toContain("put lapp on PATH");
  await setup(["cursor", "--project", "--command", "/opt/lapp/bin/lapp"], { lappOnPath: undefined });
  expect(JSON.parse(readFileSync(join(project, ".cursor", "mcp.json"), "utf8")).mcpServers.lapp.command).toBe(
    "/opt/lapp/bin/lapp",
  );
});

test('codex --approve-edits writes default_tools_approval_mode = "approve"; other hosts refuse it', async () => {
  expect((await setup(["codex", "--approve-edits"])).code).toBe(0);
  expect(codexEntry()).toEqual({ command: "lapp", args: [], default_tools_approval_mode: "approve" });
  expect((await setup(["codex", "--approve-edits"])).stdout).toContain("nothing changed");
  const claude = await setup(["claude", "--approve-edits"]);
  expect(claude.code).toBe(2);
  expect(claude.stderr).toContain("--allow-tools");
  expect(existsSync(join(home, ".claude.json"))).toBe(false);
});
