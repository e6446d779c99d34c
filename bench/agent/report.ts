// The results of one `npm run bench:agent` run: its JSON shape and the Markdown tables (per model × strategy,
// then per task), written next to the offline results with an `-agent` suffix. Pure rendering.

import { OUTCOMES, OUTCOME_TITLES } from "../mistakes/outcome.ts";
import type { MachineInfo, Versions } from "../support/machine.ts";
import type { AgentOutcome, AgentRun } from "./run-task.ts";
import { STRATEGIES } from "./strategies.ts";

export interface AgentResults {
  kind: "lapp-bench-agent";
  date: string;
  startedAt: string;
  durationSeconds: number;
  machine: MachineInfo;
  versions: Versions;
  /** The endpoint's host only (never the key). */
  endpointHost: string;
  models: string[];
  settings: { timeoutSeconds: number; maxTurns: number; temperature: number | undefined; repeats: number };
  tasks: Array<{ id: string; path: string; lines: number; hunks: number }>;
  runs: AgentOutcome[];
}

const mean = (values: readonly number[]) =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const percent = (value: number) => `${Math.round(value * 100)}%`;

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

export function renderAgentMarkdown(results: AgentResults): string {
  const runs = results.runs.filter((run): run is AgentRun => !("skipped" in run));
  const skipped = results.runs.filter((run) => "skipped" in run) as Array<
    Extract<AgentOutcome, { skipped: string }>
  >;
  const groups = new Map<string, AgentRun[]>();
  for (const run of runs) {
    const key = `${run.model}\u0000${run.strategy}`;
    groups.set(key, [...(groups.get(key) ?? []), run]);
  }
  const summary = [...groups.values()].map((group) => {
    const first = group[0]!;
    const output = group
      .map((run) => run.outputTokens)
      .filter((value): value is number => value !== undefined);
    return row([
      first.model,
      STRATEGIES[first.strategy].label,
      String(group.length),
      percent(mean(group.map((run) => run.correctness))),
      `${group.filter((run) => run.exact).length}/${group.length}`,
      `${(median(group.map((run) => run.wallMs)) / 1000).toFixed(1)} s`,
      mean(group.map((run) => run.turns)).toFixed(1),
      output.length ? Math.round(mean(output)).toLocaleString("en-US") : "—",
      Math.round(mean(group.map((run) => run.toolArgumentTokens))).toLocaleString("en-US"),
      group.filter((run) => run.stop === "timeout").length.toString(),
    ]);
  });
  // Every edit call by outcome class (the classes of bench:mistakes), per model and strategy.
  const calls = [...groups.values()].map((group) => {
    const first = group[0]!;
    const counts = OUTCOMES.map((outcome) => group.reduce((sum, run) => sum + run.editCalls[outcome], 0));
    return row([first.model, STRATEGIES[first.strategy].label, ...counts.map(String)]);
  });
  const detail = runs.map((run) =>
    row([
      run.model,
      STRATEGIES[run.strategy].label,
      run.task,
      percent(run.correctness),
      run.exact ? "yes" : "no",
      `${(run.wallMs / 1000).toFixed(1)} s`,
      String(run.turns),
      run.inputTokens === undefined ? "—" : run.inputTokens.toLocaleString("en-US"),
      run.outputTokens === undefined ? "—" : run.outputTokens.toLocaleString("en-US"),
      `${run.toolCalls} (${run.toolErrors} failed)`,
      run.stop + (run.error ? `: ${run.error.replaceAll("|", "\\|").slice(0, 80)}` : ""),
    ]),
  );
  const { machine, versions, settings } = results;
  return [
    `## lapp agent benchmark — ${results.date}, ${machine.label}`,
    "",
    `Endpoint host: ${results.endpointHost}. Models: ${results.models.join(", ")}. Timeout ${settings.timeoutSeconds} s, at most ${settings.maxTurns} turns` +
      `${settings.temperature === undefined ? "" : `, temperature ${settings.temperature}`}, ${settings.repeats} run(s) per task.`,
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.os}. ${versions.lapp}. Method: bench/README.md.`,
    `Tasks: ${results.tasks.map((task) => `${task.id} (${task.lines} lines, ${task.hunks} hunks)`).join("; ")}.`,
    "",
    "Correctness = similarity of the change the model made to the reference change (1 = exactly the reference patch).",
    "",
    row([
      "model",
      "strategy",
      "runs",
      "correctness",
      "exact",
      "median wall",
      "turns",
      "output tokens",
      "tool-arg tokens (o200k)",
      "timeouts",
    ]),
    row(["---", "---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"]),
    ...summary,
    "",
    "### Every edit call by outcome",
    "",
    "A call is as meant when it writes only lines the reference change adds and removes only lines it removes; a refused call is fixed from the error alone when the model's next successful edit comes before any read.",
    "",
    row(["model", "strategy", ...OUTCOMES.map((outcome) => OUTCOME_TITLES[outcome])]),
    row(["---", "---", ...OUTCOMES.map(() => "---:")]),
    ...calls,
    "",
    "### Every run",
    "",
    row([
      "model",
      "strategy",
      "task",
      "correctness",
      "exact",
      "wall",
      "turns",
      "input tokens",
      "output tokens",
      "tool calls",
      "stop",
    ]),
    row(["---", "---", "---", "---:", "---", "---:", "---:", "---:", "---:", "---:", "---"]),
    ...detail,
    ...(skipped.length
      ? [
          "",
          ...[
            ...new Set(
              skipped.map((item) => `- ${STRATEGIES[item.strategy].label}: skipped (${item.skipped}).`),
            ),
          ],
        ]
      : []),
    "",
  ].join("\n");
}
