// `lapp setup` end to end on real files in a temporary home: each agent's default file, idempotence,
// backups, dry runs, project files, symlinks, modes and every failure exit code.

import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setupCalls } from "../support/setup-calls.ts";

let home: string;
let project: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "lapp-setup-home-"));
  project = join(home, "project");
  mkdirSync(project);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const { setup, outcome } = setupCalls(() => ({ home, project }));

const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));

describe("each agent's default configuration file", () => {
  test("claude: ~/.claude.json gets mcpServers.lapp as a stdio server", async () => {
    const run = await setup(["claude"]);
    expect(run.code).toBe(0);
    expect(json(join(home, ".claude.json"))).toEqual({
      mcpServers: { lapp: { type: "stdio", command: "lapp", args: [] } },
    });
    expect(run.stdout).toContain("added lapp to");
  });

  test("claude: CLAUDE_CONFIG_DIR moves the file", async () => {
    const dir = join(home, "claude-config");
    expect((await setup(["claude"], { env: { CLAUDE_CONFIG_DIR: dir } })).code).toBe(0);
    expect(json(join(dir, ".claude.json")).mcpServers.lapp.command).toBe("lapp");
    expect(existsSync(join(home, ".claude.json"))).toBe(false);
  });

  test("codex: ~/.codex/config.toml gets an [mcp_servers.lapp] table", async () => {
    const run = await setup(["codex", "--root", project]);
    expect(run.code).toBe(0);
    const text = readFileSync(join(home, ".codex", "config.toml"), "utf8");
    expect(text).toBe(
      `[mcp_servers.lapp]\ncommand = "lapp"\nargs = ["--root", ${JSON.stringify(project)}]\n`,
    );
  });

  test("codex: CODEX_HOME moves the file", async () => {
    const dir = join(home, "codex-home");
    expect((await setup(["codex"], { env: { CODEX_HOME: dir } })).code).toBe(0);
    expect(Bun.TOML.parse(readFileSync(join(dir, "config.toml"), "utf8"))).toEqual({
      mcp_servers: { lapp: { command: "lapp", args: [] } },
    });
  });

  test("cursor: ~/.cursor/mcp.json gets mcpServers.lapp", async () => {
    expect((await setup(["cursor", "--root", "."])).code).toBe(0);
    expect(json(join(home, ".cursor", "mcp.json"))).toEqual({
      mcpServers: { lapp: { command: "lapp", args: ["--root", project] } },
    });
  });
});

