// Peak memory of a server whose calls come at an agent's pace: an agent thinks between calls, and the server
// collects once it has been quiet for a moment (src/server/create.ts), so what one call leaves does not pile up
// under the next as it does in the back-to-back run of server-work.ts. The same kinds of work, fewer calls.

import { join } from "node:path";
import type { Manifest } from "../corpus/manifest.ts";
import { editSampler } from "../measure/latency.ts";
import { startWorkServer } from "./server-work.ts";

export interface PacedMemoryResult {
  /** Quiet time after each answer before the next call. */
  paceMs: number;
  /** Calls made: edits of 1 and of 100 lines alternating, then pages of the big file. */
  editCalls: number;
  pageCalls: number;
  peakRssMiB: number | undefined;
}

const PACE_MS = 700;
const EDIT_CALLS = 16;
const PAGE_CALLS = 4;

export async function measurePacedMemory(manifest: Manifest, scratch: string): Promise<PacedMemoryResult> {
  const { root, largeFileLines, lapp } = await startWorkServer(manifest, join(scratch, "paced-memory"));
  try {
    const edits = editSampler(lapp, join(root, "edit-target"));
    for (let call = 0; call < EDIT_CALLS; call++) {
      await edits.call(call % 2 === 0 ? 1 : 100);
      await Bun.sleep(PACE_MS);
    }
    const page = { path: "big.js", offset: largeFileLines - 150, limit: 100 };
    for (let call = 0; call < PAGE_CALLS; call++) {
      const outcome = await lapp.call("lapp_read", page);
      if (outcome.isError) throw new Error(`lapp_read big.js: ${outcome.text.split("\n")[0]}`);
      await Bun.sleep(PACE_MS);
    }
    return { paceMs: PACE_MS, editCalls: EDIT_CALLS, pageCalls: PAGE_CALLS, peakRssMiB: lapp.peakRssMiB() };
  } finally {
    await lapp.close();
  }
}
