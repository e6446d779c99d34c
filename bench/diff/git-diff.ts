// The unified diff `git diff -U3` writes for a file pair, headers naming the file by its path in the lapp root: what
// a model hands lapp_apply_patch when it has the change as a diff. Falls back to the bench's own writer of the same
// format (bench/diff/unified.ts) where git is missing, and says which one wrote it.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { FilePair } from "./file-pair.ts";
import { unifiedDiff } from "./unified.ts";

export interface WrittenDiff {
  patch: string;
  /** "git diff -U3" or "the bench's diff -u writer". */
  writer: string;
}

/** The diff turning `pair`'s old bytes into its new ones, its headers `a/<relative>` and `b/<relative>`. */
export function gitDiff(pair: FilePair, relative: string): WrittenDiff {
  const git = Bun.which("git");
  if (git === null) {
    return {
      patch: unifiedDiff(relative, pair.oldDoc.lines, pair.newDoc.lines, pair.hunks),
      writer: "the bench's diff -u writer",
    };
  }
  const scratch = mkdtempSync(join(tmpdir(), "lapp-bench-diff-"));
  try {
    for (const [side, bytes] of [
      ["a", pair.oldBytes],
      ["b", pair.newBytes],
    ] as const) {
      mkdirSync(dirname(join(scratch, side, relative)), { recursive: true });
      writeFileSync(join(scratch, side, relative), bytes);
    }
    const run = Bun.spawnSync(
      [
        git,
        "diff",
        "--no-index",
        "--no-prefix",
        "--no-color",
        "--no-ext-diff",
        "-U3",
        `a/${relative}`,
        `b/${relative}`,
      ],
      {
        cwd: scratch,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", GIT_CONFIG_NOSYSTEM: "1", HOME: scratch },
      },
    );
    // Exit code 1 means "the files differ", which they do.
    if (run.exitCode !== 1)
      throw new Error(`git diff failed (${run.exitCode}): ${run.stderr.toString().trim()}`);
    return { patch: run.stdout.toString(), writer: "git diff -U3" };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
