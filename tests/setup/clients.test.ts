// `lapp setup` for every client it knows, on real files in a temporary home: each client's documented file and
// entry format (per platform where the place differs), its project file, where it needs --root, and the entries it
// already reads as right (an entry that only lacks `args = []` is not rewritten).
import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { SetupContext } from "../../src/setup/perform.ts";
import { scratchHomes, setupCalls, writeWithFolders } from "../support/setup-calls.ts";

const where = scratchHomes("lapp-setup-clients-");
let home = "";
let project = "";
beforeEach(() => ({ home, project } = where()));
const { setup, outcome } = setupCalls(where);
const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));

function problemCode(argv: string[], overrides: Partial<SetupContext> = {}): string | undefined {
  const result = outcome(argv, overrides);
  return result.ok ? undefined : result.problem.code;
}

const write = writeWithFolders;

/** Backups next to a file (FILE.bak, FILE.bak.1 …). */
const backups = (path: string) =>
  readdirSync(dirname(path)).filter((name) => name.startsWith(`${path.split("/").at(-1)}.bak`));

describe("each client's file and entry", () => {
  test("vscode: the user profile's mcp.json per platform, servers.lapp, --root ${workspaceFolder}", async () => {
    const entry = { type: "stdio", command: "lapp", args: ["--root", "${workspaceFolder}"] };
    const places: [SetupContext["platform"], Partial<SetupContext>, string][] = [
      ["linux", {}, join(home, ".config", "Code", "User", "mcp.json")],
      [
        "linux",
        { env: { XDG_CONFIG_HOME: join(home, "xdg") } },
        join(home, "xdg", "Code", "User", "mcp.json"),
      ],
      ["darwin", {}, join(home, "Library", "Application Support", "Code", "User", "mcp.json")],
      [
        "win32",
        { env: { APPDATA: join(home, "Roaming") } },
        join(home, "Roaming", "Code", "User", "mcp.json"),
      ],
    ];
    for (const [platform, overrides, file] of places) {
      expect((await setup(["vscode"], { platform, ...overrides })).code).toBe(0);
      expect(json(file)).toEqual({ servers: { lapp: entry } });
    }
  });

  test("vscode --project: .vscode/mcp.json with ${workspaceFolder}, never this machine's path", async () => {
    expect((await setup(["vscode", "--project", "--root", project])).code).toBe(0);
    expect(json(join(project, ".vscode", "mcp.json"))).toEqual({
      servers: { lapp: { type: "stdio", command: "lapp", args: ["--root", "${workspaceFolder}"] } },
    });
  });

  test("vscode --root DIR (user file) pins lapp to DIR", async () => {
    expect((await setup(["vscode", "--root", project])).code).toBe(0);
    expect(json(join(home, ".config", "Code", "User", "mcp.json")).servers.lapp.args).toEqual([
      "--root",
      project,
    ]);
  });

  test("claude-desktop: claude_desktop_config.json per platform, and it needs --root", async () => {
    expect(problemCode(["claude-desktop"])).toBe("USAGE");
    const run = await setup(["claude-desktop"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--root");
    const entry = { command: "lapp", args: ["--root", project] };
    const places: [SetupContext["platform"], Partial<SetupContext>, string][] = [
      ["darwin", {}, join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")],
      [
        "win32",
        { env: { APPDATA: join(home, "Roaming") } },
        join(home, "Roaming", "Claude", "claude_desktop_config.json"),
      ],
      ["linux", {}, join(home, ".config", "Claude", "claude_desktop_config.json")],
    ];
    for (const [platform, overrides, file] of places) {
      expect((await setup(["claude-desktop", "--root", project], { platform, ...overrides })).code).toBe(0);
      expect(json(file)).toEqual({ mcpServers: { lapp: entry } });
    }
    expect(problemCode(["claude-desktop", "--root", project, "--project"])).toBe("USAGE");
  });

  test("gemini: ~/.gemini/settings.json, or .gemini/settings.json with --project", async () => {
    expect((await setup(["gemini"])).code).toBe(0);
    expect(json(join(home, ".gemini", "settings.json"))).toEqual({
      mcpServers: { lapp: { command: "lapp", args: [] } },
    });
    expect((await setup(["gemini", "--project"])).code).toBe(0);
    expect(json(join(project, ".gemini", "settings.json"))).toEqual({
      mcpServers: { lapp: { command: "lapp", args: [] } },
    });
  });

  test('gemini --approve-edits: "trust": true (Gemini CLI runs the tools without confirming)', async () => {
    expect((await setup(["gemini", "--approve-edits"])).code).toBe(0);
    expect(json(join(home, ".gemini", "settings.json")).mcpServers.lapp).toEqual({
      command: "lapp",
      args: [],
      trust: true,
    });
  });

  test("opencode: mcp.lapp as a local server whose command is one list; --project writes opencode.json", async () => {
    expect((await setup(["opencode"])).code).toBe(0);
    const entry = { type: "local", command: ["lapp"], enabled: true };
    expect(json(join(home, ".config", "opencode", "opencode.json"))).toEqual({ mcp: { lapp: entry } });
    expect((await setup(["opencode"], { env: { XDG_CONFIG_HOME: join(home, "xdg") } })).code).toBe(0);
    expect(json(join(home, "xdg", "opencode", "opencode.json"))).toEqual({ mcp: { lapp: entry } });
    expect((await setup(["opencode", "--project"])).code).toBe(0);
    expect(json(join(project, "opencode.json"))).toEqual({ mcp: { lapp: entry } });
  });

  test("opencode: --root goes into the command list; the user's flags and `enabled` stay", async () => {
    const file = join(project, "opencode.json");
    write(
      file,
      JSON.stringify({
        $schema: "https://opencode.ai/config.json",
        mcp: {
          lapp: { type: "local", command: ["/old/lapp", "--root", "/old", "--limit", "500"], enabled: false },
        },
      }),
    );
    expect((await setup(["opencode", "--config", file, "--root", project])).code).toBe(0);
    expect(json(file)).toEqual({
      $schema: "https://opencode.ai/config.json",
      mcp: {
        lapp: { type: "local", command: ["lapp", "--root", project, "--limit", "500"], enabled: false },
      },
    });
  });

  test("windsurf: ~/.codeium/windsurf/mcp_config.json, and it needs --root", async () => {
    expect(problemCode(["windsurf"])).toBe("USAGE");
    expect((await setup(["windsurf", "--root", project])).code).toBe(0);
    expect(json(join(home, ".codeium", "windsurf", "mcp_config.json"))).toEqual({
      mcpServers: { lapp: { command: "lapp", args: ["--root", project] } },
    });
  });

  test("zed: context_servers.lapp in ~/.config/zed/settings.json (%APPDATA%\\Zed on Windows), and it needs --root", async () => {
    expect(problemCode(["zed"])).toBe("USAGE");
    expect((await setup(["zed", "--root", project])).code).toBe(0);
    expect(json(join(home, ".config", "zed", "settings.json"))).toEqual({
      context_servers: { lapp: { command: "lapp", args: ["--root", project] } },
    });
    const roaming = join(home, "Roaming");
    expect(
      (await setup(["zed", "--root", project], { platform: "win32", env: { APPDATA: roaming } })).code,
    ).toBe(0);
    expect(json(join(roaming, "Zed", "settings.json")).context_servers.lapp.command).toBe("lapp");
  });

  test("zed keeps the comments and trailing commas of its settings file", async () => {
    const file = join(home, ".config", "zed", "settings.json");
    const head = [
      "// Zed settings",
      "//",
      "// For information on how to configure Zed, see the Zed documentation.",
      "{",
      '  "theme": "One Dark", // the theme',
      "  /* fonts */",
      '  "buffer_font_size": 15,',
    ];
    write(file, [...head, "}", ""].join("\n"));
    expect((await setup(["zed", "--root", project])).code).toBe(0);
    // lapp's entry goes after the last member's trailing comma, which now separates it; nothing else moves.
    const entry = [
      '  "context_servers": {',
      '    "lapp": {',
      '      "command": "lapp",',
      '      "args": [',
      '        "--root",',
      `        ${JSON.stringify(project)}`,
      "      ]",
      "    }",
      "  }",
    ];
    expect(readFileSync(file, "utf8")).toBe([...head, ...entry, "}", ""].join("\n"));
    expect((await setup(["zed", "--root", project])).stdout).toContain("nothing changed");
  });

  test("a comment after the last member stays on its line; no trailing comma is added", async () => {
    const file = join(home, ".gemini", "settings.json");
    write(file, '// mine\n{\n  "ui": { "theme": "Default" } // the theme\n}\n');
    expect((await setup(["gemini"])).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(
      '// mine\n{\n  "ui": { "theme": "Default" }, // the theme\n  "mcpServers": {\n    "lapp": {\n      "command": "lapp",\n      "args": []\n    }\n  }\n}\n',
    );
  });

  test("a client that reads plain JSON refuses comments as invalid, writing nothing", async () => {
    const file = join(home, ".claude.json");
    write(file, '{ // no comments in .claude.json\n  "a": 1 }\n');
    const run = await setup(["claude"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("CONFIG_INVALID");
    expect(readFileSync(file, "utf8")).toBe('{ // no comments in .claude.json\n  "a": 1 }\n');
  });

  test("a settings file of comments only gets lapp's entry after them", async () => {
    const file = join(home, ".config", "zed", "settings.json");
    write(file, "// nothing yet\n");
    expect((await setup(["zed", "--root", project])).code).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(text).toStartWith("// nothing yet\n{\n");
    expect((await setup(["zed", "--root", project])).stdout).toContain("nothing changed");
  });
});

describe("an entry the client already reads as right is not rewritten", () => {
  test("codex: after `codex mcp add lapp -- lapp` (no args line) setup changes nothing, makes no .bak", async () => {
    const file = join(home, ".codex", "config.toml");
    write(file, '[mcp_servers.lapp]\ncommand = "lapp"\n');
    const run = await setup(["codex"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("nothing changed");
    expect(readFileSync(file, "utf8")).toBe('[mcp_servers.lapp]\ncommand = "lapp"\n');
    expect(backups(file)).toEqual([]);
  });

  test("codex: a real change still writes, and only the keys that change", async () => {
    const file = join(home, ".codex", "config.toml");
    write(file, '[mcp_servers.lapp]\ncommand = "lapp"\nstartup_timeout_sec = 20\n');
    expect((await setup(["codex", "--approve-edits"])).code).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(
      '[mcp_servers.lapp]\ndefault_tools_approval_mode = "approve"\ncommand = "lapp"\nstartup_timeout_sec = 20\n',
    );
    expect((await setup(["codex", "--root", project])).code).toBe(0);
    expect(Bun.TOML.parse(readFileSync(file, "utf8"))).toEqual({
      mcp_servers: {
        lapp: {
          command: "lapp",
          args: ["--root", project],
          default_tools_approval_mode: "approve",
          startup_timeout_sec: 20,
        },
      },
    });
  });

  test("claude, cursor, vscode, gemini, windsurf: no `args`, no `type` where the client defaults them", async () => {
    const cases: [string[], string, string, Record<string, unknown>][] = [
      [["claude"], join(home, ".claude.json"), "mcpServers", { command: "lapp" }],
      [["cursor"], join(home, ".cursor", "mcp.json"), "mcpServers", { command: "lapp" }],
      [
        ["gemini"],
        join(home, ".gemini", "settings.json"),
        "mcpServers",
        { command: "lapp", timeout: 600000 },
      ],
      [
        ["vscode", "--root", project],
        join(home, ".config", "Code", "User", "mcp.json"),
        "servers",
        { command: "lapp", args: ["--root", project] },
      ],
      [
        ["windsurf", "--root", project],
        join(home, ".codeium", "windsurf", "mcp_config.json"),
        "mcpServers",
        { command: "lapp", args: ["--root", project] },
      ],
    ];
    for (const [argv, file, key, entry] of cases) {
      const text = JSON.stringify({ [key]: { lapp: entry } }, null, 2);
      write(file, text);
      const run = await setup(argv);
      expect(run.stdout).toContain("nothing changed");
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(backups(file)).toEqual([]);
    }
  });

  test("zed requires args, so an entry without them gets them", async () => {
    const file = join(home, ".config", "zed", "settings.json");
    write(file, JSON.stringify({ context_servers: { lapp: { command: "lapp" } } }));
    expect((await setup(["zed", "--root", project])).stdout).toContain("updated lapp's entry");
    expect(json(file).context_servers.lapp).toEqual({ command: "lapp", args: ["--root", project] });
    expect(existsSync(`${file}.bak`)).toBe(true);
  });
});
