// Every case of the corpus as a file pair (old and new version, hunks), read from the unpacked tarballs.
// Shared by `npm run bench` and `bun bench/workflow.ts`.

import { makeFilePair, type FilePair } from "../diff/file-pair.ts";
import { readCorpusFile } from "./fetch.ts";
import type { Manifest } from "./manifest.ts";

export function corpusPairs(manifest: Manifest): FilePair[] {
  return manifest.cases.map((item) =>
    makeFilePair(
      item.id,
      item.path,
      readCorpusFile({ package: item.package, version: item.from, path: item.path }),
      readCorpusFile({ package: item.package, version: item.to, path: item.path }),
    ),
  );
}
