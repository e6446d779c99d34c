// Writes a run to bench/results/<date>-<machine>[-suffix].{json,md} without overwriting an earlier run of the same
// day, and refreshes the README's Benchmark section between its markers when the README has them.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BENCH_DIR } from "../corpus/manifest.ts";

export const RESULTS_DIR = join(BENCH_DIR, "results");
export const README_MARKERS = {
  begin: "<!-- bench:latest:begin -->",
  end: "<!-- bench:latest:end -->",
} as const;

/** Writes both files and returns their paths (a `-2`, `-3`, … suffix keeps earlier runs of the day). */
export function writeResults(
  base: string,
  json: unknown,
  markdown: string,
  dir = RESULTS_DIR,
): { json: string; markdown: string } {
  mkdirSync(dir, { recursive: true });
  let name = base;
  for (let attempt = 2; existsSync(join(dir, `${name}.json`)); attempt++) name = `${base}-${attempt}`;
  const paths = { json: join(dir, `${name}.json`), markdown: join(dir, `${name}.md`) };
  writeFileSync(paths.json, `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(paths.markdown, markdown);
  return paths;
}

/**
 * Replaces what stands between the README markers with `section`; returns false (and changes nothing) when the
 * README or a marker is missing.
 */
export function updateReadme(
  readmePath: string,
  section: string,
  markers: { begin: string; end: string } = README_MARKERS,
): boolean {
  if (!existsSync(readmePath)) return false;
  const text = readFileSync(readmePath, "utf8");
  const begin = text.indexOf(markers.begin);
  const end = text.indexOf(markers.end);
  if (begin === -1 || end === -1 || end < begin) return false;
  const updated = `${text.slice(0, begin + markers.begin.length)}\n${section.trim()}\n${text.slice(end)}`;
  if (updated !== text) writeFileSync(readmePath, updated);
  return true;
}
