// Renders one offline run as Markdown: the tables `npm run bench` prints and writes next to its JSON, and
// the README's Benchmark section shows. Pure: data in, text out.

import { type BigFilesResult, renderBigFiles } from "../big-files/measure.ts";
import type { OfflineResults } from "./offline-results.ts";
import { renderStrategiesMarkdown } from "./strategies-markdown.ts";
import { renderWorkflowMarkdown } from "./workflow-markdown.ts";

const fmt = (value: number) => value.toLocaleString("en-US");
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const pct = (part: number, whole: number) => (whole === 0 ? "—" : `${Math.round((100 * part) / whole)}%`);

function table(header: string[], rows: string[][], align: Array<"l" | "r"> = []): string {
  const rule = header.map((_, index) => (align[index] === "r" ? "---:" : "---"));
  return [header, rule, ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

export function renderOfflineMarkdown(results: OfflineResults): string {
  return [
    `## lapp apply-stage benchmark — ${results.date}, ${results.machine.label}`,
    "",
    header(results),
    "",
    tokenSection(results),
    "",
    readRepairSection(results),
    "",
    correctnessSection(results),
    "",
    ...optional(renderStrategiesMarkdown(results)),
    ...(results.workflow ? [renderWorkflowMarkdown(results.workflow, results.corpus), ""] : []),
    ...(results.bigFiles ? [bigFilesSection(results.bigFiles), ""] : []),
    latencySection(results),
    "",
    speedSection(results),
    "",
  ].join("\n");
}

const optional = (section: string | undefined): string[] => (section === undefined ? [] : [section, ""]);

function header(results: OfflineResults): string {
  const { machine, versions } = results;
  const tree = versions.dirty ? " (the working tree had uncommitted changes)" : "";
  return [
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.os}; load average ${machine.loadAverage} at the start.`,
    `Versions: ${versions.lapp}${tree}, Bun ${versions.bun}${versions.ripgrep ? `, ${versions.ripgrep}` : ""}.`,
    `Tokens: ${results.tokenizer}, counted on the tool-call arguments as compact JSON. ` +
      `Corpus: ${results.corpus.length} real changes between published npm versions (bench/corpus.json). ` +
      `Method: bench/README.md.${results.quick ? " Quick run: fewer repeats." : ""}`,
  ].join("\n");
}

function tokenSection(results: OfflineResults): string {
  const corpus = new Map(results.corpus.map((item) => [item.id, item]));
  const rows = results.tokens.map((cost) => {
    const item = corpus.get(cost.id)!;
    return [
      `${item.reference ? "★ " : ""}${item.package} ${item.from}→${item.to} \`${item.path}\``,
      item.language,
      fmt(cost.lines),
      String(cost.hunks),
      fmt(cost.lappEdit.tokens),
      fmt(cost.strReplace.tokens),
      fmt(cost.applyPatch.tokens),
      cost.unifiedDiff ? fmt(cost.unifiedDiff.tokens) : "—",
      cost.replaceBlock ? fmt(cost.replaceBlock.tokens) : "—",
      fmt(cost.wholeFile.tokens),
      pct(cost.lappEdit.tokens, cost.strReplace.tokens),
      pct(cost.lappEdit.tokens, cost.applyPatch.tokens),
    ];
  });
  const total = (pick: (cost: OfflineResults["tokens"][number]) => number) =>
    results.tokens.reduce((sum, cost) => sum + pick(cost), 0);
  const lapp = total((cost) => cost.lappEdit.tokens);
  const strReplace = total((cost) => cost.strReplace.tokens);
  const applyPatch = total((cost) => cost.applyPatch.tokens);
  rows.push([
    "**all changes**",
    "",
    fmt(total((cost) => cost.lines)),
    String(total((cost) => cost.hunks)),
    `**${fmt(lapp)}**`,
    fmt(strReplace),
    fmt(applyPatch),
    fmt(total((cost) => cost.unifiedDiff?.tokens ?? 0)),
    fmt(total((cost) => cost.replaceBlock?.tokens ?? 0)),
    fmt(total((cost) => cost.wholeFile.tokens)),
    `**${pct(lapp, strReplace)}**`,
    `**${pct(lapp, applyPatch)}**`,
  ]);
  return [
    "### Output tokens per change (what the model writes)",
    "",
    table(
      [
        "change (★ = reference case)",
        "lang",
        "lines",
        "hunks",
        "lapp_edit",
        "str_replace",
        "apply_patch",
        "git diff -U3",
        "replace_block (old text)",
        "whole file",
        "lapp / str_replace",
        "lapp / apply_patch",
      ],
      rows,
      ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
    "",
    "apply_patch: the *** Begin Patch envelope with 3 context lines (Codex's shape); git diff -U3: the unified diff " +
      "git writes, both sent to lapp_apply_patch whole; replace_block: one lapp_replace_block call per hunk, its old " +
      "lines widened until they occur once.",
  ].join("\n");
}

function readRepairSection(results: OfflineResults): string {
  const replay = new Map(results.replay.map((item) => [item.id, item]));
  const repair = new Map(results.repair.map((item) => [item.id, item]));
  const rows = results.tokens.map((cost) => {
    const read = replay.get(cost.id);
    const fix = repair.get(cost.id);
    return [
      cost.id,
      read ? fmt(read.readTokens) : "—",
      fmt(cost.readCatN),
      read ? pct(read.readTokens, cost.readCatN) : "—",
      fix
        ? `${fmt(fix.repairTokens)}${fix.code === "HASH_MISMATCH" ? "" : ` (${fix.code ?? "no error"})`}`
        : "—",
      fix ? pct(fix.repairTokens, fix.rereadTokens) : "—",
    ];
  });
  return [
    "### Read and repair tokens (what the model reads)",
    "",
    "Whole-file read with `lapp_read` (every page) against `cat -n` style; a stale ref's `HASH_MISMATCH` answer against re-reading the file.",
    "",
    table(
      ["change", "lapp_read", "cat -n", "lapp / cat -n", "HASH_MISMATCH payload", "payload / re-read"],
      rows,
      ["l", "r", "r", "r", "r", "r"],
    ),
  ].join("\n");
}

