// The agent workflow's ground truth: a change as one step per hunk, top to bottom, with the exact text the file
// must have after each step, and where a hunk sits in a read taken earlier. Pure.

import type { Hunk } from "../diff/myers.ts";
import { applyChunk } from "../costs/lapp-edit.ts";

export interface HunkStep {
  /** 0-based position of the hunk in the change. */
  index: number;
  hunk: Hunk;
  /** Lines added minus lines removed by the hunks before this one: where the hunk sits in the file before its call. */
  shiftBefore: number;
  /** The file's lines before this step's call (the previous step's `after`, or the old file). */
  before: readonly string[];
  /** The file's lines after this step's call, when it did exactly the hunk and nothing else. */
  after: readonly string[];
}

/**
 * The expected intermediate files: applying the hunks one at a time, each re-based on the file the calls before it
 * left. The last step's `after` is the new file.
 */
export function hunkSteps(
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
): HunkStep[] {
  const steps: HunkStep[] = [];
  let current = oldLines;
  let shift = 0;
  for (const [index, hunk] of hunks.entries()) {
    const after = applyChunk(current, newLines, [rebase(hunk, shift)]);
    steps.push({ index, hunk, shiftBefore: shift, before: current, after });
    current = after;
    shift += hunk.newCount - hunk.oldCount;
  }
  return steps;
}

/** The hunk with `oldStart` moved by `shift` lines (its place in a file that has `shift` more lines above it). */
export function rebase(hunk: Hunk, shift: number): Hunk {
  return { ...hunk, oldStart: hunk.oldStart + shift };
}

/**
 * The hunk as the agent locates it in its latest read: the read was taken when the hunks before it had moved the
 * lines by `readShift`, so that read shows the hunk at `oldStart + readShift`.
 */
export function hunkInRead(step: HunkStep, readShift: number): Hunk {
  return rebase(step.hunk, readShift);
}

export type CallVerdict =
  /** The file is exactly the expected intermediate. */
  | "intended"
  /** The tool said it succeeded but the file is not what the hunk asks for: a wrong line was changed, or none. */
  | "silently-wrong"
  /** The file had already gone wrong before this call; this call is not judged again. */
  | "already-wrong";

/**
 * Judges a call the tool reported as successful by the file it left: anything but the expected intermediate (the
 * hunk applied where it belongs, nothing else touched) means the call changed a line other than the intended one.
 * `wasOnTrack` is false once an earlier call went wrong: the expected text no longer says anything about this one.
 */
export function judgeAccepted(
  actual: readonly string[],
  expectedAfter: readonly string[],
  wasOnTrack: boolean,
): CallVerdict {
  if (!wasOnTrack) return "already-wrong";
  return sameLines(actual, expectedAfter) ? "intended" : "silently-wrong";
}

export function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** First 1-based line where two versions differ (0 when equal). */
export function firstDifference(a: readonly string[], b: readonly string[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++)
    if (a[index] !== b[index]) return index + 1;
  return 0;
}
