// Renders the agent-workflow measurement as Markdown: the read-once agent on lapp_edit next to the text-addressed
// peer, per file, and the outside-change scenario. Pure: data in, text out.

import type { CorpusCase } from "../corpus/manifest.ts";
import { OUTSIDE_INSERTIONS } from "../workflow/measure.ts";
import {
  agentTotals,
  outsideTotals,
  type AgentFileResult,
  type AgentTotals,
  type AgentWorkflowResults,
} from "../workflow/results.ts";

const fmt = (value: number) => value.toLocaleString("en-US");
/** A share in percent; never rounded up to 100% (or down to 0%) when some are missing (or present). */
function pct(part: number, whole: number): string {
  if (whole === 0) return "—";
  const value = (100 * part) / whole;
  const shown = Math.round(value);
  if ((shown === 100 && part < whole) || (shown === 0 && part > 0)) return `${value.toFixed(1)}%`;
  return `${shown}%`;
}

function table(header: string[], rows: string[][], align: Array<"l" | "r"> = []): string {
  const rule = header.map((_, index) => (align[index] === "r" ? "---:" : "---"));
  return [header, rule, ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

const codes = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([code, count]) => `${code} ${fmt(count)}`)
    .join(", ") || "—";

export function renderWorkflowMarkdown(results: AgentWorkflowResults, corpus: readonly CorpusCase[]): string {
  return [summarySection(results), "", perFileSection(results, corpus), "", outsideSection(results)].join(
    "\n",
  );
}

function summaryRow(name: string, totals: AgentTotals): string[] {
  return [
    name,
    fmt(totals.files),
    fmt(totals.hunks),
    fmt(totals.calls),
    `${fmt(totals.acceptedFirst)} (${pct(totals.acceptedFirst, totals.hunks)})`,
    fmt(totals.refusals),
    `${fmt(totals.retries)} (${fmt(totals.namedRetries)} with a named ref)`,
    fmt(totals.rereads),
    fmt(totals.gaveUp),
    `${fmt(totals.exact)} of ${fmt(totals.files)}`,
    `**${fmt(totals.silentlyWrong)}**${totals.wrongCalls ? ` (${fmt(totals.wrongCalls)} calls)` : ""}`,
  ];
}

function summarySection(results: AgentWorkflowResults): string {
  const lapp = agentTotals(results.lapp);
  const peer = agentTotals(results.textPeer);
  const rereading = Object.entries(results.rereading ?? {}).map(
    ([name, files]) => [name, agentTotals(files)] as const,
  );
  const notes = [
    `Refusals by code — lapp_edit: ${codes(lapp.codes)}; str_replace: ${codes(peer.codes)}` +
      rereading.map(([name, totals]) => `; ${name.split(":")[0]}: ${codes(totals.codes)}`).join("") +
      ".",
    `The workflow part took ${results.durationSeconds} s (both tools and the outside-change runs).`,
    lapp.writtenOnRefusal + peer.writtenOnRefusal > 0
      ? `**Refused calls that still changed the file: lapp_edit ${lapp.writtenOnRefusal}, str_replace ${peer.writtenOnRefusal}.**`
      : "No refused call changed the file.",
  ];
  return [
    "### Agent workflow: read once, then one call per hunk, top to bottom",
    "",
    "The agent reads the old file once (every page), then sends one edit call per hunk of the real change, each " +
      "built from that read only — never from what an edit returned. When a call is refused it retries once with the " +
      "fresh ref the error names for its line, otherwise it re-reads the file and retries. After every call the file " +
      "is compared with the expected intermediate text: a success that changed anything else is a silently wrong call. " +
      "The re-reading agents (C, D) re-read on every refusal and retry from that read, then go on with the refs of " +
      "their first read (C) or of their latest (D); the last two also re-read every 4 hunks, so their views mix more.",
    "",
    table(
      [
        "tool",
        "files",
        "hunks",
        "calls",
        "accepted first time",
        "refusals",
        "retries",
        "re-reads",
        "hunks given up",
        "files exact",
        "files silently wrong",
      ],
      [
        summaryRow("lapp_edit (refs of the read)", lapp),
        ...rereading.map(([name, totals]) => summaryRow(`lapp_edit, ${name}`, totals)),
        summaryRow("str_replace (old_string of the read)", peer),
      ],
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    ...notes,
  ].join("\n");
}

function perFileCells(file: AgentFileResult | undefined): string[] {
  if (!file) return ["—", "—", "—"];
  const state = file.exact
    ? "exact"
    : file.silentlyWrong
      ? `**wrong** (hunk ${file.wrong?.hunk ?? "?"}, ${file.wrong?.via ?? "?"}, line ${file.wrong?.line ?? "?"})`
      : `differs, ${file.gaveUp} given up`;
  return [`${file.acceptedFirst}/${file.hunks}`, fmt(file.rereads), state];
}

function perFileSection(results: AgentWorkflowResults, corpus: readonly CorpusCase[]): string {
  const peer = new Map(results.textPeer.map((file) => [file.id, file]));
  const lines = new Map(corpus.map((item) => [item.id, item]));
  const rows = results.lapp.map((file) => {
    const item = lines.get(file.id);
    return [
      item ? `${item.package} ${item.from}→${item.to} \`${item.path}\`` : file.id,
      ...perFileCells(file),
      ...perFileCells(peer.get(file.id)),
    ];
  });
  return [
    "Per file (accepted first time / hunks, re-reads, final file):",
    "",
    table(["change", "lapp_edit first", "re-reads", "file", "str_replace first", "re-reads", "file"], rows, [
      "l",
      "r",
      "r",
      "l",
      "r",
      "r",
      "l",
    ]),
  ].join("\n");
}

function outsideSection(results: AgentWorkflowResults): string {
  const rows = OUTSIDE_INSERTIONS.map((count) => {
    const totals = outsideTotals(results.outside, count);
    return [
      `${count} lines`,
      fmt(totals.files),
      fmt(totals.calls),
      `${fmt(totals.refused)} of ${fmt(totals.calls)}`,
      fmt(totals.written),
      fmt(totals.refs),
      `${fmt(totals.refsNamed)} of ${fmt(totals.refs)} (${pct(totals.refsNamed, totals.refs)})`,
      fmt(totals.errorsNamingOtherLine),
      codes(totals.codes),
    ];
  });
  return [
    "### Outside change between the read and the edits",
    "",
    "After the one read, lines are inserted straight on disk (not through lapp) above every ref the agent holds; then " +
      "each hunk's call is sent with the refs of the read. Every call must be refused with nothing written, and the " +
      "error should name the moved line's fresh ref (its new number and ID) as a `>>>` row, an `AMBIGUOUS_REF` " +
      "candidate or a sentence pointing to it.",
    "",
    table(
      [
        "inserted above",
        "files",
        "calls",
        "refused",
        "calls that wrote",
        "refs",
        "fresh ref named",
        "errors naming another line",
        "codes",
      ],
      rows,
      ["l", "r", "r", "r", "r", "r", "r", "r", "l"],
    ),
    ...writtenList(results),
  ].join("\n");
}

/** Which calls changed the file after the outside change (stale refs accepted, or refused but written). */
function writtenList(results: AgentWorkflowResults): string[] {
  const items = results.outside
    .filter((result) => result.wroteAt.length > 0)
    .map((result) => `- ${result.id}, ${result.inserted} lines inserted: hunk ${result.wroteAt.join(", ")}`);
  return items.length ? ["", "**Calls that changed the file after the outside change:**", "", ...items] : [];
}
