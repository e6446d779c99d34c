// `lapp setup` argument parsing: hosts, flags in any order, inline values, and every usage mistake.
import { expect, test } from "bun:test";
import { parseSetupArgs } from "../../src/setup/args.ts";

const defaults = {
  root: undefined,
  project: false,
  config: undefined,
  command: undefined,
  dryRun: false,
  approveEdits: false,
  allowTools: false,
};

test.each([
  [["claude"], { host: "claude" }],
  [["Codex"], { host: "codex" }],
  [["cursor", "--root", "/p"], { host: "cursor", root: "/p" }],
  [["--root=/p", "claude", "--dry-run"], { host: "claude", root: "/p", dryRun: true }],
  [["claude", "-n", "--project"], { host: "claude", dryRun: true, project: true }],
  [
    ["codex", "--config", "c.toml", "--command=/opt/lapp"],
    { host: "codex", config: "c.toml", command: "/opt/lapp" },
  ],
  [["claude", "--root", "/a", "--root", "/b"], { host: "claude", root: "/b" }],
  [["codex", "--approve-edits"], { host: "codex", approveEdits: true }],
  [["claude", "--allow-tools", "--project"], { host: "claude", allowTools: true, project: true }],
  [["VSCode", "--project"], { host: "vscode", project: true }],
  [["claude-desktop", "--root", "/p"], { host: "claude-desktop", root: "/p" }],
  [["gemini"], { host: "gemini" }],
  [["opencode"], { host: "opencode" }],
  [["windsurf", "--root=/p"], { host: "windsurf", root: "/p" }],
  [["zed", "--root", "/p"], { host: "zed", root: "/p" }],
])("%j", (argv, options) => {
  expect(parseSetupArgs(argv)).toEqual({ kind: "run", options: { ...defaults, ...options } as never });
});

test.each([[["--help"]], [["claude", "-h"]], [["nonsense", "--help"]]])("%j asks for help", (argv) => {
  expect(parseSetupArgs(argv)).toEqual({ kind: "help" });
});

test.each([
  [[], "which agent"],
  [["notepad"], 'unknown agent "notepad"'],
  [["claude", "codex"], "one agent at a time"],
  [["claude", "--root"], "--root needs a value"],
  [["claude", "--root="], "--root needs a value"],
  [["claude", "--force"], 'unknown argument "--force"'],
])("%j is a usage error", (argv, message) => {
  const parsed = parseSetupArgs(argv);
  expect(parsed.kind).toBe("error");
  if (parsed.kind === "error") expect(parsed.message).toContain(message);
});
