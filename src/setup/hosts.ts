// The agents `lapp setup` knows: where each keeps its MCP servers, in which format, the entry it expects, and where
// it starts a server (which decides whether lapp needs --root). Paths are pure functions of home, environment,
// platform and project directory so tests can point them anywhere.

import { join } from "node:path";
import { MCP_SERVERS, type JsonPlace } from "./json-config.ts";
import { mergeServerArgs } from "./server-args.ts";
import type { HostName, ServerCommand } from "./host-names.ts";

export type { ServerCommand };

export interface HostPlaces {
  home: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
}

/**
 * Where the host starts a stdio server, which decides lapp's root when setup is given no --root:
 * - `project`: in the open project (one user-level entry serves every project);
 * - `variable`: anywhere, but the file may name the open folder with a variable (`${workspaceFolder}`);
 * - `elsewhere`: not (documented to be) in a project, so --root must name the folder lapp works in.
 */
export type ServerStart = { kind: "project" } | { kind: "variable"; folder: string } | { kind: "elsewhere" };

type Entry = Record<string, unknown>;

export interface Host {
  name: HostName;
  format: "json" | "toml";
  /** JSON hosts: the servers' key and whether the file may hold comments and trailing commas. */
  json: JsonPlace;
  start: ServerStart;
  /** The per-user configuration file. */
  userConfig(places: HostPlaces): string;
  /** The configuration file inside a project, or undefined when the host has none we can rely on. */
  projectConfig(projectDir: string): string | undefined;
  /**
   * The entry lapp wants, given the one already there (undefined when none): lapp's keys set, every other key
   * (env, timeouts) and the user's other flags kept. `approve` adds the host's "run without asking" setting.
   */
  entry(server: ServerCommand, previous: unknown, approve: boolean): Entry;
  /** The key and value that let the host run lapp's tools without asking (`--approve-edits`), if it has one. */
  approval?: Entry;
}

export const SERVER_NAME = "lapp";

/**
 * The usual `{command, args}` entry merged onto `previous`. `sameWhenAbsent` are keys the host reads the same when
 * they are missing (`args: []`, `type: "stdio"`): an entry without them that is otherwise right is left as it is.
 * `after` are keys written after command and args (the approval setting).
 */
function commandArgsEntry(
  server: ServerCommand,
  previous: unknown,
  owned: Entry,
  sameWhenAbsent: Entry = { args: [] },
  after: Entry = {},
): Entry {
  const before = isEntry(previous) ? previous : undefined;
  const args = mergeServerArgs(before?.args, server.args);
  const wanted: Entry = { ...owned, command: server.command, args, ...after };
  if (before === undefined) return wanted;
  const merged: Entry = { ...before, ...wanted };
  for (const [key, value] of Object.entries(sameWhenAbsent))
    if (!(key in before) && Bun.deepEquals(merged[key], value, true)) delete merged[key];
  return merged;
}

