// One server does the heavy single-file work of the speed goals, so its peak memory covers all of it: a call of
// 1 and of 100 edits on the 17,209-line lodash.js, then a 100-line page near the end of a generated 110 MiB file.
// Then, its peak taken, the same server reads lodash.js whole and makes 100-edit calls again (an agent's habit).

import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { corpusFilePath } from "../corpus/fetch.ts";
import type { Manifest } from "../corpus/manifest.ts";
import { writeLargeFile } from "../measure/large-file.ts";
import { editSampler, measureEdits } from "../measure/latency.ts";
import { currentRssMiB, readAllPages } from "../support/lapp-client.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { repeat, type Timing } from "../support/stats.ts";

export interface ServerWorkResult {
  editFileLines: number;
  edit1: Timing;
  edit100: Timing;
  largeFileLines: number;
  /** The first page of the big file (nothing of it known yet) and the repeats. */
  largeFirstMs: number;
  largePage: Timing;
  startupRssMiB: number | undefined;
  peakRssMiB: number | undefined;
  /** Resident memory one second after the last call (the server collects when it goes quiet). */
  idleRssMiB: number | undefined;
  /**
   * 100 edits after the whole file was read (as an agent reads once, then edits): every row of it is then in the
   * record of rows shown that lapp keeps and carries through each write. Measured after the peak above is taken.
   */
  edit100AfterRead?: Timing;
}

/** Which server does the work: dist/lapp unless another binary is named, with extra environment variables. */
export interface WorkServer {
  binary?: string;
  env?: Record<string, string>;
}

/**
 * A server on a fresh folder `root` holding the two files of this work: `edit-target` (the 17,209-line lodash.js)
 * and `big.js` (the generated 110 MiB file, `largeFileLines` long).
 */
export async function startWorkServer(manifest: Manifest, root: string, server: WorkServer = {}) {
  mkdirSync(root, { recursive: true });
  copyFileSync(corpusFilePath(manifest.latency.edit), join(root, "edit-target"));
  const largeFileLines = writeLargeFile(join(root, "big.js"));
  return { root, largeFileLines, lapp: await startRawLappClient(root, [], server.binary, server.env) };
}

export async function measureServerWork(
  manifest: Manifest,
  scratch: string,
  runs: number,
  server: WorkServer = {},
): Promise<ServerWorkResult> {
  const { root, largeFileLines, lapp } = await startWorkServer(
    manifest,
    join(scratch, "server-work"),
    server,
  );
  try {
    const startupRssMiB = lapp.peakRssMiB();
    const { edit1, edit100, editFileLines } = await measureEdits(lapp, join(root, "edit-target"), runs);
    const page = { path: "big.js", offset: largeFileLines - 150, limit: 100 };
    const first = await lapp.call("lapp_read", page);
    if (first.isError) throw new Error(`lapp_read big.js: ${first.text.split("\n")[0]}`);
    const largePage = await repeat(Math.max(3, Math.floor(runs / 4)), 0, async () => {
      const outcome = await lapp.call("lapp_read", page);
      if (outcome.isError) throw new Error(`lapp_read big.js: ${outcome.text.split("\n")[0]}`);
      return outcome.ms;
    });
    const peakRssMiB = lapp.peakRssMiB();
    await Bun.sleep(1000);
    const idleRssMiB = currentRssMiB(lapp.pid);
    await readAllPages(lapp, "edit-target", editFileLines);
    const afterRead = editSampler(lapp, join(root, "edit-target"));
    const edit100AfterRead = await repeat(runs, 3, () => afterRead.call(100));
    return {
      editFileLines,
      edit1,
      edit100,
      largeFileLines,
      largeFirstMs: first.ms,
      largePage,
      startupRssMiB,
      peakRssMiB,
      idleRssMiB,
      edit100AfterRead,
    };
  } finally {
    await lapp.close();
  }
}
