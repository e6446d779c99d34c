// `bun bench/big-files/run.ts [results.md]`: the big-file "find and change" tasks alone (measure.ts); `npm run
// bench` runs them too and puts the table in its report.

import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureCorpus } from "../corpus/fetch.ts";
import { loadManifest } from "../corpus/manifest.ts";
import { ensureBinary } from "../support/build.ts";
import { measureBigFiles, renderBigFiles } from "./measure.ts";

const log = (line: string) => process.stderr.write(`${line}\n`);
ensureBinary(join(import.meta.dir, "../.."), log);
ensureCorpus(loadManifest(), log);
const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-bench-big-")));
try {
  const text = renderBigFiles(await measureBigFiles(scratch)).join("\n");
  console.log(text);
  if (process.argv[2]) writeFileSync(process.argv[2], `${text}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
