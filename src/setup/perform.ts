// One `lapp setup` run as data: options and the machine's facts in, the outcome (or a coded problem) out.
// cli.ts only renders it; tests assert on the outcome and on the files it leaves.

import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { SetupOptions } from "./args.ts";
import { backupConfig, readConfig, writeConfig } from "./config-file.ts";
import { HOSTS, SERVER_NAME, type ServerCommand } from "./hosts.ts";
import { upsertJsonServer } from "./json-config.ts";
import { approveEditsCodexOnly, configOutsideProject, noProjectConfig, rootInvalid } from "./messages.ts";
import { done, problem, type SetupResult } from "./result.ts";
import { unifiedDiff } from "./text-diff.ts";
import { upsertTomlServer } from "./toml-config.ts";

export interface SetupContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  /** Where `lapp` is found on PATH, if anywhere. */
  lappOnPath: string | undefined;
  /** This program's own path when it is a compiled lapp binary; undefined when run from source. */
  executable: string | undefined;
}

export interface SetupOutcome {
  kind: "unchanged" | "dry-run" | "written";
  file: string;
  server: ServerCommand;
  /** True when lapp had no entry in the file before. */
  added: boolean;
  /** True when the entry names this binary by full path because `lapp` is not on PATH. */
  fullPath: boolean;
  /** True when a project file names `lapp` although it is not on PATH here: the user must put it there. */
  needsPath: boolean;
  /** For a dry run: the change as a unified diff. */
  diff?: string;
  /** For a write over an existing file: where its previous content was saved. */
  backup?: string;
  /** Whether the file existed before. */
  existed: boolean;
}

export function performSetup(options: SetupOptions, context: SetupContext): SetupResult<SetupOutcome> {
  const host = HOSTS[options.host];
  let root: string | undefined;
  if (options.root !== undefined) {
    root = resolve(context.cwd, options.root);
    if (!isDirectory(root)) return problem("ROOT_INVALID", rootInvalid(root));
  }
  let file: string;
  if (options.config !== undefined) {
    file = resolve(context.cwd, options.config);
  } else if (options.project) {
    const projectDir = root ?? context.cwd;
    const projectFile = host.projectConfig(projectDir);
    if (projectFile === undefined) return problem("USAGE", noProjectConfig(host.name));
    // A project file is often a checked-out one: a symlink out of the project must not make setup edit (and
    // back up) someone else's file.
    const outside = resolvesOutside(projectFile, projectDir);
    if (outside !== undefined)
      return problem("CONFIG_OUTSIDE_PROJECT", configOutsideProject(projectFile, outside));
    file = projectFile;
  } else {
    file = host.userConfig({ home: context.home, env: context.env });
  }

  if (options.approveEdits && host.name !== "codex")
    return problem("USAGE", approveEditsCodexOnly(host.name));
  const notOnPath = options.command === undefined && context.lappOnPath === undefined && !!context.executable;
  // A project file is meant to be committed: this machine's binary path does not belong in it.
  const fullPath = notOnPath && !options.project;
  const server: ServerCommand = {
    command: options.command ?? (fullPath ? context.executable! : "lapp"),
    // A project file names no root: its host starts lapp in that project, and a committed file must not carry
    // this machine's absolute path (--root then only says which project's file to write).
    args: root === undefined || options.project ? [] : ["--root", root],
  };

  const config = readConfig(file);
  if (!config.ok) return config;
  const entry = {
    ...host.entry(server),
    ...(options.approveEdits ? { default_tools_approval_mode: CODEX_APPROVE_ALL } : {}),
  };
  const edit =
    host.format === "json"
      ? upsertJsonServer(config.value.text, SERVER_NAME, entry, file)
      : upsertTomlServer(config.value.text, SERVER_NAME, entry, file);
  if (!edit.ok) return edit;

  const outcome = {
    file,
    server,
    added: edit.value.previous === undefined,
    fullPath,
    needsPath: notOnPath && options.project,
    existed: config.value.real !== undefined,
  };
  if (!edit.value.changed) return done({ ...outcome, kind: "unchanged" });
  if (options.dryRun) {
    return done({ ...outcome, kind: "dry-run", diff: unifiedDiff(config.value.text, edit.value.text, file) });
  }
  let backup: string | undefined;
  const { real } = config.value;
  if (real !== undefined) {
    const saved = backupConfig({ ...config.value, real });
    if (!saved.ok) return saved;
    backup = saved.value;
  }
  const written = writeConfig(config.value, edit.value.text);
  if (!written.ok) return written;
  return done({ ...outcome, kind: "written", backup });
}

/** Codex's `default_tools_approval_mode` value that runs a server's tools without asking (codex-rs AppToolApproval). */
const CODEX_APPROVE_ALL = "approve";

/**
 * Where `file` really lives when that is outside `projectDir` (following symlinks of the file and its folders),
 * else undefined. A file that does not exist yet is judged by its nearest existing folder.
 */
function resolvesOutside(file: string, projectDir: string): string | undefined {
  let project: string;
  try {
    project = realpathSync(projectDir);
  } catch {
    return undefined; // the project folder itself is checked (and reported) elsewhere
  }
  let probe = file;
  let rest = "";
  for (;;) {
    try {
      const real = join(realpathSync(probe), rest);
      return real === project || real.startsWith(project.endsWith(sep) ? project : project + sep)
        ? undefined
        : real;
    } catch {
      const parent = dirname(probe);
      if (parent === probe) return undefined;
      rest = join(basename(probe), rest);
      probe = parent;
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
