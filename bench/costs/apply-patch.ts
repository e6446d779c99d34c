// The Codex apply_patch call for a change (`*** Begin Patch` / `*** Update File:` / `@@` hunks with 3 lines of
// context, neighbouring changes merged), plus an applier that locates hunks the way Codex does, to check it. Pure.

import type { Hunk } from "../diff/myers.ts";

export const PATCH_CONTEXT = 3;

interface PatchHunk {
  /** `@@ <line>` scope hint, or "" for a bare `@@`. */
  header: string;
  /** Index of the first old line the hunk covers (context included). */
  oldStart: number;
  lines: string[];
}

export interface ApplyPatchPlan {
  patch: string;
  hunks: number;
  /** Hunks that needed an `@@ scope` line because their context was not unique. */
  headers: number;
  /** Context lines added beyond the default 3 (only when a scope line was not enough). */
  extraContext: number;
}

/**
 * Groups the changes (a gap of at most 2×3 unchanged lines joins two changes, so no context is repeated),
 * adds 3 context lines around each group, and makes every group land where it belongs under Codex's
 * forward search: when its old lines occur more than once in the file it gets the nearest enclosing
 * scope line as `@@ header`; if that still lands elsewhere, context grows one line each side.
 */
export function planApplyPatch(
  path: string,
  oldLines: readonly string[],
  newLines: readonly string[],
  hunks: readonly Hunk[],
): ApplyPatchPlan {
  const groups = groupHunks(hunks, PATCH_CONTEXT);
  const patchHunks: PatchHunk[] = [];
  let headers = 0;
  let extraContext = 0;
  let cursor = 0;
  for (const group of groups) {
    for (let extra = 0; ; extra++) {
      const candidate = buildHunk(group, oldLines, newLines, PATCH_CONTEXT + extra, cursor);
      const old = oldSide(candidate);
      if (occurrences(oldLines, old, 0) > 1) candidate.header = scopeLine(oldLines, group[0]!.oldStart);
      const landed = locate(oldLines, candidate, cursor);
      if (landed === candidate.oldStart) {
        if (candidate.header) headers++;
        extraContext += extra;
        patchHunks.push(candidate);
        cursor = candidate.oldStart + old.length;
        break;
      }
      if (extra > oldLines.length)
        throw new Error(`${path}: cannot place the patch hunk at line ${candidate.oldStart + 1}`);
    }
  }
  const body = patchHunks.map((hunk) => [hunk.header ? `@@ ${hunk.header}` : "@@", ...hunk.lines].join("\n"));
  const patch = ["*** Begin Patch", `*** Update File: ${path}`, ...body, "*** End Patch"].join("\n");
  return { patch, hunks: patchHunks.length, headers, extraContext };
}

function groupHunks(hunks: readonly Hunk[], context: number): Hunk[][] {
  const groups: Hunk[][] = [];
  for (const hunk of hunks) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (group && last && hunk.oldStart - (last.oldStart + last.oldCount) <= 2 * context) group.push(hunk);
    else groups.push([hunk]);
  }
  return groups;
}

function buildHunk(
  group: readonly Hunk[],
  oldLines: readonly string[],
  newLines: readonly string[],
  context: number,
  floor: number,
): PatchHunk {
  const first = group[0]!;
  const last = group[group.length - 1]!;
  const oldStart = Math.max(floor, first.oldStart - context);
  const lines: string[] = oldLines.slice(oldStart, first.oldStart).map((line) => ` ${line}`);
  group.forEach((hunk, index) => {
    if (index > 0) {
      const previous = group[index - 1]!;
      lines.push(
        ...oldLines.slice(previous.oldStart + previous.oldCount, hunk.oldStart).map((line) => ` ${line}`),
      );
    }
    lines.push(...oldLines.slice(hunk.oldStart, hunk.oldStart + hunk.oldCount).map((line) => `-${line}`));
    lines.push(...newLines.slice(hunk.newStart, hunk.newStart + hunk.newCount).map((line) => `+${line}`));
  });
  const after = last.oldStart + last.oldCount;
  lines.push(...oldLines.slice(after, Math.min(oldLines.length, after + context)).map((line) => ` ${line}`));
  return { header: "", oldStart, lines };
}

function oldSide(hunk: PatchHunk): string[] {
  return hunk.lines.filter((line) => !line.startsWith("+")).map((line) => line.slice(1));
}

function newSide(hunk: PatchHunk): string[] {
  return hunk.lines.filter((line) => !line.startsWith("-")).map((line) => line.slice(1));
}

/** The nearest line above `index` indented less than it (its def / class / function), trimmed. */
function scopeLine(lines: readonly string[], index: number): string {
  const indentOf = (line: string) => line.length - line.trimStart().length;
  let probe = index;
  while (probe < lines.length && lines[probe]!.trim() === "") probe++;
  const indent = probe < lines.length ? indentOf(lines[probe]!) : 0;
  for (let above = index - 1; above >= 0; above--) {
    const line = lines[above]!;
    if (line.trim() !== "" && indentOf(line) < indent) return line.trim();
  }
  return "";
}

function matchesAt(
  lines: readonly string[],
  sequence: readonly string[],
  at: number,
  trim: boolean,
): boolean {
  for (let offset = 0; offset < sequence.length; offset++) {
    const line = lines[at + offset];
    if (line === undefined) return false;
    if (trim ? line.trim() !== sequence[offset]!.trim() : line !== sequence[offset]) return false;
  }
  return true;
}

/** First index ≥ from where `sequence` matches exactly, else where it matches ignoring surrounding whitespace. */
function seek(lines: readonly string[], sequence: readonly string[], from: number): number {
  for (const trim of [false, true]) {
    for (let at = from; at + sequence.length <= lines.length; at++)
      if (matchesAt(lines, sequence, at, trim)) return at;
  }
  return -1;
}

function occurrences(lines: readonly string[], sequence: readonly string[], from: number): number {
  let count = 0;
  for (let at = from; at + sequence.length <= lines.length; at++)
    if (matchesAt(lines, sequence, at, false)) count++;
  return count;
}

/** Where Codex would apply a hunk: its scope line is sought from the cursor, then its old lines after that. */
function locate(lines: readonly string[], hunk: PatchHunk, cursor: number): number {
  let from = cursor;
  if (hunk.header) {
    const scope = seek(lines, [hunk.header], from);
    if (scope === -1) return -1;
    from = scope + 1;
  }
  return seek(lines, oldSide(hunk), from);
}

/** Applies a patch produced by planApplyPatch to the old lines, as Codex would; the plan's self-check. */
export function applyPatch(oldLines: readonly string[], patch: string): string[] {
  const rows = patch.split("\n");
  if (
    rows[0] !== "*** Begin Patch" ||
    !rows[1]?.startsWith("*** Update File: ") ||
    rows.at(-1) !== "*** End Patch"
  ) {
    throw new Error("not an update patch");
  }
  const hunks: PatchHunk[] = [];
  for (const row of rows.slice(2, -1)) {
    if (row.startsWith("@@")) hunks.push({ header: row.slice(2).trim(), oldStart: -1, lines: [] });
    else hunks.at(-1)!.lines.push(row);
  }
  const out: string[] = [];
  let cursor = 0;
  for (const hunk of hunks) {
    const at = locate(oldLines, hunk, cursor);
    if (at === -1) throw new Error(`patch hunk not found: ${hunk.lines[0]}`);
    out.push(...oldLines.slice(cursor, at), ...newSide(hunk));
    cursor = at + oldSide(hunk).length;
  }
  out.push(...oldLines.slice(cursor));
  return out;
}
