// Every sentence `lapp setup` prints, and its --help text. People read these, not models.

import { STARTUP_HINT } from "../messages.ts";
import type { HostName, ServerCommand } from "./hosts.ts";

export const SETUP_HELP = `lapp setup — add lapp to an AI agent's MCP configuration (or update its entry)

Usage:
  lapp setup <claude|codex|cursor> [--root DIR] [--project] [--config FILE] [--command PATH]
             [--approve-edits] [--dry-run]

Hosts and the file each one changes by default:
  claude   Claude Code   ~/.claude.json ($CLAUDE_CONFIG_DIR/.claude.json when set), key mcpServers.lapp
  codex    Codex         ~/.codex/config.toml ($CODEX_HOME/config.toml when set), table [mcp_servers.lapp]
  cursor   Cursor        ~/.cursor/mcp.json, key mcpServers.lapp

Flags:
  --root DIR       confine lapp to DIR (the entry runs "lapp --root DIR"). Without it lapp works in the
                   directory the agent starts it in, which is the open project: one entry serves every project.
  --project        write the project's own file instead: .mcp.json (claude) or .cursor/mcp.json (cursor),
                   in --root DIR or else the current directory. Codex has no project file. A project file
                   that resolves (through a symlink) outside the project is refused. The entry names plain
                   "lapp" and no --root, never this machine's paths, since the file is meant to be committed:
                   the agent starts lapp in the project, which is then its root.
  --config FILE    write this file instead (same format as the host's).
  --command PATH   the program the agent runs (default: "lapp" when it is on PATH, else this binary's path).
  --approve-edits  codex only: run lapp's tools without asking (default_tools_approval_mode = "approve").
                   Without it, codex exec (approval policy "never") refuses every lapp_edit.
  --dry-run, -n    show the change as a diff and write nothing.
  --help, -h       print this help.

Running it again changes nothing when the entry is already right. Before changing an existing file, setup
copies it to FILE.bak (FILE.bak.1, … when that exists). Other servers, other settings, the other keys of
lapp's own entry (env, timeouts) and its other flags (--limit, --block …) are kept, and so is the layout.

Exit codes: 0 done (or nothing to do), 1 the file could not be read, understood or written, 2 bad arguments.
`;

const LABELS: Record<HostName, string> = { claude: "Claude Code", codex: "Codex", cursor: "Cursor" };

const RELOAD: Record<HostName, string> = {
  claude: "Restart Claude Code, then check with /mcp that lapp is connected.",
  codex: "Start a new Codex session, then check with /mcp that lapp is listed.",
  cursor: "Reload Cursor, then make sure lapp is enabled under Settings → MCP.",
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
export const approveEditsCodexOnly = (host: HostName): string =>
  `--approve-edits sets Codex's default_tools_approval_mode; ${LABELS[host]} asks (or not) through its own permission settings`;

// File problems (exit 1). Each one says that nothing was written.
export const configUnreadable = (file: string, reason: string): string =>
  `cannot read ${file} (${reason}); nothing was written`;
export const configInvalid = (file: string, format: "JSON" | "TOML", reason: string): string =>
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
export const notOnPath = (command: string): string =>
  `note: lapp is not on your PATH, so the entry runs ${command} by its full path.`;
export const projectNeedsPath = (executable: string | undefined): string =>
  `note: lapp is not on your PATH. The project file names plain "lapp" (it is meant to be committed, so it carries no path of this machine): put lapp on PATH${executable ? ` (e.g. ln -s ${executable} ~/.local/bin/lapp)` : ""}, or pass --command to name the program.`;
export const instructionsHint = (host: HostName): string =>
  `tip: so the model prefers lapp's tools, add this line to ${host === "claude" ? "CLAUDE.md" : "AGENTS.md"}:\n  ${STARTUP_HINT}`;