describe("idempotence and backups", () => {
  for (const host of ["claude", "codex", "cursor"]) {
    test(`${host}: a second run changes nothing and makes no backup`, async () => {
      expect((await setup([host, "--root", project])).code).toBe(0);
      const files = () => readdirSync(home, { recursive: true, withFileTypes: false }).map(String).sort();
      const before = files();
      const snapshot = before
        .filter((f) => !f.startsWith("project"))
        .map((f) => [f, safeRead(join(home, f))]);
      const again = await setup([host, "--root", project]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("already set up");
      expect(files()).toEqual(before);
      expect(before.filter((f) => !f.startsWith("project")).map((f) => [f, safeRead(join(home, f))])).toEqual(
        snapshot,
      );
    });
  }

  test("changing an existing file keeps the old bytes in .bak, then .bak.1", async () => {
    const file = join(home, ".claude.json");
    const original = '{\n  "numStartups": 3,\n  "mcpServers": {\n    "other": {"command": "x"}\n  }\n}\n';
    writeFileSync(file, original);
    const first = await setup(["claude"]);
    expect(first.stdout).toContain(`previous version saved as ${file}.bak`);
    expect(readFileSync(`${file}.bak`, "utf8")).toBe(original);
    const afterFirst = readFileSync(file, "utf8");
    expect(json(file)).toEqual({
      numStartups: 3,
      mcpServers: { other: { command: "x" }, lapp: { type: "stdio", command: "lapp", args: [] } },
    });
    await setup(["claude", "--root", project]);
    expect(readFileSync(`${file}.bak`, "utf8")).toBe(original);
    expect(readFileSync(`${file}.bak.1`, "utf8")).toBe(afterFirst);
    expect(json(file).mcpServers.lapp.args).toEqual(["--root", project]);
  });

  test("a new file needs no backup", async () => {
    const result = outcome(["cursor"]);
    expect(result.ok && result.value.kind === "written" && result.value.backup).toBeUndefined();
    expect(readdirSync(join(home, ".cursor"))).toEqual(["mcp.json"]);
  });

  test("file mode is kept, and the backup has the same mode", async () => {
    const file = join(home, ".codex", "config.toml");
    mkdirSync(join(home, ".codex"));
    writeFileSync(file, 'model = "o3"\n');
    chmodSync(file, 0o600);
    expect((await setup(["codex"])).code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.bak`).mode & 0o777).toBe(0o600);
  });

  test("a symlinked config is edited at its target and stays a link", async () => {
    const target = join(home, "dotfiles-claude.json");
    writeFileSync(target, "{}\n");
    symlinkSync(target, join(home, ".claude.json"));
    expect((await setup(["claude"])).code).toBe(0);
    expect(lstatSync(join(home, ".claude.json")).isSymbolicLink()).toBe(true);
    expect(json(target).mcpServers.lapp.command).toBe("lapp");
    expect(readFileSync(`${target}.bak`, "utf8")).toBe("{}\n");
  });
});

describe("paths and encodings", () => {
  test("a home reached through a symlinked folder (like macOS /tmp) works for new and existing files", async () => {
    const linkedHome = join(home, "linked-home");
    mkdirSync(join(home, "real-home"));
    symlinkSync(join(home, "real-home"), linkedHome);
    expect((await setup(["cursor"], { home: linkedHome })).code).toBe(0);
    expect(json(join(home, "real-home", ".cursor", "mcp.json")).mcpServers.lapp.command).toBe("lapp");
    expect((await setup(["cursor", "--root", project], { home: linkedHome })).code).toBe(0);
    expect(json(join(home, "real-home", ".cursor", "mcp.json")).mcpServers.lapp.args).toEqual([
      "--root",
      project,
    ]);
  });

  test("a UTF-8 byte order mark is kept", async () => {
    const file = join(home, ".claude.json");
    writeFileSync(file, '\uFEFF{\n  "a": 1\n}\n');
    expect((await setup(["claude"])).code).toBe(0);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      a: 1,
      mcpServers: { lapp: { type: "stdio", command: "lapp", args: [] } },
    });
  });
});

describe("--dry-run", () => {
  test("shows the diff and writes nothing, not even a backup", async () => {
    const file = join(home, ".cursor", "mcp.json");
    mkdirSync(join(home, ".cursor"));
    const original = '{\n  "mcpServers": {}\n}\n';
    writeFileSync(file, original);
    const run = await setup(["cursor", "--dry-run", "--root", project]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`--- ${file}`);
    expect(run.stdout).toContain('+    "lapp": {');
    expect(run.stdout).toContain(`+        ${JSON.stringify(project)}`);
    expect(run.stdout).toContain("nothing was written");
    expect(readFileSync(file, "utf8")).toBe(original);
    expect(readdirSync(join(home, ".cursor"))).toEqual(["mcp.json"]);
  });

  test("for a file that does not exist yet, creates nothing", async () => {
    const run = await setup(["codex", "-n"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("would create");
    expect(run.stdout).toContain("+[mcp_servers.lapp]");
    expect(existsSync(join(home, ".codex"))).toBe(false);
  });
});

describe("project files and commands", () => {
  test("--project writes .mcp.json (claude) and .cursor/mcp.json (cursor) in the project", async () => {
    expect((await setup(["claude", "--project"])).code).toBe(0);
    expect(json(join(project, ".mcp.json")).mcpServers.lapp).toEqual({
      type: "stdio",
      command: "lapp",
      args: [],
    });
    const other = join(home, "other");
    mkdirSync(other);
    expect((await setup(["cursor", "--project", "--root", other])).code).toBe(0);
    // --root only says which project: a committed file must not carry this machine's absolute path.
    expect(json(join(other, ".cursor", "mcp.json")).mcpServers.lapp.args).toEqual([]);
    expect(readFileSync(join(other, ".cursor", "mcp.json"), "utf8")).not.toContain(home);
    expect(existsSync(join(home, ".claude.json"))).toBe(false);
  });

  test("--config names the file", async () => {
    expect((await setup(["codex", "--config", "custom.toml"])).code).toBe(0);
    expect(readFileSync(join(project, "custom.toml"), "utf8")).toContain("[mcp_servers.lapp]");
  });

  test("without lapp on PATH, the compiled binary is named by its full path", async () => {
    const run = await setup(["claude"], { lappOnPath: undefined, executable: "/opt/lapp/bin/lapp" });
    expect(run.stdout).toContain("not on your PATH");
    expect(json(join(home, ".claude.json")).mcpServers.lapp.command).toBe("/opt/lapp/bin/lapp");
  });

  test("--command wins over everything", async () => {
    await setup(["cursor", "--command", "/x/lapp"], { lappOnPath: undefined, executable: "/opt/lapp" });
    expect(json(join(home, ".cursor", "mcp.json")).mcpServers.lapp.command).toBe("/x/lapp");
  });
});

describe("failures leave files alone", () => {
  test("invalid JSON: exit 1, CONFIG_INVALID, file untouched, no backup", async () => {
    const file = join(home, ".claude.json");
    writeFileSync(file, "{ broken");
    const run = await setup(["claude"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toStartWith("lapp setup: error CONFIG_INVALID:");
    expect(readFileSync(file, "utf8")).toBe("{ broken");
    expect(existsSync(`${file}.bak`)).toBe(false);
    const result = outcome(["claude"]);
    expect(!result.ok && result.problem.code).toBe("CONFIG_INVALID");
  });

  test("a TOML entry setup cannot place safely: exit 1, CONFIG_SHAPE", async () => {
    mkdirSync(join(home, ".codex"));
    writeFileSync(join(home, ".codex", "config.toml"), 'mcp_servers.lapp.command = "x"\n');
    expect((await setup(["codex"])).code).toBe(1);
    const result = outcome(["codex"]);
    expect(!result.ok && result.problem.code).toBe("CONFIG_SHAPE");
  });

  test("an unreadable config (a directory): exit 1, CONFIG_UNREADABLE", async () => {
    mkdirSync(join(home, ".claude.json"));
    expect((await setup(["claude"])).code).toBe(1);
    const result = outcome(["claude"]);
    expect(!result.ok && result.problem.code).toBe("CONFIG_UNREADABLE");
  });

  test("a missing --root: exit 2, ROOT_INVALID, nothing created", async () => {
    const run = await setup(["claude", "--root", join(home, "nope")]);
    expect(run.code).toBe(2);
    const result = outcome(["claude", "--root", join(home, "nope")]);
    expect(!result.ok && result.problem.code).toBe("ROOT_INVALID");
    expect(existsSync(join(home, ".claude.json"))).toBe(false);
  });

  test("codex --project: exit 2, USAGE", async () => {
    expect((await setup(["codex", "--project"])).code).toBe(2);
    const result = outcome(["codex", "--project"]);
    expect(!result.ok && result.problem.code).toBe("USAGE");
  });

  test("bad arguments: exit 2 with a pointer to --help; --help itself: exit 0", async () => {
    const bad = await setup(["notepad"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("lapp setup");
    const help = await setup(["--help"]);
    expect(help.code).toBe(0);
    for (const flag of [
      "--root",
      "--project",
      "--config",
      "--command",
      "--dry-run",
      "CLAUDE_CONFIG_DIR",
      "CODEX_HOME",
    ]) {
      expect(help.stdout).toContain(flag);
    }
  });
});

test("`lapp setup` through src/main.ts uses the real HOME", () => {
  const result = Bun.spawnSync(
    [process.execPath, join(import.meta.dir, "../../src/main.ts"), "setup", "cursor"],
    {
      cwd: project,
      env: { PATH: process.env.PATH, HOME: home },
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  expect(result.stderr.toString()).toBe("");
  expect(result.exitCode).toBe(0);
  expect(json(join(home, ".cursor", "mcp.json")).mcpServers.lapp.args).toEqual([]);
});

function safeRead(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "<dir>";
  }
}
