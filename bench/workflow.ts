// `bun bench/workflow.ts`: only the agent-workflow part of `npm run bench` (read once, one call per hunk with the
// refs of that read; the text-addressed peer; outside changes), printed and written as <date>-<machine>-workflow.

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureCorpus } from "./corpus/fetch.ts";
import { BENCH_DIR, loadManifest } from "./corpus/manifest.ts";
import { corpusPairs } from "./corpus/pairs.ts";
import { renderWorkflowMarkdown } from "./report/workflow-markdown.ts";
import { writeResults } from "./report/write.ts";
import { ensureBinary } from "./support/build.ts";
import { machineInfo, runDate, versions } from "./support/machine.ts";
import { measureAgentWorkflow } from "./workflow/measure.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

const started = new Date();
const repoDir = join(BENCH_DIR, "..");
ensureBinary(repoDir, log);
const manifest = loadManifest();
ensureCorpus(manifest, log);
const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-bench-workflow-")));
try {
  log("agent workflow: read once, one call per hunk, through dist/lapp and the text-addressed peer …");
  const workflow = await measureAgentWorkflow(manifest.cases, corpusPairs(manifest), scratch, log);
  const results = {
    kind: "lapp-bench-workflow",
    date: runDate(started),
    startedAt: started.toISOString(),
    machine: machineInfo(),
    versions: versions(repoDir, undefined),
    corpus: manifest.cases,
    workflow,
  };
  const markdown = [
    `## lapp agent-workflow benchmark — ${results.date}, ${results.machine.label}`,
    "",
    `Versions: ${results.versions.lapp}${results.versions.dirty ? " (the working tree had uncommitted changes)" : ""}, Bun ${results.versions.bun}. ` +
      `Corpus: ${manifest.cases.length} real changes between published npm versions (bench/corpus.json). Method: bench/README.md.`,
    "",
    renderWorkflowMarkdown(workflow, manifest.cases),
    "",
  ].join("\n");
  process.stdout.write(`${markdown}\n`);
  const written = writeResults(`${results.date}-${results.machine.label}-workflow`, results, markdown);
  log(`wrote ${written.json}\nwrote ${written.markdown}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
