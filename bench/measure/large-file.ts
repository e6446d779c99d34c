// Part 4 of `npm run bench`: a 100-line page near the end of a generated 110 MB file, timed over MCP on a fresh
// server, with that server's peak resident memory (VmHWM) before and after.

import { mkdirSync, openSync, closeSync, writeSync, statSync } from "node:fs";
import { join } from "node:path";
import { errorCodeOf } from "../support/lapp-client.ts";
import { startRawLappClient } from "../support/raw-mcp.ts";
import { round, summarize, type Timing } from "../support/stats.ts";

export const LARGE_FILE_BYTES = 110 * 1024 * 1024;

export interface LargeFileResult {
  bytes: number;
  lines: number;
  offset: number;
  /** The first call (a cold server) and the median of the repeats. */
  firstMs: number;
  timing: Timing;
  error?: string;
  rowsShown: number;
  startupRssMiB: number | undefined;
  peakRssMiB: number | undefined;
}

/** Writes a file of varied code-like lines (about 100 bytes each) and returns its line count. */
export function writeLargeFile(path: string, bytes = LARGE_FILE_BYTES): number {
  const fd = openSync(path, "w");
  let written = 0;
  let line = 0;
  try {
    while (written < bytes) {
      const chunk: string[] = [];
      for (let index = 0; index < 10_000; index++, line++) {
        const indent = " ".repeat((line % 4) * 2);
        chunk.push(
          `${indent}const value_${line} = compute(${line % 977}, "${(line * 2654435761) >>> 0}"); // row ${line} of the big file`,
        );
      }
      const text = `${chunk.join("\n")}\n`;
      written += writeSync(fd, text);
    }
  } finally {
    closeSync(fd);
  }
  return line;
}

export async function measureLargeFile(scratch: string, repeats: number): Promise<LargeFileResult> {
  const dir = join(scratch, "large");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "big.js");
  const lines = writeLargeFile(path);
  const bytes = statSync(path).size;
  const offset = lines - 150;
  const lapp = await startRawLappClient(dir);
  try {
    const startupRssMiB = lapp.peakRssMiB();
    const samples: number[] = [];
    let error: string | undefined;
    let rowsShown = 0;
    for (let run = 0; run < 1 + repeats; run++) {
      const outcome = await lapp.call("lapp_read", { path: "big.js", offset, limit: 100 });
      samples.push(outcome.ms);
      if (outcome.isError) {
        error = `${errorCodeOf(outcome.text) ?? "error"}: ${outcome.text.split("\n")[0]}`;
        break;
      }
      rowsShown = outcome.text.split("\n").filter((row) => /^\d+#[A-Z]{2}:/.test(row)).length;
    }
    return {
      bytes,
      lines,
      offset,
      firstMs: round(samples[0]!),
      timing: summarize(samples.length > 1 ? samples.slice(1) : samples),
      ...(error ? { error } : {}),
      rowsShown,
      startupRssMiB,
      peakRssMiB: lapp.peakRssMiB(),
    };
  } finally {
    await lapp.close();
  }
}
