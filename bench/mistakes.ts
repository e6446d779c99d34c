// `npm run bench:mistakes`: the documented mistakes models make with line-addressed edits (bench/mistakes/kinds.ts,
// each with where it was reported), made on real files of several languages after a read of the lines around the
// target, sent to lapp and to the peer servers whose format can express them, each call sorted into an outcome
// class (bench/mistakes/outcome.ts). Written as results/<date>-<machine>-mistakes.{json,md}; the README's summary
// between <!-- bench:mistakes:begin --> and <!-- bench:mistakes:end --> is refreshed (--no-readme leaves it).

import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { BENCH_DIR } from "./corpus/manifest.ts";
import { buildCases, type Case } from "./mistakes/cases.ts";
import { filesystemPeer, hashlinePeer, lapp, type Contestant, type Session } from "./mistakes/contestants.ts";
import { KINDS } from "./mistakes/kinds.ts";
import { applyMeant } from "./mistakes/model.ts";
import { firstOutcome, retryFromError, undoNamedIn } from "./mistakes/outcome.ts";
import { ensurePeers } from "./mistakes/peers.ts";
import { renderMistakes, renderMistakesSummary, type CallRecord } from "./mistakes/report.ts";
import { updateReadme, writeResults } from "./report/write.ts";
import { prepareRun } from "./support/run-setup.ts";
import { runDate, versions } from "./support/machine.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);
const firstLine = (text: string) => text.split("\n").find((line) => line.trim() !== "") ?? "";

/** Reading context around the target, as the trial did: a read of the lines around it. */
const READ_BEFORE = 6;
const READ_AFTER = 8;

async function runCase(contestant: Contestant, session: Session, root: string, item: Case, index: number) {
  const name = `case-${index}${extname(item.file.path)}`;
  const path = join(root, name);
  writeFileSync(path, item.text);
  const from = Math.max(1, item.at - READ_BEFORE);
  const to = Math.min(item.lines.length, item.at + READ_AFTER);
  const view = await session.read(name, from, to, item.lines);
  const intended = `${applyMeant(item.lines, item.mistake.intent).join("\n")}\n`;
  const sent = await session.send(name, item.mistake.mistake, view, item.lines);
  const after = readFileSync(path, "utf8");
  const first = firstOutcome(sent.answer, item.text, after, intended, contestant.warns);
  const record: CallRecord = {
    kind: item.kind.id,
    file: `${item.file.package}@${item.file.version}/${item.file.path}`,
    line: item.at,
    contestant: contestant.name,
    outcome: first === "refused" ? "refused-needs-read" : first,
    answer: firstLine(sent.answer.text),
  };
  if (first === "refused") {
    const retry = retryFromError(
      item.mistake,
      sent.answer.text,
      sent.args,
      contestant.refsIn,
      (line) => view.ref(line),
      (line) => view.rowPrefix(line),
    );
    if (retry) {
      const again = await session.send(name, retry, view, item.lines);
      record.retry = firstLine(again.answer.text);
      if (!again.answer.isError && readFileSync(path, "utf8") === intended)
        record.outcome = "refused-fixable";
    }
  }
  if (first === "warned" && contestant === lapp) {
    const undo = undoNamedIn(sent.answer.text);
    if (undo) await session.raw("lapp_edit", { path: name, edits: [undo] });
    record.undone = undo !== undefined && readFileSync(path, "utf8") === intended;
  }
  rmSync(path, { force: true });
  return record;
}

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
