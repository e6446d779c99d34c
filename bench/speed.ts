// `npm run bench:speed`: the speed goals measured from outside in one run — startup against a hello-world Bun
// binary, lapp_grep against ripgrep on two trees (and as a fresh server's first call), a 100-edit call on 17k
// lines, a page of a 110 MiB file and that server's peak memory. Prints the table and writes
// results/<date>-<machine>-speed.{json,md}. Flags: --quick (fewer samples).

import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeResults } from "./report/write.ts";
import { renderSpeedMarkdown, type SpeedResults } from "./speed/report.ts";
import { buildModulesTree, measureGrepSpeed } from "./speed/grep.ts";
import { measurePacedMemory } from "./speed/paced-memory.ts";
import { measureServerWork } from "./speed/server-work.ts";
import { measureStartup } from "./speed/startup.ts";
import { findRipgrep, runDate, versions } from "./support/machine.ts";
import { prepareRun } from "./support/run-setup.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(): Promise<void> {
  const quick = process.argv.includes("--quick");
  const started = new Date();
  const { repoDir, manifest, machine } = prepareRun(log);
  const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-speed-")));
  try {
    // The packages tree is copied first, as a repository exists before an agent searches it: by the grep part (after
    // the startup samples) its folders are seconds old. lapp_grep keeps a folder's listing for the next search only
    // when the folder had been quiet for 3 s (src/search/listing-cache.ts); searched right after the copy, every
    // folder would be listed anew each time, as in a tree that is being written.
    const modulesTree = buildModulesTree(scratch);
    log("startup: hello-world Bun binary, lapp --version, spawn → tools/list …");
    const startup = await measureStartup(scratch, quick ? 11 : 31);
    log("grep: lapp_grep against rg on two trees …");
    const grep = await measureGrepSpeed(manifest, modulesTree, quick ? 5 : 11);
    log("one server: 1 and 100 edits on 17k lines, a page of a 110 MiB file, peak memory …");
    const server = await measureServerWork(manifest, scratch, quick ? 11 : 31);
    log("one server at an agent's pace: its peak memory …");
    const pacedMemory = await measurePacedMemory(manifest, scratch);
    const results: SpeedResults = {
      kind: "lapp-bench-speed",
      date: runDate(started),
      machine,
      versions: versions(repoDir, findRipgrep()),
      startup,
      grep,
      server,
      pacedMemory,
    };
    const markdown = renderSpeedMarkdown(results);
    process.stdout.write(markdown);
    const written = writeResults(`${results.date}-${machine.label}-speed`, results, markdown);
    log(`wrote ${written.markdown}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
