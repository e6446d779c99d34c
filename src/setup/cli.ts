// `lapp setup <client> …`: the command-line face of performSetup. Returns the exit code.
// Not the MCP server, so it may print to stdout; problems go to stderr.

import { homedir } from "node:os";
import { TARGET } from "../version.ts";
import { parseSetupArgs } from "./args.ts";
import {
  SETUP_HELP,
  alreadySetUp,
  dryRunFooter,
  dryRunHeader,
  instructionsHint,
  notOnPath,
  projectNeedsPath,
  reloadHint,
  ruleAlreadyThere,
  ruleWritten,
  written,
} from "./messages.ts";
import { performSetup, type SetupContext } from "./perform.ts";

export { SETUP_HELP } from "./messages.ts";

export interface SetupStreams {
  out(text: string): void;
  err(text: string): void;
}

function machineContext(): SetupContext {
  return {
    cwd: process.cwd(),
    home: homedir(),
    env: process.env,
    platform: process.platform,
    lappOnPath: Bun.which("lapp") ?? undefined,
    executable: TARGET === "source" ? undefined : process.execPath,
  };
}

const processStreams: SetupStreams = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

export async function runSetup(
  argv: string[],
  context: SetupContext = machineContext(),
  streams: SetupStreams = processStreams,
): Promise<number> {
  const parsed = parseSetupArgs(argv);
  if (parsed.kind === "help") {
    streams.out(SETUP_HELP);
    return 0;
  }
  if (parsed.kind === "error") {
    streams.err(`lapp setup: error USAGE: ${parsed.message}\n`);
    return 2;
  }
  const { host } = parsed.options;
  const result = performSetup(parsed.options, context);
  if (!result.ok) {
    streams.err(`lapp setup: error ${result.problem.code}: ${result.problem.message}\n`);
    return result.problem.code === "USAGE" || result.problem.code === "ROOT_INVALID" ? 2 : 1;
  }
  const outcome = result.value;
  const lines: string[] = [];
  if (outcome.fullPath) lines.push(notOnPath(outcome.server.command));
  if (outcome.needsPath) lines.push(projectNeedsPath(context.executable));
  switch (outcome.kind) {
    case "unchanged":
      lines.push(alreadySetUp(host, outcome.file, outcome.server));
      break;
    case "dry-run":
      lines.push(dryRunHeader(host, outcome.file, !outcome.existed), outcome.diff!.trimEnd());
      break;
    case "written":
      lines.push(written(host, outcome.file, outcome.server, outcome.added, outcome.backup));
      break;
  }
  const { rule } = outcome;
  if (rule?.kind === "unchanged") lines.push(ruleAlreadyThere(rule.file));
  if (rule?.kind === "dry-run")
    lines.push(dryRunHeader(host, rule.file, !rule.existed), rule.diff!.trimEnd());
  if (rule?.kind === "written") lines.push(ruleWritten(rule.file, rule.backup));
  if (outcome.kind === "dry-run" || rule?.kind === "dry-run") lines.push(dryRunFooter);
  else if (outcome.kind === "written" || rule?.kind === "written")
    lines.push(reloadHint(host), instructionsHint(host));
  streams.out(`${lines.join("\n")}\n`);
  return 0;
}
