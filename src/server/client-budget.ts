// The default output budget by client: what the connecting client (its `clientInfo.name` at initialize) lets a
// tool answer be before it cuts it or sets it aside, and the budget lapp keeps under that. --max-output-tokens (or
// LAPP_MAX_OUTPUT_TOKENS) overrides all of this.

export interface ClientBudget {
  /** `clientInfo.name` as the client sends it at initialize. */
  clientName: string;
  /** The budget lapp answers within for this client, in estimated tokens (src/budget/estimate.ts). */
  budget: number;
}

/**
 * Known clients. Claude Code sets an answer over 25,000 tokens aside in a file (MAX_MCP_OUTPUT_TOKENS raises
 * that); Codex keeps 10,000 tokens counted as UTF-8 bytes / 4 for the models it knows (`tool_output_token_limit`)
 * and cuts the middle out of a longer answer. The estimate is never below bytes / 4, so 10,000 fits Codex exactly.
 */
export const CLIENT_BUDGETS: readonly ClientBudget[] = [
  { clientName: "claude-code", budget: 20_000 },
  { clientName: "codex-mcp-client", budget: 10_000 },
];

/** Any other client: the smallest limit among the known ones, since an answer cut in the middle loses rows. */
export const UNKNOWN_CLIENT_BUDGET = 10_000;

/** The default budget for the client named at initialize (any value: a client may send anything). */
export function budgetForClient(clientInfo: unknown): number {
  const name = (clientInfo as { name?: unknown } | null | undefined)?.name;
  const known = CLIENT_BUDGETS.find((client) => client.clientName === name);
  return known?.budget ?? UNKNOWN_CLIENT_BUDGET;
}
