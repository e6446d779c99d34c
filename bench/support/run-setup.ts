// What a measuring run needs before it starts: dist/lapp built from the current sources, the corpus unpacked, and
// the machine it runs on (for the results' header).
import { join } from "node:path";
import { ensureCorpus } from "../corpus/fetch.ts";
import { BENCH_DIR, loadManifest } from "../corpus/manifest.ts";
import { ensureBinary } from "./build.ts";
import { machineInfo } from "./machine.ts";

export function prepareRun(log: (line: string) => void) {
  const repoDir = join(BENCH_DIR, "..");
  ensureBinary(repoDir, log);
  const manifest = loadManifest();
  ensureCorpus(manifest, log);
  return { repoDir, manifest, machine: machineInfo() };
}
