// The agents `lapp setup` can configure, by name, and the command an agent runs to start lapp: the words every part of
// setup shares (its arguments, its messages, its hosts), apart from what each host needs (hosts.ts).

export const HOST_NAMES = [
  "claude",
  "codex",
  "cursor",
  "vscode",
  "claude-desktop",
  "gemini",
  "opencode",
  "windsurf",
  "zed",
] as const;
export type HostName = (typeof HOST_NAMES)[number];

/** What the host runs: the program and its arguments. */
export interface ServerCommand {
  command: string;
  args: string[];
}

export function isHostName(name: string): name is HostName {
  return (HOST_NAMES as readonly string[]).includes(name);
}
