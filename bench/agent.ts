// `npm run bench:agent`: real models through an OpenAI-compatible chat-completions endpoint apply real changes
// with each strategy (native str_replace, lapp edit, lapp replace-block, lapp structured-grep → edit).
//
// Env: LAPP_BENCH_BASE_URL (required, e.g. https://api.openai.com/v1), LAPP_BENCH_API_KEY, LAPP_BENCH_MODELS
// (comma-separated, required), LAPP_BENCH_STRATEGIES, LAPP_BENCH_TASKS (case ids), LAPP_BENCH_TIMEOUT_S (300),
// LAPP_BENCH_MAX_TURNS (40), LAPP_BENCH_TEMPERATURE, LAPP_BENCH_REPEATS (1), LAPP_BENCH_MACHINE.

import { join } from "node:path";
import { ensureCorpus, readCorpusFile } from "./corpus/fetch.ts";
import { BENCH_DIR, loadManifest } from "./corpus/manifest.ts";
import { makeFilePair } from "./diff/file-pair.ts";
import { renderAgentMarkdown, type AgentResults } from "./agent/report.ts";
import { runAgentTask, type AgentOutcome } from "./agent/run-task.ts";
import { parseStrategies, STRATEGIES } from "./agent/strategies.ts";
import { taskFromPair } from "./agent/tasks.ts";
import { writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { findRipgrep, machineInfo, runDate, versions } from "./support/machine.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

export const MISSING_ENDPOINT =
  "bench:agent needs an OpenAI-compatible chat-completions endpoint: set LAPP_BENCH_BASE_URL (e.g. https://api.openai.com/v1), " +
  "LAPP_BENCH_MODELS (comma-separated model names) and, if the endpoint needs one, LAPP_BENCH_API_KEY.";

function numberFrom(name: string, fallback: number | undefined): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, not ${raw}`);
  return value;
}

async function main(): Promise<number> {
  const baseUrl = process.env.LAPP_BENCH_BASE_URL?.trim();
  const models = (process.env.LAPP_BENCH_MODELS ?? "")
    .split(",")
    .map((model) => model.trim())
    .filter(Boolean);
  if (!baseUrl || models.length === 0) {
    log(MISSING_ENDPOINT);
    return 2;
  }
  const strategies = parseStrategies(process.env.LAPP_BENCH_STRATEGIES);
  const timeoutSeconds = numberFrom("LAPP_BENCH_TIMEOUT_S", 300)!;
  const maxTurns = numberFrom("LAPP_BENCH_MAX_TURNS", 40)!;
  const repeats = Math.max(1, Math.floor(numberFrom("LAPP_BENCH_REPEATS", 1)!));
  const temperature = numberFrom("LAPP_BENCH_TEMPERATURE", undefined);
  const started = new Date();
  const t0 = performance.now();
  const repoDir = join(BENCH_DIR, "..");

  ensureBinary(repoDir, log);
  const manifest = loadManifest();
  ensureCorpus(manifest, log);
  const wanted =
    process.env.LAPP_BENCH_TASKS?.split(",")
      .map((id) => id.trim())
      .filter(Boolean) ?? manifest.agentTasks;
  const tasks = wanted.map((id) => {
    const item = manifest.cases.find((candidate) => candidate.id === id);
    if (!item) throw new Error(`LAPP_BENCH_TASKS: no case ${id} in bench/corpus.json`);
    const oldBytes = readCorpusFile({ package: item.package, version: item.from, path: item.path });
    const newBytes = readCorpusFile({ package: item.package, version: item.to, path: item.path });
    return taskFromPair(makeFilePair(item.id, item.path, oldBytes, newBytes));
  });

  const runs: AgentOutcome[] = [];
  for (const model of models) {
    for (const strategyId of strategies) {
      for (const task of tasks) {
        for (let repeat = 0; repeat < repeats; repeat++) {
          const outcome = await runAgentTask({
            endpoint: { baseUrl, apiKey: process.env.LAPP_BENCH_API_KEY },
            model,
            strategy: STRATEGIES[strategyId],
            task,
            timeoutMs: timeoutSeconds * 1000,
            maxTurns,
            ...(temperature === undefined ? {} : { temperature }),
          });
          runs.push(outcome);
          log(
            "skipped" in outcome
              ? `${model} · ${strategyId} · ${task.id}: skipped (${outcome.skipped})`
              : `${model} · ${strategyId} · ${task.id}: correctness ${outcome.correctness}, ${outcome.turns} turns, ` +
                  `${(outcome.wallMs / 1000).toFixed(1)} s, ${outcome.stop}${outcome.error ? ` (${outcome.error})` : ""}`,
          );
        }
      }
    }
  }

  const results: AgentResults = {
    kind: "lapp-bench-agent",
    date: runDate(started),
    startedAt: started.toISOString(),
    durationSeconds: Math.round((performance.now() - t0) / 100) / 10,
    machine: machineInfo(),
    versions: versions(repoDir, findRipgrep()),
    endpointHost: hostOf(baseUrl),
    models,
    settings: { timeoutSeconds, maxTurns, temperature, repeats },
    tasks: tasks.map((task) => ({ id: task.id, path: task.path, lines: task.lines, hunks: task.hunks })),
    runs,
  };
  const markdown = renderAgentMarkdown(results);
  process.stdout.write(`${markdown}\n`);
  const written = writeResults(`${results.date}-${results.machine.label}-agent`, results, markdown);
  log(`wrote ${written.json}\nwrote ${written.markdown}`);
  return 0;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "(unparsable URL)";
  }
}

process.exitCode = await main();
