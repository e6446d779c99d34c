// Matching-line counts for the grep comparisons: lapp's from its structured answer, ripgrep's from `rg -c` run
// with the same walk rules (hidden files, ignore files without a git repo), so both tools count in full.

/** `total_matches` of a structured lapp_grep answer; undefined when the text is not one. */
export function structuredTotal(text: string): number | undefined {
  try {
    const parsed = JSON.parse(text) as { total_matches?: unknown };
    return typeof parsed.total_matches === "number" ? parsed.total_matches : undefined;
  } catch {
    return undefined;
  }
}

/** Lines ripgrep finds for `pattern` under `path` (relative to `cwd`), summed over the files. */
export function ripgrepLineCount(
  rg: string,
  cwd: string,
  search: { pattern: string; literal: boolean; ignoreCase?: boolean; path?: string },
): number {
  const result = Bun.spawnSync(
    [
      rg,
      "--hidden",
      "--no-require-git",
      "-c",
      "--no-filename",
      ...(search.literal ? ["-F"] : []),
      ...(search.ignoreCase ? ["-i"] : []),
      "-e",
      search.pattern,
      search.path ?? ".",
    ],
    { cwd, stdout: "pipe", stderr: "ignore" },
  );
  return result.stdout
    .toString()
    .split("\n")
    .filter(Boolean)
    .reduce((total, line) => total + Number(line), 0);
}

export interface TextTotals {
  /** Matching lines counted (all of them unless `partial`). */
  matches: number;
  /** Files searched, as the answer says. */
  filesSearched: number;
  /** Why the count may miss matches: the search stopped (time budget, cancel) or the regex engine gave up on lines. */
  partial: "stopped" | "gave up" | undefined;
}

/**
 * The totals of a text lapp_grep answer, from its last lines (`[N matches in F files; S files searched]`, the cut and
 * stopped forms, `[no matches; …]`); undefined when the text has none (an error, or an answer of another shape).
 */
export function textTotals(text: string): TextTotals | undefined {
  const searched = /(\d+) files? searched/;
  const totals = text
    .split("\n")
    .reverse()
    .find((line) => line.startsWith("[") && searched.test(line));
  if (totals === undefined) return undefined;
  const filesSearched = Number(searched.exec(totals)![1]);
  const gaveUp = /^\[partial: the regex engine gave up/m.test(text);
  if (totals.startsWith("[no matches;"))
    return { matches: 0, filesSearched, partial: gaveUp ? "gave up" : undefined };
  // "N matches in M files" (rows shown), "M files with N matches" (the files and count outputs).
  const counted =
    /(\d+) match(?:es)? in \d+ files?/.exec(totals) ?? /\d+ files? with (\d+) match(?:es)?/.exec(totals);
  if (!counted) return undefined;
  const stopped = /^\[the search (?:stopped|was cancelled)/.test(totals);
  return {
    matches: Number(counted[1]),
    filesSearched,
    partial: stopped ? "stopped" : gaveUp ? "gave up" : undefined,
  };
}
