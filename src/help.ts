// The text of `lapp --help`: every flag with its env var and default.
import { DEFAULT_BLOCK_PATTERNS } from "./config.ts";
import { DEFAULT_READ_LIMIT } from "./limits.ts";
import { CLIENT_BUDGETS, UNKNOWN_CLIENT_BUDGET } from "./server/client-budget.ts";
import { VERSION } from "./version.ts";

const budgets = [
  ...CLIENT_BUDGETS.map((client) => `${client.clientName} ${client.budget}`),
  `others ${UNKNOWN_CLIENT_BUDGET}`,
].join(", ");

export const HELP = `lapp ${VERSION} — hash-addressed file reading and editing for AI coding agents (an MCP server on stdio)

Usage:
  lapp [flags]                      serve MCP over stdin/stdout
  lapp setup <client>               add lapp to an agent's MCP configuration (lapp setup --help)
  lapp --version | --help

Flags (each has an environment variable; a flag wins over its variable):
  --root <dir>         LAPP_ROOT         every operation is confined to this directory (default: current dir)
  --limit <n>          LAPP_LIMIT        default number of lines lapp_read returns (default: ${DEFAULT_READ_LIMIT})
  --max-output-tokens <n>
                       LAPP_MAX_OUTPUT_TOKENS  estimated tokens one answer may take; larger answers come in pages,
                                         a big file's default read as its outline (default: by the client,
                                         named at initialize: ${budgets})
  --block <glob>       LAPP_BLOCK        add a blocked path pattern; repeatable (env: ':'-separated)
  --allow <glob>       LAPP_ALLOW        unblock: removes an equal block pattern and exempts paths it matches;
                                         repeatable (env: ':'-separated)
  --only-tools <list>  LAPP_ONLY_TOOLS   expose only these tools, comma-separated (e.g. read,edit,grep)
  --log-file <path>    LAPP_LOG_FILE     append one line per tool call here (default: stderr when it is a
                                         terminal or with --verbose, else no log)
  --verbose            LAPP_VERBOSE=1    the startup hint and the log on stderr even under a client (which may
                                         show every stderr line as an error)
  --version, -v                          print version, commit and target, then exit
  --help, -h                             print this help, then exit

Blocked by default (root-relative globs, dotfiles included):
  ${DEFAULT_BLOCK_PATTERNS.join(" ")}

Exit codes: 0 normal end, 2 bad flag or unusable root.
`;
