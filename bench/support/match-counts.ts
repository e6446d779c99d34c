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
  search: { pattern: string; literal: boolean; path?: string },
): number {
  const result = Bun.spawnSync(
    [
      rg,
      "--hidden",
      "--no-require-git",
      "-c",
      "--no-filename",
      ...(search.literal ? ["-F"] : []),
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
