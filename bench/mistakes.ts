// `npm run bench:mistakes`: the documented mistakes models make with line-addressed edits (bench/mistakes/kinds.ts,
// each with where it was reported), made on real files of several languages after a read of the lines around the
// target, sent to lapp and to the peer servers whose format can express them, each call sorted into an outcome
// class (bench/mistakes/outcome.ts). Written as results/<date>-<machine>-mistakes.{json,md}; the README's summary
// between <!-- bench:mistakes:begin --> and <!-- bench:mistakes:end --> is refreshed (--no-readme leaves it).

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BENCH_DIR } from "./corpus/manifest.ts";
import { buildCases } from "./mistakes/cases.ts";
import { filesystemPeer, hashlinePeer, lapp } from "./mistakes/contestants.ts";
import { KINDS } from "./mistakes/kinds.ts";
import { ensurePeers } from "./mistakes/peers.ts";
import { renderMistakes, renderMistakesSummary, type CallRecord } from "./mistakes/report.ts";
import { runCase } from "./mistakes/run-case.ts";
import { updateReadme, writeResults } from "./report/write.ts";
import { prepareRun } from "./support/run-setup.ts";
import { runDate, versions } from "./support/machine.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

const started = new Date();
const { repoDir, machine } = prepareRun(log);
const peersDir = ensurePeers(log);
const cases = buildCases();
const contestants = [lapp, hashlinePeer(peersDir), filesystemPeer(peersDir)];
const records: CallRecord[] = [];
for (const contestant of contestants) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-bench-mistakes-")));
  const session = await contestant.open(root);
  try {
    const mine = cases.filter((item) => item.kind.formats.includes(contestant.format));
    log(`${contestant.name}: ${mine.length} calls …`);
    for (const [index, item] of mine.entries())
      records.push(await runCase(contestant, session, root, item, index));
  } finally {
    await session.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const names = contestants.map((contestant) => contestant.name);
const kinds = KINDS.map(({ id, title, group, sources }) => ({ id, title, group, sources }));
const results = {
  kind: "lapp-bench-mistakes",
  date: runDate(started),
  startedAt: started.toISOString(),
  machine,
  versions: versions(repoDir, undefined),
  files: [...new Set(cases.map((item) => `${item.file.package}@${item.file.version}/${item.file.path}`))],
  kinds,
  records,
};
const markdown = [
  `## lapp mistakes benchmark — ${results.date}, ${machine.label}`,
  "",
  `Versions: ${results.versions.lapp}${results.versions.dirty ? " (the working tree had uncommitted changes)" : ""}, Bun ${results.versions.bun}. ` +
    `${cases.length} mistakes (${KINDS.length} kinds) on ${results.files.length} real files: ${results.files.join(", ")}. ` +
    "One mistake per call, after a read of the lines around the target. Method: bench/README.md.",
  "",
  renderMistakes(kinds, names, records),
  "",
].join("\n");
process.stdout.write(`${markdown}\n`);
const written = writeResults(`${results.date}-${machine.label}-mistakes`, results, markdown);
log(`wrote ${written.json}\nwrote ${written.markdown}`);
if (!process.argv.includes("--no-readme")) {
  const summary = [
    `From \`${written.markdown.slice(BENCH_DIR.length - "bench".length)}\` (${results.date}, ${machine.label}): ${cases.length} mistakes of ${KINDS.length} kinds, one per call.`,
    "",
    renderMistakesSummary(names, records),
  ].join("\n");
  const updated = updateReadme(join(repoDir, "README.md"), summary, {
    begin: "<!-- bench:mistakes:begin -->",
    end: "<!-- bench:mistakes:end -->",
  });
  log(updated ? "README.md: mistakes summary refreshed" : "README.md: no mistakes markers, left alone");
}
