// `lapp setup claude --allow-tools`: the permission rule "mcp__lapp" in Claude Code's settings (user, or the
// project's with --project), added once, after the rules already there, with a backup; and the JSON list splice
// under it, in every layout.
import { beforeEach, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { addAllowRule } from "../../src/setup/claude-permissions.ts";
import { scratchHomes, setupCalls, writeWithFolders } from "../support/setup-calls.ts";

const where = scratchHomes("lapp-setup-allow-");
let home = "";
let project = "";
beforeEach(() => ({ home, project } = where()));
const { setup, outcome } = setupCalls(where);
const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const userSettings = () => join(home, ".claude", "settings.json");

const write = writeWithFolders;

describe("setup claude --allow-tools", () => {
  test("adds the server entry and the rule in ~/.claude/settings.json; a second run changes nothing", async () => {
    const run = await setup(["claude", "--allow-tools"]);
    expect(run.code).toBe(0);
    expect(json(join(home, ".claude.json")).mcpServers.lapp.command).toBe("lapp");
    expect(json(userSettings())).toEqual({ permissions: { allow: ["mcp__lapp"] } });
    expect(run.stdout).toContain('added the permission rule "mcp__lapp"');
    const again = await setup(["claude", "--allow-tools"]);
    expect(again.stdout).toContain("already allows lapp's tools");
    expect(existsSync(`${userSettings()}.bak`)).toBe(false);
  });

  test("keeps the user's settings and rules, appends after them, backs the file up", async () => {
    const before =
      '{\n  "model": "opus",\n  "permissions": {\n    "allow": [\n      "Bash(npm test:*)"\n    ],\n    "deny": ["Read(./.env)"]\n  }\n}\n';
    write(userSettings(), before);
    expect((await setup(["claude", "--allow-tools"])).code).toBe(0);
    expect(readFileSync(userSettings(), "utf8")).toBe(
      '{\n  "model": "opus",\n  "permissions": {\n    "allow": [\n      "Bash(npm test:*)",\n      "mcp__lapp"\n    ],\n    "deny": ["Read(./.env)"]\n  }\n}\n',
    );
    expect(readFileSync(`${userSettings()}.bak`, "utf8")).toBe(before);
  });

  test("CLAUDE_CONFIG_DIR moves the settings with the rest of Claude Code's configuration", async () => {
    const dir = join(home, "claude-config");
    expect((await setup(["claude", "--allow-tools"], { env: { CLAUDE_CONFIG_DIR: dir } })).code).toBe(0);
    expect(json(join(dir, "settings.json")).permissions.allow).toEqual(["mcp__lapp"]);
    expect(existsSync(userSettings())).toBe(false);
  });

  test("--project writes .mcp.json and .claude/settings.json in the project", async () => {
    expect((await setup(["claude", "--project", "--allow-tools"])).code).toBe(0);
    expect(json(join(project, ".mcp.json")).mcpServers.lapp.args).toEqual([]);
    expect(json(join(project, ".claude", "settings.json"))).toEqual({
      permissions: { allow: ["mcp__lapp"] },
    });
    expect(existsSync(userSettings())).toBe(false);
  });

  test("--project refuses a .claude folder symlinked out of the project, writing neither file", async () => {
    const elsewhere = join(home, "elsewhere");
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(project, ".claude"));
    const result = outcome(["claude", "--project", "--allow-tools", "--dry-run"]);
    expect(!result.ok && result.problem.code).toBe("CONFIG_OUTSIDE_PROJECT");
    expect((await setup(["claude", "--project", "--allow-tools"])).code).toBe(1);
    expect(existsSync(join(elsewhere, "settings.json"))).toBe(false);
    expect(existsSync(join(project, ".mcp.json"))).toBe(false);
  });

  test("a rule that already allows lapp (mcp__lapp or mcp__lapp__*) is enough", async () => {
    for (const rule of ["mcp__lapp", "mcp__lapp__*"]) {
      write(userSettings(), JSON.stringify({ permissions: { allow: [rule] } }));
      expect((await setup(["claude", "--allow-tools"])).stdout).toContain("already allows lapp's tools");
      expect(json(userSettings()).permissions.allow).toEqual([rule]);
    }
  });

  test("--dry-run shows both changes and writes neither", async () => {
    const run = await setup(["claude", "--allow-tools", "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`+++ ${join(home, ".claude.json")}`);
    expect(run.stdout).toContain(`+++ ${userSettings()}`);
    expect(run.stdout).toContain('+    "allow": [');
    expect(run.stdout.trimEnd().endsWith("dry run: nothing was written.")).toBe(true);
    expect(existsSync(userSettings())).toBe(false);
    expect(existsSync(join(home, ".claude.json"))).toBe(false);
  });

  test("settings it cannot place the rule in are refused with nothing written", async () => {
    for (const [text, code] of [
      ['{"permissions": ["mcp__lapp"]}', "CONFIG_SHAPE"],
      ['{"permissions": {"allow": "mcp__lapp"}}', "CONFIG_SHAPE"],
      ['{"permissions": {', "CONFIG_INVALID"],
    ] as const) {
      write(userSettings(), text);
      const result = outcome(["claude", "--allow-tools"]);
      expect(!result.ok && result.problem.code).toBe(code);
      expect(readFileSync(userSettings(), "utf8")).toBe(text);
      expect(existsSync(join(home, ".claude.json"))).toBe(false);
    }
  });

  test("other clients refuse --allow-tools; Claude Code refuses --approve-edits and names --allow-tools", async () => {
    const codex = await setup(["codex", "--allow-tools"]);
    expect(codex.code).toBe(2);
    expect(codex.stderr).toContain("--approve-edits");
    const claude = await setup(["claude", "--approve-edits"]);
    expect(claude.stderr).toContain("--allow-tools");
  });
});

describe("addAllowRule", () => {
  const layouts: [string, string][] = [
    ['{"permissions":{"allow":["A","B"]}}', '{"permissions":{"allow":["A","B","mcp__lapp"]}}'],
    ['{"permissions": {"allow": ["A", "B"]}}', '{"permissions": {"allow": ["A", "B", "mcp__lapp"]}}'],
    ['{"permissions": {"allow": []}}', '{"permissions": {"allow": ["mcp__lapp"]}}'],
    [
      '{\n  "permissions": {\n    "allow": [ ]\n  }\n}',
      '{\n  "permissions": {\n    "allow": ["mcp__lapp"]\n  }\n}',
    ],
    [
      '{\n\t"permissions": {\n\t\t"deny": []\n\t}\n}',
      '{\n\t"permissions": {\n\t\t"deny": [],\n\t\t"allow": [\n\t\t\t"mcp__lapp"\n\t\t]\n\t}\n}',
    ],
    [
      '{\n  "model": "opus"\n}',
      '{\n  "model": "opus",\n  "permissions": {\n    "allow": [\n      "mcp__lapp"\n    ]\n  }\n}',
    ],
  ];
  test.each(layouts)("%j", (before, after) => {
    const change = addAllowRule(before, "settings.json");
    expect(change.ok && change.value.text).toBe(after);
  });

  test("property: any settings object gets exactly the rule appended, everything else equal, then is stable", () => {
    const key = fc.string({ maxLength: 5 }).filter((name) => name !== "permissions");
    const others = fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    const rules = fc.option(fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }), { nil: undefined });
    const layout = fc.constantFrom<string | number>(0, 2, 4, "\t");
    fc.assert(
      fc.property(
        others,
        rules,
        fc.option(others, { nil: undefined }),
        layout,
        (rest, allow, permissionOthers, indent) => {
          const settings: Record<string, unknown> = { ...rest };
          if (permissionOthers !== undefined || allow !== undefined)
            settings.permissions = { ...permissionOthers, ...(allow === undefined ? {} : { allow }) };
          const text = JSON.stringify(settings, null, indent);
          const meant = JSON.parse(text);
          const first = addAllowRule(text, "s.json");
          if (!first.ok) throw new Error(first.problem.message);
          const already = allow?.some((rule) => rule === "mcp__lapp" || rule === "mcp__lapp__*") ?? false;
          const expected = already
            ? meant
            : { ...meant, permissions: { ...meant.permissions, allow: [...(allow ?? []), "mcp__lapp"] } };
          expect(JSON.parse(first.value.text)).toEqual(expected);
          const second = addAllowRule(first.value.text, "s.json");
          expect(second.ok && second.value.changed).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
