// Flags and environment → Config, as a pure function of (argv, env, cwd); main.ts does the IO.
// Precedence: a flag beats its env var; --block/--allow from both sources add up.

import { DEFAULT_MAX_OUTPUT_TOKENS, MIN_MAX_OUTPUT_TOKENS } from "./budget/budget.ts";
import { DEFAULT_READ_LIMIT } from "./limits.ts";

export const TOOL_NAMES = [
  "lapp_read",
  "lapp_edit",
  "lapp_write",
  "lapp_grep",
  "lapp_find_block",
  "lapp_replace_block",
  "lapp_insert_block",
  "lapp_apply_patch",
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export const DEFAULT_BLOCK_PATTERNS = [
  "**/.env",
  "**/.env.*",
  "**/secrets.*",
  "**/credentials.*",
  "**/*.pem",
  "**/*.key",
  "**/*.p12",
  "**/*.pfx",
  "**/.aws/credentials",
  "**/.aws/config",
  "**/.ssh/**",
  "**/id_rsa*",
  "**/id_ed25519*",
  "**/id_ecdsa*",
  "**/.netrc",
  "**/.git-credentials",
  "**/.npmrc",
  "**/.pypirc",
] as const;

export interface Config {
  /** Absolute root as given (serveStdio in src/server/stdio.ts resolves and checks its real path). */
  root: string;
  limit: number;
  /** Estimated tokens any one answer may take (src/budget/). */
  maxOutputTokens: number;
  /**
   * Whether --max-output-tokens or its variable set the budget. When not, the server replaces the default with the
   * budget of the client that connects (src/server/client-budget.ts).
   */
  maxOutputTokensGiven?: boolean;
  /** --verbose: the startup hint and the log on stderr even when stderr is not a terminal. */
  verbose?: boolean;
  block: string[];
  allow: string[];
  onlyTools: ToolName[];
  logFile: string | undefined;
  /** Bounds no flag sets, lowered by tests to reach rare paths: see Internals. */
  internals?: Internals;
}

export interface Internals {
  /** Files and bytes the record of shown rows keeps (session/shown-records.ts). */
  recordFiles?: number;
  recordBytes?: number;
  /** Files above this size are paged by streaming (limits.ts STREAM_READ_MIN_BYTES). */
  streamFromBytes?: number;
  /** How long a search may run (search/limits.ts SEARCH_TIME_BUDGET_MS). */
  searchBudgetMs?: number;
  /** Files a search must have searched for the workers to collect after it (search/limits.ts). */
  workersCollectAfterFiles?: number;
}

export type ParsedArgs =
  | { kind: "serve"; config: Config }
  | { kind: "version" }
  | { kind: "help" }
  | { kind: "error"; message: string };

type Env = Record<string, string | undefined>;

const VALUE_FLAGS = [
  "--root",
  "--limit",
  "--max-output-tokens",
  "--block",
  "--allow",
  "--only-tools",
  "--log-file",
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

export function parseArgs(argv: readonly string[], env: Env, cwd: string): ParsedArgs {
  const values: Record<ValueFlag, string[]> = {
    "--root": [],
    "--limit": [],
    "--max-output-tokens": [],
    "--block": [],
    "--allow": [],
    "--only-tools": [],
    "--log-file": [],
  };
  let verbose = nonEmpty(env.LAPP_VERBOSE) !== undefined && env.LAPP_VERBOSE !== "0";
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--version" || arg === "-v") return { kind: "version" };
    if (arg === "--help" || arg === "-h") return { kind: "help" };
    if (arg === "--verbose") {
      verbose = true;
      continue;
    }
    const [name, inline] = splitInline(arg);
    if (!(VALUE_FLAGS as readonly string[]).includes(name)) {
      return { kind: "error", message: `unknown argument ${JSON.stringify(arg)} (see lapp --help)` };
    }
    let value = inline;
    if (value === undefined) {
      value = argv[++index];
      if (value === undefined) return { kind: "error", message: `${name} needs a value` };
    }
    values[name as ValueFlag].push(value);
  }

  const rootInput = values["--root"].at(-1) ?? nonEmpty(env.LAPP_ROOT) ?? cwd;
  const root = absolute(rootInput, cwd);

  const limitInput = values["--limit"].at(-1) ?? nonEmpty(env.LAPP_LIMIT);
  let limit = DEFAULT_READ_LIMIT;
  if (limitInput !== undefined) {
    if (!/^\d+$/.test(limitInput) || Number(limitInput) < 1) {
      return {
        kind: "error",
        message: `--limit must be a whole number ≥ 1, got ${JSON.stringify(limitInput)}`,
      };
    }
    limit = Number(limitInput);
  }

  const budgetInput = values["--max-output-tokens"].at(-1) ?? nonEmpty(env.LAPP_MAX_OUTPUT_TOKENS);
  let maxOutputTokens = DEFAULT_MAX_OUTPUT_TOKENS;
  if (budgetInput !== undefined) {
    if (!/^\d+$/.test(budgetInput) || Number(budgetInput) < MIN_MAX_OUTPUT_TOKENS) {
      return {
        kind: "error",
        message: `--max-output-tokens must be a whole number ≥ ${MIN_MAX_OUTPUT_TOKENS}, got ${JSON.stringify(budgetInput)}`,
      };
    }
    maxOutputTokens = Number(budgetInput);
  }

  const block = [...DEFAULT_BLOCK_PATTERNS, ...colonList(env.LAPP_BLOCK), ...values["--block"]];
  const allow = [...colonList(env.LAPP_ALLOW), ...values["--allow"]];

  const toolsInput = values["--only-tools"].at(-1) ?? nonEmpty(env.LAPP_ONLY_TOOLS);
  let onlyTools: ToolName[] = [...TOOL_NAMES];
  if (toolsInput !== undefined) {
    const requested = toolsInput
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => (name.startsWith("lapp_") ? name : `lapp_${name}`));
    const unknown = requested.filter((name) => !(TOOL_NAMES as readonly string[]).includes(name));
    if (unknown.length > 0 || requested.length === 0) {
      return {
        kind: "error",
        message: `--only-tools: unknown tool ${unknown.join(", ") || "(none given)"}; known: ${TOOL_NAMES.join(", ")}`,
      };
    }
    onlyTools = TOOL_NAMES.filter((name) => requested.includes(name));
  }

  const logInput = values["--log-file"].at(-1) ?? nonEmpty(env.LAPP_LOG_FILE);
  const logFile = logInput === undefined ? undefined : absolute(logInput, cwd);

  const maxOutputTokensGiven = budgetInput !== undefined;
  return {
    kind: "serve",
    config: { root, limit, maxOutputTokens, maxOutputTokensGiven, verbose, block, allow, onlyTools, logFile },
  };
}

function splitInline(arg: string): [string, string | undefined] {
  const equals = arg.indexOf("=");
  return arg.startsWith("--") && equals > 0
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

function colonList(value: string | undefined): string[] {
  return (value ?? "").split(":").filter(Boolean);
}

/** Joins a relative path onto cwd without touching the disk (POSIX and Windows separators). */
function absolute(path: string, cwd: string): string {
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\")) return path;
  const separator = cwd.includes("\\") && !cwd.includes("/") ? "\\" : "/";
  return cwd.endsWith(separator) ? cwd + path : cwd + separator + path;
}
