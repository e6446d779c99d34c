// Every sentence `lapp setup` prints, and its --help text. People read these, not models.

import { STARTUP_HINT } from "../messages.ts";
import type { HostName, ServerCommand } from "./host-names.ts";

export const SETUP_HELP = `lapp setup — add lapp to an AI agent's MCP configuration (or update its entry)

Usage:
  lapp setup <client> [--root DIR] [--project] [--config FILE] [--command PATH]
             [--allow-tools] [--approve-edits] [--dry-run]

Clients and the file each one changes (user file; with --project, the project's file):
  claude          Claude Code     ~/.claude.json ($CLAUDE_CONFIG_DIR/.claude.json when set), mcpServers.lapp;
                                  --project: .mcp.json
  codex           Codex           ~/.codex/config.toml ($CODEX_HOME/config.toml when set), [mcp_servers.lapp]
  cursor          Cursor          ~/.cursor/mcp.json, mcpServers.lapp; --project: .cursor/mcp.json
  vscode          VS Code         mcp.json in the user profile (~/.config/Code/User on Linux, ~/Library/
                                  Application Support/Code/User on macOS, %APPDATA%\\Code\\User on Windows),
                                  servers.lapp; --project: .vscode/mcp.json
  claude-desktop  Claude Desktop  claude_desktop_config.json (~/Library/Application Support/Claude on macOS,
                                  %APPDATA%\\Claude on Windows, ~/.config/Claude elsewhere), mcpServers.lapp
  gemini          Gemini CLI      ~/.gemini/settings.json, mcpServers.lapp; --project: .gemini/settings.json
  opencode        opencode        ~/.config/opencode/opencode.json, mcp.lapp; --project: opencode.json
  windsurf        Windsurf        ~/.codeium/windsurf/mcp_config.json, mcpServers.lapp
  zed             Zed             ~/.config/zed/settings.json (%APPDATA%\\Zed on Windows), context_servers.lapp

Flags:
  --root DIR       confine lapp to DIR (the entry runs "lapp --root DIR"). Without it lapp works in the
                   directory the agent starts it in, which is the open project: one entry serves every project.
                   VS Code gets --root \${workspaceFolder} instead (it names the open folder itself).
                   Claude Desktop, Windsurf and Zed need --root: they keep one list of servers for every
                   project and do not document starting them in the one you have open.
  --project        write the project's own file instead (see above), in --root DIR or else the current
                   directory. Codex, Claude Desktop, Windsurf and Zed have none here. A project file that
                   resolves (through a symlink) outside the project is refused. The entry names plain "lapp"
                   and no --root, never this machine's paths, since the file is meant to be committed: the
                   agent starts lapp in the project, which is then its root.
  --config FILE    write this file instead (same format as the client's).
  --command PATH   the program the agent runs (default: "lapp" when it is on PATH, else this binary's path).
  --allow-tools    claude only: also add the permission rule "mcp__lapp" to Claude Code's settings
                   (~/.claude/settings.json; with --project, .claude/settings.json), so print mode (claude -p)
                   and fresh sessions run lapp's tools without asking. Without it, claude -p refuses them all.
  --approve-edits  codex: default_tools_approval_mode = "approve" (without it, codex exec refuses lapp_edit and
                   lapp_replace_block); gemini: "trust": true. Both run lapp's tools without asking.
  --dry-run, -n    show the change as a diff and write nothing.
  --help, -h       print this help.

Running it again changes nothing when the entry is already right (an entry that only lacks "args": [] is
right). Before changing an existing file, setup copies it to FILE.bak (FILE.bak.1, … when that exists). Other
servers, other settings, comments, the other keys of lapp's own entry (env, timeouts) and its other flags
(--limit, --block …) are kept, and so is the layout.

Exit codes: 0 done (or nothing to do), 1 the file could not be read, understood or written, 2 bad arguments.
`;

const LABELS: Record<HostName, string> = {
  claude: "Claude Code",
  codex: "Codex",
  cursor: "Cursor",
  vscode: "VS Code",
  "claude-desktop": "Claude Desktop",
  gemini: "Gemini CLI",
  opencode: "opencode",
  windsurf: "Windsurf",
  zed: "Zed",
};

const RELOAD: Record<HostName, string> = {
  claude: "Restart Claude Code, then check with /mcp that lapp is connected.",
  codex: "Start a new Codex session, then check with /mcp that lapp is listed.",
  cursor: "Reload Cursor, then make sure lapp is enabled under Settings → MCP.",
  vscode: 'Run "MCP: List Servers" in VS Code and start lapp (it asks to trust the server the first time).',
  "claude-desktop": "Quit and reopen Claude Desktop; lapp's tools appear under the tools menu.",
  gemini: "Start Gemini CLI, then check with /mcp that lapp is connected.",
  opencode: "Start opencode again; lapp's tools are listed with `opencode mcp list`.",
  windsurf: "Refresh the MCP servers in Windsurf's Cascade panel (or restart Windsurf).",
  zed: "Open the Agent Panel's settings in Zed and check that lapp shows a green dot.",
};