function isEntry(value: unknown): value is Entry {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The user's application-data folder: %APPDATA% on Windows, Application Support on macOS, XDG elsewhere. */
function appData({ home, env, platform }: HostPlaces): string {
  if (platform === "win32") return env.APPDATA || join(home, "AppData", "Roaming");
  if (platform === "darwin") return join(home, "Library", "Application Support");
  return env.XDG_CONFIG_HOME || join(home, ".config");
}

const CODEX_APPROVAL = { default_tools_approval_mode: "approve" };
const GEMINI_APPROVAL = { trust: true };

export const HOSTS: Record<HostName, Host> = {
  claude: {
    name: "claude",
    format: "json",
    json: MCP_SERVERS,
    start: { kind: "project" },
    // Claude Code moves its whole configuration, ~/.claude.json included, under CLAUDE_CONFIG_DIR when set.
    userConfig: ({ home, env }) => join(env.CLAUDE_CONFIG_DIR || home, ".claude.json"),
    projectConfig: (dir) => join(dir, ".mcp.json"),
    entry: (server, previous) =>
      commandArgsEntry(server, previous, { type: "stdio" }, { args: [], type: "stdio" }),
  },
  codex: {
    name: "codex",
    format: "toml",
    json: MCP_SERVERS,
    start: { kind: "project" },
    userConfig: ({ home, env }) => join(env.CODEX_HOME || join(home, ".codex"), "config.toml"),
    // Codex reads MCP servers from its user configuration only.
    projectConfig: () => undefined,
    approval: CODEX_APPROVAL,
    entry: (server, previous, approve) =>
      commandArgsEntry(server, previous, {}, undefined, approve ? CODEX_APPROVAL : {}),
  },
  cursor: {
    name: "cursor",
    format: "json",
    json: MCP_SERVERS,
    start: { kind: "project" },
    userConfig: ({ home }) => join(home, ".cursor", "mcp.json"),
    projectConfig: (dir) => join(dir, ".cursor", "mcp.json"),
    entry: (server, previous) => commandArgsEntry(server, previous, {}),
  },
  vscode: {
    name: "vscode",
    format: "json",
    json: { serversKey: "servers", comments: true },
    // VS Code resolves ${workspaceFolder} in mcp.json, user profile or workspace alike.
    start: { kind: "variable", folder: "${workspaceFolder}" },
    userConfig: (places) => join(appData(places), "Code", "User", "mcp.json"),
    projectConfig: (dir) => join(dir, ".vscode", "mcp.json"),
    entry: (server, previous) =>
      commandArgsEntry(server, previous, { type: "stdio" }, { args: [], type: "stdio" }),
  },
  "claude-desktop": {
    name: "claude-desktop",
    format: "json",
    json: MCP_SERVERS,
    start: { kind: "elsewhere" },
    userConfig: (places) => join(appData(places), "Claude", "claude_desktop_config.json"),
    projectConfig: () => undefined,
    entry: (server, previous) => commandArgsEntry(server, previous, {}),
  },
  gemini: {
    name: "gemini",
    format: "json",
    json: { serversKey: "mcpServers", comments: true },
    start: { kind: "project" },
    userConfig: ({ home }) => join(home, ".gemini", "settings.json"),
    projectConfig: (dir) => join(dir, ".gemini", "settings.json"),
    approval: GEMINI_APPROVAL,
    entry: (server, previous, approve) =>
      commandArgsEntry(server, previous, {}, undefined, approve ? GEMINI_APPROVAL : {}),
  },
  opencode: {
    name: "opencode",
    format: "json",
    json: { serversKey: "mcp", comments: true },
    start: { kind: "project" },
    userConfig: ({ home, env }) =>
      join(env.XDG_CONFIG_HOME || join(home, ".config"), "opencode", "opencode.json"),
    projectConfig: (dir) => join(dir, "opencode.json"),
    // opencode runs `command` as one list, program first; the user's flags after it are kept.
    entry: (server, previous) => {
      const before = isEntry(previous) ? previous : {};
      const oldCommand = Array.isArray(before.command) ? before.command.slice(1) : undefined;
      const command = [server.command, ...mergeServerArgs(oldCommand, server.args)];
      // A new entry says `enabled` as opencode's documentation does; an old one keeps the user's choice.
      return isEntry(previous)
        ? { ...before, type: "local", command }
        : { type: "local", command, enabled: true };
    },
  },
  windsurf: {
    name: "windsurf",
    format: "json",
    json: MCP_SERVERS,
    start: { kind: "elsewhere" },
    userConfig: ({ home }) => join(home, ".codeium", "windsurf", "mcp_config.json"),
    projectConfig: () => undefined,
    entry: (server, previous) => commandArgsEntry(server, previous, {}),
  },
  zed: {
    name: "zed",
    format: "json",
    json: { serversKey: "context_servers", comments: true },
    start: { kind: "elsewhere" },
    userConfig: (places) =>
      places.platform === "win32"
        ? join(appData(places), "Zed", "settings.json")
        : join(places.env.XDG_CONFIG_HOME || join(places.home, ".config"), "zed", "settings.json"),
    projectConfig: () => undefined,
    // Zed requires `args` (a list, possibly empty).
    entry: (server, previous) => commandArgsEntry(server, previous, {}, {}),
  },
};
