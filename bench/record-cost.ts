// What the record of shown rows costs (docs/format.md): bytes per shown row, and the time to show a whole file,
// carry the record through a 100-edit call, and follow an outside change by diffing, on a 17,209-line file.
// Run: bun bench/record-cost.ts. Prints a markdown table (commit it under bench/results/ with date and machine).
import { hostname } from "node:os";
import { join } from "node:path";
import { loadTextFile } from "../src/files/load.ts";
import { MAX_EDIT_BYTES } from "../src/limits.ts";
import { compileBlocklist } from "../src/security/blocklist.ts";
import { PathGuard } from "../src/security/guard.ts";
import { applyEdits, type EditInput } from "../src/hashline/edit.ts";
import { refOf } from "../src/hashline/hash.ts";
import { ShownRecord } from "../src/session/shown-record.ts";
import { hashLines } from "../src/text/line-hashes.ts";
import { documentFromText } from "../src/text/document.ts";

const LINES = 17_209;
const lines = Array.from({ length: LINES }, (_, index) =>
  index % 7 === 3 ? "" : index % 11 === 5 ? "  }" : `  const value${index} = compute(${index % 97});`,
);
const doc = documentFromText(`${lines.join("\n")}\n`);
const edits: EditInput[] = Array.from({ length: 100 }, (_, k) => {
  const line = 50 + k * 170;
  return {
    type: "insert_after",
    anchor: refOf(line, lines[line - 1]!),
    content: `  // note ${k}\n  // more ${k}`,
  };
});

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
function time(run: () => void, rounds = 15): number {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const all = lines.map((_, index) => index + 1);
const outcome = applyEdits(doc, edits);
if (!outcome.ok) throw outcome.error;
const next = outcome.value.doc.lines;
const outside = [
  ...lines.slice(0, 100),
  ...Array.from({ length: 50 }, (_, k) => `// outside ${k}`),
  ...lines.slice(100),
];

const fresh = () => {
  const record = new ShownRecord();
  record.sync(hashLines(lines));
  record.show(lines, all);
  return record;
};
const rows: [string, string][] = [];
rows.push(["show the whole file (17,209 rows), ms", time(fresh).toFixed(2)]);
rows.push(["bytes per shown row (+8 per file line)", String(fresh().bytes / LINES).slice(0, 5)]);
rows.push(["record size after a whole read, KiB", (fresh().bytes / 1024).toFixed(0)]);
rows.push(["hash every line (every call), ms", time(() => hashLines(lines)).toFixed(2)]);
let record = fresh();
rows.push([
  "carry through a 100-edit call, ms",
  time(() => {
    record = fresh();
    const started = performance.now();
    record.carry(outcome.value.regions, next);
    return performance.now() - started;
  }).toFixed(2) + " (incl. a whole-file show)",
]);
rows.push([
  "carry alone, ms",
  (() => {
    const samples: number[] = [];
    for (let round = 0; round < 15; round++) {
      const r = fresh();
      const started = performance.now();
      r.carry(outcome.value.regions, next);
      samples.push(performance.now() - started);
    }
    return median(samples).toFixed(2);
  })(),
]);
rows.push([
  "follow a 50-line outside insertion (diff + remap), ms",
  (() => {
    const samples: number[] = [];
    const outsideHashes = hashLines(outside);
    for (let round = 0; round < 15; round++) {
      const r = fresh();
      const started = performance.now();
      r.sync(outsideHashes);
      samples.push(performance.now() - started);
    }
    return median(samples).toFixed(2);
  })(),
]);
rows.push([
  "lookup of 100 refs, ms",
  time(() => {
    for (let k = 0; k < 100; k++) record.lookup(50 + k * 170, "ZZ", next);
  }).toFixed(2),
]);

// Recording a search's rows reads the file again inside its queue (edit-session.ts, recordFound): what that costs
// for the real files of a package tree (the MCP SDK's JavaScript), each with five shown rows.
{
  const sdk = join(import.meta.dir, "..", "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm");
  const files = [...new Bun.Glob("**/*.js").scanSync({ cwd: sdk, absolute: true })].slice(0, 300);
  const guard = new PathGuard(sdk, compileBlocklist([], []));
  const samples: number[] = [];
  for (const file of files) {
    const path = guard.resolve(file);
    if (!path.ok) continue;
    const per: number[] = [];
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const loaded = loadTextFile(path.value, () => false, MAX_EDIT_BYTES);
      if (!loaded.ok) break;
      const record = new ShownRecord();
      record.syncTo(loaded.value.doc.lines, loaded.value.identity.digest);
      const count = loaded.value.doc.lines.length;
      record.show(
        loaded.value.doc.lines,
        [1, 2, 3, 4, 5].map((k) => Math.ceil((k * count) / 6)),
      );
      per.push(performance.now() - started);
    }
    if (per.length > 0) samples.push(median(per));
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(3);
  rows.push([
    `record a search's rows by reading the file again in its queue (${samples.length} SDK files, 5 rows each), ms`,
    `median ${at(0.5)}, 90th percentile ${at(0.9)}, largest ${at(1)}`,
  ]);
}

const machine = process.env.LAPP_BENCH_MACHINE ?? hostname();
console.log(
  `# Record of shown rows — ${new Date().toISOString().slice(0, 10)}, ${machine}, Bun ${Bun.version}\n`,
);
console.log("| measure | value |\n| --- | --- |");
for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