// Usage mistakes (exit 2).
export const unknownArgument = (arg: string): string =>
  `unknown argument ${JSON.stringify(arg)} (see lapp setup --help)`;
export const missingValue = (flag: string): string => `${flag} needs a value`;
export const missingHost = (hosts: readonly string[]): string =>
  `which agent? Use lapp setup <${hosts.join("|")}> (see lapp setup --help)`;
export const onlyOneHost = (given: readonly string[]): string =>
  `one agent at a time, got ${given.join(", ")}`;
export const unknownHost = (name: string, hosts: readonly string[]): string =>
  `unknown agent ${JSON.stringify(name)}; lapp setup knows ${hosts.join(", ")}`;
export const noProjectConfig = (host: HostName): string =>
  `${LABELS[host]} has no project-level MCP file; drop --project, or name a file with --config`;
export const rootInvalid = (root: string): string => `--root ${root} is not an existing directory`;
export const approveEditsUnsupported = (host: HostName): string =>
  host === "claude"
    ? "--approve-edits is for Codex and Gemini CLI; for Claude Code use --allow-tools (a permission rule in its settings)"
    : `--approve-edits sets Codex's or Gemini CLI's approval in lapp's entry; ${LABELS[host]} asks (or not) through its own permission settings`;
export const allowToolsClaudeOnly = (host: HostName): string =>
  `--allow-tools adds a Claude Code permission rule; for ${LABELS[host]} see --approve-edits (codex, gemini) or the client's own settings`;
export const rootRequired = (host: HostName): string =>
  `${LABELS[host]} does not start MCP servers in your project, so lapp needs its folder: add --root DIR`;

// File problems (exit 1). Each one says that nothing was written.
export const configUnreadable = (file: string, reason: string): string =>
  `cannot read ${file} (${reason}); nothing was written`;
export const configInvalid = (file: string, format: string, reason: string): string =>
  `${file} is not valid ${format} (${reason}); fix it or pass another file with --config; nothing was written`;
export const configShape = (file: string, what: string): string =>
  `cannot place lapp's entry in ${file}: ${what}; edit that part by hand; nothing was written`;
export const editUnsafe = (file: string): string =>
  `the edited ${file} would not read back as exactly the intended change, so it was left alone; please report this`;
export const configOutsideProject = (file: string, real: string): string =>
  `${file} resolves to ${real}, outside the project; lapp setup --project only edits files inside the project, so nothing was written (remove the link, or name a file with --config)`;
export const writeFailedBecause = (file: string, reason: string): string =>
  `writing ${file} failed (${reason}); the file is unchanged`;
export const changedMeanwhile = (file: string): string =>
  `${file} changed while lapp setup was editing it (is the agent running and saving it?); nothing was written, run lapp setup again`;

// Outcomes (exit 0).
function describeServer(server: ServerCommand): string {
  return [server.command, ...server.args]
    .map((part) => (/[\s"'$]/.test(part) ? JSON.stringify(part) : part))
    .join(" ");
}
export const alreadySetUp = (host: HostName, file: string, server: ServerCommand): string =>
  `lapp is already set up for ${LABELS[host]} in ${file} (runs: ${describeServer(server)}); nothing changed.`;
export const dryRunHeader = (host: HostName, file: string, creates: boolean): string =>
  `dry run: would ${creates ? "create" : "change"} ${file} for ${LABELS[host]}:`;
export const dryRunFooter = "dry run: nothing was written.";
export function written(
  host: HostName,
  file: string,
  server: ServerCommand,
  added: boolean,
  backup?: string,
): string {
  const action = added ? "added lapp to" : "updated lapp's entry in";
  const saved = backup ? ` (previous version saved as ${backup})` : "";
  return `${action} ${file}${saved}; ${LABELS[host]} will run: ${describeServer(server)}`;
}
export const reloadHint = (host: HostName): string => RELOAD[host];
export const ruleWritten = (file: string, backup?: string): string =>
  `added the permission rule "mcp__lapp" to ${file}${backup ? ` (previous version saved as ${backup})` : ""}; Claude Code runs lapp's tools without asking, in print mode (claude -p) too`;
export const ruleAlreadyThere = (file: string): string =>
  `${file} already allows lapp's tools (permission rule "mcp__lapp"); nothing changed there.`;
export const notOnPath = (command: string): string =>
  `note: lapp is not on your PATH, so the entry runs ${command} by its full path.`;
export const projectNeedsPath = (executable: string | undefined): string =>
  `note: lapp is not on your PATH. The project file names plain "lapp" (it is meant to be committed, so it carries no path of this machine): put lapp on PATH${executable ? ` (e.g. ln -s ${executable} ~/.local/bin/lapp)` : ""}, or pass --command to name the program.`;
const INSTRUCTIONS_FILES: Partial<Record<HostName, string>> = { claude: "CLAUDE.md", gemini: "GEMINI.md" };
export const instructionsHint = (host: HostName): string =>
  `tip: so the model prefers lapp's tools, add this line to ${INSTRUCTIONS_FILES[host] ?? "AGENTS.md"}:\n  ${STARTUP_HINT}`;
