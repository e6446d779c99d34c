// The edit strategies the agent harness compares: the native str_replace flow and three lapp flows, each with the
// tools a model gets. A lapp strategy runs only when the built lapp lists all of its tools.

export const STRATEGY_IDS = ["native", "lapp-edit", "lapp-replace-block", "lapp-grep-edit"] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

export interface Strategy {
  id: StrategyId;
  label: string;
  /** lapp tools offered to the model (none for native: the harness implements read_file and str_replace). */
  lappTools: readonly string[];
}

export const STRATEGIES: Record<StrategyId, Strategy> = {
  native: { id: "native", label: "native edit (str_replace)", lappTools: [] },
  "lapp-edit": { id: "lapp-edit", label: "lapp edit", lappTools: ["lapp_read", "lapp_edit"] },
  "lapp-replace-block": {
    id: "lapp-replace-block",
    label: "lapp replace-block",
    lappTools: ["lapp_read", "lapp_find_block", "lapp_replace_block", "lapp_edit"],
  },
  "lapp-grep-edit": {
    id: "lapp-grep-edit",
    label: "lapp structured-grep → edit",
    lappTools: ["lapp_grep", "lapp_edit"],
  },
};

export function parseStrategies(list: string | undefined): StrategyId[] {
  if (!list?.trim()) return [...STRATEGY_IDS];
  const wanted = list
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of wanted) {
    if (!(STRATEGY_IDS as readonly string[]).includes(item)) {
      throw new Error(`unknown strategy ${item}; known: ${STRATEGY_IDS.join(", ")}`);
    }
  }
  return wanted as StrategyId[];
}
