// Splicing lapp's table into Codex's TOML: comments, other tables and lapp's other keys survive; idempotent.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { upsertTomlServer } from "../../src/setup/toml-config.ts";
import { scanToml } from "../../src/setup/toml-scan.ts";
import { mergeServerArgs } from "../../src/setup/server-args.ts";

import { merging } from "../support/setup-calls.ts";

const ENTRY = { command: "lapp", args: ["--root", "/work/p"] };

function upsert(text: string, entry: Record<string, string | string[]> = ENTRY) {
  const result = upsertTomlServer(text, "lapp", merging(entry), "config.toml");
  if (!result.ok) throw new Error(`${result.problem.code}: ${result.problem.message}`);
  return result.value;
}

describe("upsertTomlServer", () => {
  test("an empty file gets just lapp's table", () => {
    expect(upsert("").text).toBe('[mcp_servers.lapp]\ncommand = "lapp"\nargs = ["--root", "/work/p"]\n');
  });

  test("appends the table after existing content, with a blank line, even without a final newline", () => {
    expect(upsert('model = "o3"').text).toBe(
      'model = "o3"\n\n[mcp_servers.lapp]\ncommand = "lapp"\nargs = ["--root", "/work/p"]\n',
    );
    expect(upsert('model = "o3"\n').text).toStartWith('model = "o3"\n\n[mcp_servers.lapp]\n');
  });

  test("replaces command and args in place, keeping comments, other keys and sub-tables", () => {
    const text = [
      "# codex",
      "[mcp_servers.lapp] # lapp",
      'command = "/old/lapp"  # old',
      "args = [",
      '  "--root", # ] tricky',
      "  '/old]',",
      "]",
      "startup_timeout_sec = 20",
      "",
      "[mcp_servers.lapp.env]",
      'LAPP_LIMIT = "500"',
      "",
    ].join("\n");
    const change = upsert(text);
    expect(change.previous).toEqual({
      command: "/old/lapp",
      args: ["--root", "/old]"],
      startup_timeout_sec: 20,
      env: { LAPP_LIMIT: "500" },
    });
    expect(change.text).toBe(
      [
        "# codex",
        "[mcp_servers.lapp] # lapp",
        'command = "lapp"',
        'args = ["--root", "/work/p"]',
        "startup_timeout_sec = 20",
        "",
        "[mcp_servers.lapp.env]",
        'LAPP_LIMIT = "500"',
        "",
      ].join("\n"),
    );
  });

  test("finds a quoted header and leaves look-alikes inside multi-line strings alone", () => {
    const text = [
      'notes = """',
      "[mcp_servers.lapp]",
      'command = "fake"',
      '"""',
      "literal = '''",
      "[mcp_servers.lapp]'''",
      '[ mcp_servers . "lapp" ]',
      'command = "old"',
      "",
    ].join("\n");
    const change = upsert(text);
    expect(change.text).toBe(
      text.replace('command = "old"\n', 'command = "lapp"\nargs = ["--root", "/work/p"]\n'),
    );
  });

  test("an entry that is already right changes nothing", () => {
    const text = "[mcp_servers.lapp]\nargs = ['--root', '/work/p']\ncommand = 'lapp'\nenabled = true\n";
    const previous = { args: ["--root", "/work/p"], command: "lapp", enabled: true };
    expect(upsert(text)).toEqual({ changed: false, text, previous });
  });

  test("keeps CRLF line ends and writes Windows paths as escaped strings", () => {
    const change = upsert('model = "o3"\r\n', { command: "C:\\Tools\\lapp.exe", args: ['D:\\repo "x"'] });
    expect(change.text).toBe(
      'model = "o3"\r\n\r\n[mcp_servers.lapp]\r\ncommand = "C:\\\\Tools\\\\lapp.exe"\r\nargs = ["D:\\\\repo \\"x\\""]\r\n',
    );
    expect(Bun.TOML.parse(change.text)).toEqual({
      model: "o3",
      mcp_servers: { lapp: { command: "C:\\Tools\\lapp.exe", args: ['D:\\repo "x"'] } },
    });
  });

  test.each([
    ["model = ", "CONFIG_INVALID"],
    ["[a]\nx = 1\n[a]\nx = 2\n", "CONFIG_INVALID"],
    ["mcp_servers = 3\n", "CONFIG_SHAPE"],
    ['mcp_servers.lapp.command = "x"\n', "CONFIG_SHAPE"],
    ['[mcp_servers]\nlapp = { command = "x" }\n', "CONFIG_SHAPE"],
    // Appending [mcp_servers.lapp] would extend an inline table, which TOML forbids: caught by the re-parse.
    ['mcp_servers = { other = { command = "x" } }\n', "CONFIG_EDIT_UNSAFE"],
  ])("%j is refused with %s", (text, code) => {
    const result = upsertTomlServer(text, "lapp", merging(ENTRY), "config.toml");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.code).toBe(code as never);
      expect(result.problem.message).toContain("config.toml");
    }
  });
});

describe("scanToml", () => {
  test("reports tables, array tables and pairs with their line spans", () => {
    const text = 'a = 1\n[t."x.y"]\nb = [\n 1,\n]\n[[arr]]\n# c\nk.j = "v" # c\n';
    const statements = scanToml(text).map(({ kind, path, start, end }) => [
      kind,
      path,
      text.slice(start, end),
    ]);
    expect(statements).toEqual([
      ["pair", ["a"], "a = 1\n"],
      ["table", ["t", "x.y"], '[t."x.y"]\n'],
      ["pair", ["b"], "b = [\n 1,\n]\n"],
      ["array-table", ["arr"], "[[arr]]\n"],
      ["pair", ["k", "j"], 'k.j = "v" # c\n'],
    ]);
  });
});

test("property: any command and --root, in any existing config, read back exactly (other flags kept) and then stay put", () => {
  // Control characters (DEL included), quotes, backslashes, and characters from all of Unicode.
  const text = fc.oneof(
    fc.string({ unit: "binary-ascii", maxLength: 12 }),
    fc.string({ unit: "binary", maxLength: 6 }),
  );
  const existing = fc.constantFrom(
    "",
    'model = "o3"',
    '[mcp_servers.other]\ncommand = "x"\n',
    '[mcp_servers.lapp]\ncommand = "old"\nargs = ["a", """b\n"""]\n[mcp_servers.lapp.env]\nA = "1"\n',
    "[mcp_servers.lapp]\n[profiles.p]\nmodel = 'm'\n",
  );
  fc.assert(
    fc.property(existing, text, fc.option(text), (config, command, root) => {
      // lapp owns --root; the flags an existing entry has besides it are kept after it.
      const args = root === null ? [] : ["--root", root];
      const before = (Bun.TOML.parse(config) as { mcp_servers?: { lapp?: { args?: unknown } } }).mcp_servers
        ?.lapp;
      const first = upsertTomlServer(config, "lapp", merging({ command, args }), "c.toml");
      if (!first.ok) throw new Error(first.problem.message);
      const parsed = Bun.TOML.parse(first.value.text) as { mcp_servers: { lapp: Record<string, unknown> } };
      expect(parsed.mcp_servers.lapp.command).toBe(command);
      expect(parsed.mcp_servers.lapp.args).toEqual(before ? mergeServerArgs(before.args, args) : args);
      const second = upsertTomlServer(first.value.text, "lapp", merging({ command, args }), "c.toml");
      expect(second.ok && second.value.changed).toBe(false);
    }),
    { numRuns: 300 },
  );
});
