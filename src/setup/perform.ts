// One `lapp setup` run as data: options and the machine's facts in, the outcome (or a coded problem) out.
// cli.ts only renders it; tests assert on the outcome and on the files it leaves.

import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import type { SetupOptions } from "./args.ts";
import { addAllowRule, claudeSettingsFile } from "./claude-permissions.ts";
import { backupConfig, readConfig, writeConfig, type ConfigFile } from "./config-file.ts";
import { HOSTS, SERVER_NAME, type Host, type ServerCommand } from "./hosts.ts";
import { upsertJsonServer } from "./json-config.ts";
import {
  allowToolsClaudeOnly,
  approveEditsUnsupported,
  configOutsideProject,
  noProjectConfig,
  rootInvalid,
  rootRequired,
} from "./messages.ts";
import { done, problem, type ConfigChange, type SetupResult } from "./result.ts";
import { unifiedDiff } from "./text-diff.ts";
import { upsertTomlServer } from "./toml-config.ts";

export interface SetupContext {
  cwd: string;
  home: string;
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Where `lapp` is found on PATH, if anywhere. */
  lappOnPath: string | undefined;
  /** This program's own path when it is a compiled lapp binary; undefined when run from source. */
  executable: string | undefined;
}

/** What happened to one configuration file. */
export interface FileOutcome {
  kind: "unchanged" | "dry-run" | "written";
  file: string;
  /** Whether the file existed before. */
  existed: boolean;
  /** True when what lapp adds was not in the file before (its entry, or its permission rule). */
  added: boolean;
  /** For a dry run: the change as a unified diff. */
  diff?: string;
  /** For a write over an existing file: where its previous content was saved. */
  backup?: string;
}

export interface SetupOutcome extends FileOutcome {
  server: ServerCommand;
  /** True when the entry names this binary by full path because `lapp` is not on PATH. */
  fullPath: boolean;
  /** True when a project file names `lapp` although it is not on PATH here: the user must put it there. */
  needsPath: boolean;
  /** `--allow-tools`: Claude Code's settings file and its permission rule. */
  rule?: FileOutcome;
}

export function performSetup(options: SetupOptions, context: SetupContext): SetupResult<SetupOutcome> {
  const host = HOSTS[options.host];
  let root: string | undefined;
  if (options.root !== undefined) {
    root = resolve(context.cwd, options.root);
    if (!isDirectory(root)) return problem("ROOT_INVALID", rootInvalid(root));
  }
  if (options.approveEdits && host.approval === undefined)
    return problem("USAGE", approveEditsUnsupported(host.name));
  if (options.allowTools && host.name !== "claude") return problem("USAGE", allowToolsClaudeOnly(host.name));
  if (host.start.kind === "elsewhere" && root === undefined) return problem("USAGE", rootRequired(host.name));

  const projectDir = root ?? context.cwd;
  const places = { home: context.home, env: context.env, platform: context.platform };
  let file: string;
  if (options.config !== undefined) {
    file = resolve(context.cwd, options.config);
  } else if (options.project) {
    const projectFile = host.projectConfig(projectDir);
    if (projectFile === undefined) return problem("USAGE", noProjectConfig(host.name));
    const inside = insideProject(projectFile, projectDir);
    if (!inside.ok) return inside;
    file = projectFile;
  } else {
    file = host.userConfig(places);
  }

  const notOnPath = options.command === undefined && context.lappOnPath === undefined && !!context.executable;
  // A project file is meant to be committed: this machine's binary path does not belong in it.
  const fullPath = notOnPath && !options.project;
  const server: ServerCommand = {
    command: options.command ?? (fullPath ? context.executable! : "lapp"),
    args: serverArgs(host, root, options.project),
  };
  const merge = (previous: unknown) => host.entry(server, previous, options.approveEdits);
  const entry = prepareEdit(file, (text) =>
    host.format === "json"
      ? upsertJsonServer(text, SERVER_NAME, merge, file, host.json)
      : upsertTomlServer(text, SERVER_NAME, merge, file),
  );
  if (!entry.ok) return entry;

  // Both files are read and edited before either is written: a problem with the second leaves the first alone.
  let rule: PreparedEdit | undefined;
  if (options.allowTools) {
    const settings = claudeSettingsFile(places, options.project ? projectDir : undefined);
    if (options.project) {
      const inside = insideProject(settings, projectDir);
      if (!inside.ok) return inside;
    }
    const allowed = prepareEdit(settings, (text) => addAllowRule(text, settings));
    if (!allowed.ok) return allowed;
    rule = allowed.value;
  }
  const entryOutcome = finishEdit(entry.value, options.dryRun);
  if (!entryOutcome.ok) return entryOutcome;
  const ruleOutcome = rule === undefined ? undefined : finishEdit(rule, options.dryRun);
  if (ruleOutcome !== undefined && !ruleOutcome.ok) return ruleOutcome;
  return done({
    ...entryOutcome.value,
    server,
    fullPath,
    needsPath: notOnPath && options.project,
    rule: ruleOutcome?.value,
  });
}

/**
 * lapp's arguments in the entry. A host that starts servers in the project needs no --root (and a project file
 * gets none: it is committed, and must not carry this machine's paths); one whose file can name the open folder
 * gets that variable; any other gets the --root it was given.
 */
function serverArgs(host: Host, root: string | undefined, project: boolean): string[] {
  switch (host.start.kind) {
    case "project":
      return root === undefined || project ? [] : ["--root", root];
    case "variable":
      return root === undefined || project ? ["--root", host.start.folder] : ["--root", root];
    case "elsewhere":
      return ["--root", root!];
  }
}

interface PreparedEdit {
  file: string;
  config: ConfigFile;
  change: ConfigChange;
}

/** Reads `file` and applies `edit` to its text, writing nothing yet. */
function prepareEdit(
  file: string,
  edit: (text: string) => SetupResult<ConfigChange>,
): SetupResult<PreparedEdit> {
  const config = readConfig(file);
  if (!config.ok) return config;
  const change = edit(config.value.text);
  if (!change.ok) return change;
  return done({ file, config: config.value, change: change.value });
}

/** Writes a prepared edit (with a backup of the old file), or for a dry run only describes it. */
function finishEdit({ file, config, change }: PreparedEdit, dryRun: boolean): SetupResult<FileOutcome> {
  const outcome = { file, existed: config.real !== undefined, added: change.previous === undefined };
  if (!change.changed) return done({ ...outcome, kind: "unchanged" });
  if (dryRun) return done({ ...outcome, kind: "dry-run", diff: unifiedDiff(config.text, change.text, file) });
  let backup: string | undefined;
  const { real } = config;
  if (real !== undefined) {
    const saved = backupConfig({ ...config, real });
    if (!saved.ok) return saved;
    backup = saved.value;
  }
  const written = writeConfig(config, change.text);
  if (!written.ok) return written;
  return done({ ...outcome, kind: "written", backup });
}

/**
 * A project file is often a checked-out one: a symlink out of the project must not make setup edit (and back up)
 * someone else's file.
 */
function insideProject(file: string, projectDir: string): SetupResult<void> {
  const outside = resolvesOutside(file, projectDir);
  return outside === undefined
    ? done(undefined)
    : problem("CONFIG_OUTSIDE_PROJECT", configOutsideProject(file, outside));
}

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
