// The agents `lapp setup` knows: where each keeps its MCP servers, in which format, and the entry it expects.
// Paths are pure functions of home, environment and project directory so tests can point them anywhere.

import { join } from "node:path";

export const HOST_NAMES = ["claude", "codex", "cursor"] as const;
export type HostName = (typeof HOST_NAMES)[number];

/** What the host runs: the program and its arguments. */
export interface ServerCommand {
  command: string;
  args: string[];
}

export interface HostPlaces {
  home: string;
  env: Record<string, string | undefined>;
}

export interface Host {
  name: HostName;
  format: "json" | "toml";
  /** The per-user configuration file. */
  userConfig(places: HostPlaces): string;
  /** The configuration file inside a project, or undefined when the host has none we can rely on. */
  projectConfig(projectDir: string): string | undefined;
  /** The keys lapp owns in its entry; other keys already there (env, timeouts) are kept. */
  entry(server: ServerCommand): Record<string, string | string[]>;
}

export const SERVER_NAME = "lapp";

export const HOSTS: Record<HostName, Host> = {
  claude: {
    name: "claude",
    format: "json",
    // Claude Code moves its whole configuration, ~/.claude.json included, under CLAUDE_CONFIG_DIR when set.
    userConfig: ({ home, env }) => join(env.CLAUDE_CONFIG_DIR || home, ".claude.json"),
    projectConfig: (dir) => join(dir, ".mcp.json"),
    entry: ({ command, args }) => ({ type: "stdio", command, args }),
  },
  codex: {
    name: "codex",
    format: "toml",
    userConfig: ({ home, env }) => join(env.CODEX_HOME || join(home, ".codex"), "config.toml"),
    // Codex reads MCP servers from its user configuration only.
    projectConfig: () => undefined,
    entry: ({ command, args }) => ({ command, args }),
  },
  cursor: {
    name: "cursor",
    format: "json",
    userConfig: ({ home }) => join(home, ".cursor", "mcp.json"),
    projectConfig: (dir) => join(dir, ".cursor", "mcp.json"),
    entry: ({ command, args }) => ({ command, args }),
  },
};

export function isHostName(name: string): name is HostName {
  return (HOST_NAMES as readonly string[]).includes(name);
}
