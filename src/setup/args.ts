// `lapp setup` arguments → options, as a pure function; the sentences for mistakes come from messages.ts.
// Flags may come before or after the host name, and take their value as `--flag value` or `--flag=value`.

import { HOST_NAMES, isHostName, type HostName } from "./host-names.ts";
import { missingHost, missingValue, onlyOneHost, unknownArgument, unknownHost } from "./messages.ts";

export interface SetupOptions {
  host: HostName;
  /** lapp's --root for the entry, as typed (resolved against the current directory later). */
  root: string | undefined;
  /** Write the project's configuration (in --root, else the current directory) instead of the user's. */
  project: boolean;
  /** An explicit configuration file, overriding both. */
  config: string | undefined;
  /** The program the host should run; by default `lapp` when it is on PATH, else this binary's path. */
  command: string | undefined;
  dryRun: boolean;
  /** Codex, Gemini CLI: let lapp's tools run without asking (the host's approval setting in lapp's entry). */
  approveEdits: boolean;
  /** Claude Code: add the permission rule for lapp's tools to its settings (user, or project with --project). */
  allowTools: boolean;
}

export type SetupArgs =
  { kind: "help" } | { kind: "error"; message: string } | { kind: "run"; options: SetupOptions };

const VALUE_FLAGS = ["--root", "--config", "--command"] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

export function parseSetupArgs(argv: readonly string[]): SetupArgs {
  const values: Partial<Record<ValueFlag, string>> = {};
  const hosts: string[] = [];
  let project = false;
  let dryRun = false;
  let approveEdits = false;
  let allowTools = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--help" || arg === "-h") return { kind: "help" };
    if (arg === "--dry-run" || arg === "-n") {
      dryRun = true;
      continue;
    }
    if (arg === "--project") {
      project = true;
      continue;
    }
    if (arg === "--approve-edits") {
      approveEdits = true;
      continue;
    }
    if (arg === "--allow-tools") {
      allowTools = true;
      continue;
    }
    if (!arg.startsWith("-")) {
      hosts.push(arg);
      continue;
    }
    const equals = arg.indexOf("=");
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (!(VALUE_FLAGS as readonly string[]).includes(name))
      return { kind: "error", message: unknownArgument(arg) };
    const value = equals > 0 ? arg.slice(equals + 1) : argv[++index];
    if (value === undefined || value === "") return { kind: "error", message: missingValue(name) };
    values[name as ValueFlag] = value;
  }
  if (hosts.length === 0) return { kind: "error", message: missingHost(HOST_NAMES) };
  if (hosts.length > 1) return { kind: "error", message: onlyOneHost(hosts) };
  const host = hosts[0]!.toLowerCase();
  if (!isHostName(host)) return { kind: "error", message: unknownHost(hosts[0]!, HOST_NAMES) };
  return {
    kind: "run",
    options: {
      host,
      root: values["--root"],
      project,
      config: values["--config"],
      command: values["--command"],
      dryRun,
      approveEdits,
      allowTools,
    },
  };
}