function correctnessSection(results: OfflineResults): string {
  const identical = results.replay.filter((item) => item.identical).length;
  const calls = results.replay.reduce((sum, item) => sum + item.editCalls, 0);
  const agree = results.replay.filter((item) => item.refsAgree).length;
  const failures = results.replay
    .filter((item) => !item.identical)
    .map(
      (item) =>
        `- ${item.id}: differs from line ${item.firstDifference ?? "?"}${item.error ? ` — ${item.error}` : ""}`,
    );
  return [
    "### Correctness (replay through dist/lapp over MCP)",
    "",
    `${identical} of ${results.replay.length} changed files are byte-identical to the published new version ` +
      `(${pct(identical, results.replay.length)}), applied with ${calls} \`lapp_edit\` calls using refs read over MCP; ` +
      `those refs equal lapp's hash function (the token table's refs) in ${agree} of ${results.replay.length} changes.`,
    ...(failures.length ? ["", ...failures] : []),
  ].join("\n");
}

function latencySection(results: OfflineResults): string {
  const { latency } = results;
  const row = (name: string, timing: { median: number; min: number; max: number; runs: number }) => [
    name,
    ms(timing.median),
    ms(timing.min),
    ms(timing.max),
    String(timing.runs),
  ];
  const rows = [
    row("spawn → initialize → tools/list", latency.startup),
    row(`lapp_read, ${latency.read.lines} lines`, latency.read.timing),
    row(`lapp_edit, 1 edit, ${fmt(latency.editFileLines)}-line file`, latency.edit1),
    row(`lapp_edit, 100 edits, ${fmt(latency.editFileLines)}-line file`, latency.edit100),
  ];
  if (Array.isArray(latency.findBlock)) {
    for (const item of latency.findBlock) rows.push(row(`lapp_find_block \`${item.pattern}\``, item.timing));
  }
  const large = results.largeFile;
  rows.push(
    large.error
      ? [
          `lapp_read, 100 lines near the end of ${Math.round(large.bytes / 1024 ** 2)} MiB`,
          `error: ${large.error}`,
          "",
          "",
          "",
        ]
      : row(
          `lapp_read, 100 lines near the end of ${Math.round(large.bytes / 1024 ** 2)} MiB (repeat)`,
          large.timing,
        ),
  );
  const notes: string[] = [];
  if (!Array.isArray(latency.findBlock))
    notes.push(`lapp_find_block: skipped (${latency.findBlock.skipped}).`);
  let grep = "";
  if (Array.isArray(latency.grep)) {
    grep = [
      "",
      table(
        [
          "search (whole corpus tree)",
          "files",
          "lapp_grep median ms",
          "rg median ms",
          "matching lines lapp / rg",
        ],
        latency.grep.map((item) => [
          `\`${item.pattern}\`${item.literal ? " (literal)" : ""}`,
          fmt(item.files),
          ms(item.lapp.median),
          item.rg ? ms(item.rg.median) : "rg missing",
          `${item.lappMatches ?? "?"} / ${item.rgMatches ?? "?"}`,
        ]),
        ["l", "r", "r", "r", "r"],
      ),
      "",
      "lapp_grep is timed as an MCP call to a running server; rg as a process started for each search (how an agent runs it), both with 2 context lines, hidden files and ignore files.",
    ].join("\n");
  } else {
    notes.push(`lapp_grep vs rg: skipped (${latency.grep.skipped}).`);
  }
  return [
    "### Latency (milliseconds, measured from outside over MCP)",
    "",
    table(["operation", "median", "min", "max", "runs"], rows, ["l", "r", "r", "r", "r"]),
    grep,
    ...(notes.length ? ["", ...notes] : []),
  ].join("\n");
}

function bigFilesSection(bigFiles: BigFilesResult): string {
  return [
    "### Find and change in big files (what the model reads and writes)",
    "",
    "The agent knows the name of what to change in a file of 1,500+ lines and inserts a line before it. Each cell:",
    "o200k tokens read / tokens written / calls. (a) reads every page and edits; (b) reads the outline, takes the",
    "block with lapp_find_block (a one-line row is its own block) and edits; (c) the built-ins' way: the whole file",
    "as `cat -n`, then str_replace. Every strategy must leave the same bytes, or the run fails.",
    "",
    ...renderBigFiles(bigFiles),
  ].join("\n");
}

function speedSection(results: OfflineResults): string {
  const show = (value: number | undefined, unit: string) => (value === undefined ? "—" : `${value} ${unit}`);
  return [
    "### Speed targets",
    "",
    table(
      ["figure", "measured", "target", "aim", "verdict"],
      results.speed.map((item) => [
        item.figure + (item.note ? ` (${item.note})` : ""),
        show(item.measured, item.unit),
        `≤ ${item.target} ${item.unit}`,
        `${item.aim} ${item.unit}`,
        item.verdict,
      ]),
      ["l", "r", "r", "r", "l"],
    ),
  ].join("\n");
}
