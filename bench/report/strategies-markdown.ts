// Renders the five ways the bench applies the same real changes through dist/lapp, side by side: lapp_edit by refs,
// the text-addressed str_replace peer, lapp_replace_block by old text (all three one call per hunk after one read),
// and lapp_apply_patch with git's unified diff and with the envelope (one call per file). Pure: data in, text out.

import type { PatchFormat, PatchReplayResult } from "../measure/patch-replay.ts";
import { agentTotals, type AgentFileResult } from "../workflow/results.ts";
import type { OfflineResults } from "./offline-results.ts";
import { codes, table } from "./workflow-markdown.ts";

const fmt = (value: number) => value.toLocaleString("en-US");

interface StrategyRow {
  name: string;
  files: number;
  calls: number;
  exact: number;
  wrong: number;
  refusals: number;
  codes: Record<string, number>;
  tokens: number;
}

function agentRow(name: string, files: readonly AgentFileResult[]): StrategyRow {
  const totals = agentTotals(files);
  return {
    name,
    files: totals.files,
    calls: totals.calls,
    exact: totals.exact,
    wrong: totals.silentlyWrong,
    refusals: totals.refusals,
    codes: totals.codes,
    tokens: totals.requestTokens,
  };
}

function patchRow(name: string, results: readonly PatchReplayResult[], format: PatchFormat): StrategyRow {
  const mine = results.filter((result) => result.format === format);
  const refusalCodes: Record<string, number> = {};
  for (const result of mine)
    if (result.code !== undefined) refusalCodes[result.code] = (refusalCodes[result.code] ?? 0) + 1;
  return {
    name,
    files: mine.length,
    calls: mine.length,
    exact: mine.filter((result) => result.identical).length,
    // A call that succeeded yet left other bytes, or a refusal that still wrote.
    wrong: mine.filter((result) => (!result.refused && !result.identical) || result.writtenOnRefusal).length,
    refusals: mine.filter((result) => result.refused).length,
    codes: refusalCodes,
    tokens: mine.reduce((total, result) => total + result.requestTokens, 0),
  };
}

/** The side-by-side section, or undefined for runs made before the patch replay existed. */
export function renderStrategiesMarkdown(results: OfflineResults): string | undefined {
  const { workflow, patchReplay } = results;
  if (workflow?.replaceBlock === undefined || patchReplay === undefined) return undefined;
  const rows = [
    agentRow("lapp_edit — refs of one read, a call per hunk", workflow.lapp),
    agentRow("str_replace — old_string of one read, a call per hunk", workflow.textPeer),
    agentRow("lapp_replace_block — old_content of one read, a call per hunk", workflow.replaceBlock),
    patchRow(
      `lapp_apply_patch — ${patchReplay.find((item) => item.format === "unified")?.writer ?? "unified diff"}, a call per file`,
      patchReplay,
      "unified",
    ),
    patchRow("lapp_apply_patch — *** Begin Patch envelope, a call per file", patchReplay, "envelope"),
  ];
  const failures = patchReplay
    .filter((result) => !result.identical)
    .map((result) => `- ${result.id} (${result.format}): ${result.error ?? "not byte-identical"}`);
  return [
    "### The same changes five ways (replayed through dist/lapp over MCP)",
    "",
    "Every change of the corpus applied by each strategy to a fresh copy of the old file, and the result compared byte " +
      "for byte with the published new version. The per-hunk strategies run the read-once agent of the next section (one retry with " +
      "what the error names, else a re-read); `lapp_replace_block` widens each hunk's old lines until they occur once in " +
      "its read, and retries an `AMBIGUOUS` refusal with the `occurrence` it lists for the place it means. " +
      "`lapp_apply_patch` gets the whole change in one call, as `git diff -U3` writes it and as the envelope Codex's " +
      "planner writes (bench/costs/apply-patch.ts). Request tokens: o200k tokens of every call's arguments as compact " +
      "JSON, retries included.",
    "",
    table(
      ["strategy", "files", "calls", "files byte-exact", "files wrong", "refusals", "request tokens"],
      rows.map((row) => [
        row.name,
        fmt(row.files),
        fmt(row.calls),
        `${fmt(row.exact)} of ${fmt(row.files)}`,
        `**${fmt(row.wrong)}**`,
        row.refusals === 0 ? "0" : `${fmt(row.refusals)} (${codes(row.codes)})`,
        fmt(row.tokens),
      ]),
      ["l", "r", "r", "r", "r", "l", "r"],
    ),
    ...(failures.length ? ["", ...failures] : []),
  ].join("\n");
}
