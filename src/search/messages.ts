// Every sentence lapp_grep shows a model: the totals line, notes on skipped files, and its errors.
// Functions of data only, so tests can assert the data and the wording can change in one place.

import { quotePath } from "../text/quote-path.ts";
import { MAX_OUTPUT_BYTES, MAX_SEARCH_FILE_BYTES, SEARCH_TIME_BUDGET_MS } from "./limits.ts";

export interface Totals {
  shown: number;
  totalMatches: number;
  filesWithMatches: number;
  filesSearched: number;
  maxResults: number;
  /** Why fewer matches are shown than exist, if so. */
  cut: "max_results" | "output" | "budget" | undefined;
  stopped: "time" | "cancelled" | undefined;
  budgetMs?: number;
  /** Matches skipped before the first shown (`offset`). */
  offset?: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "es"}`;
const files = (count: number) => `${count} file${count === 1 ? "" : "s"}`;

/** The last line of a text result. */
export function totalsLine(totals: Totals): string {
  const searched = `${files(totals.filesSearched)} searched`;
  if (totals.stopped) {
    const why =
      totals.stopped === "time"
        ? `the search stopped after ${seconds(totals.budgetMs ?? SEARCH_TIME_BUDGET_MS)} s`
        : "the search was cancelled";
    return `[${why}; results are partial: ${plural(totals.totalMatches, "match")} in ${files(totals.filesWithMatches)} so far, ${searched}. Narrow it with path or glob.]`;
  }
  if (totals.totalMatches === 0) {
    return `[no matches; ${searched}. Files excluded by .gitignore/.ignore are skipped; name one in path to search it anyway.]`;
  }
  const found = `${plural(totals.totalMatches, "match")} in ${files(totals.filesWithMatches)}`;
  return pageLine(totals, found, searched);
}

/** The rest of a totals line once the search found something: which part of `found` is shown and how to go on. */
function pageLine(
  totals: { shown: number; offset?: number; cut: Totals["cut"]; maxResults: number },
  found: string,
  searched: string,
): string {
  const offset = totals.offset ?? 0;
  if (totals.cut === undefined && offset === 0) return `[${found}; ${searched}]`;
  if (totals.shown === 0 && totals.cut === undefined)
    return `[offset=${offset} is past the last of ${found}; ${searched}]`;
  const from = offset > 0 ? `, from offset=${offset}` : "";
  if (totals.cut === undefined) return `[showing ${totals.shown} of ${found}${from}; ${searched}]`;
  const limit =
    totals.cut === "max_results"
      ? `cut at max_results=${totals.maxResults}`
      : totals.cut === "budget"
        ? "cut at the output budget"
        : `cut at ${MAX_OUTPUT_BYTES / 1024} KiB of output`;
  return `[showing ${totals.shown} of ${found}${from}; ${searched}; ${limit}. Narrow with path or glob, or continue with offset=${offset + totals.shown}.]`;
}

export interface FileTotals {
  /** Files listed. */
  shown: number;
  /** Files skipped before the first listed (`offset`). */
  offset: number;
  /** Files with matches, and their matches, in the listing. */
  files: number;
  matches: number;
  filesSearched: number;
  maxResults: number;
  cut: Totals["cut"];
  stopped: Totals["stopped"];
  budgetMs?: number;
}

/** The last line of a `files` or `count` result (a list of files, paged by max_results and offset). */
export function fileTotalsLine(totals: FileTotals): string {
  const searched = `${files(totals.filesSearched)} searched`;
  const found = `${files(totals.files)} with ${plural(totals.matches, "match")}`;
  if (totals.stopped) {
    const why =
      totals.stopped === "time"
        ? `the search stopped after ${seconds(totals.budgetMs ?? SEARCH_TIME_BUDGET_MS)} s`
        : "the search was cancelled";
    return `[${why}; results are partial: ${found} so far, ${searched}. Narrow it with path or glob.]`;
  }
  if (totals.files === 0) return totalsLine({ ...totals, shown: 0, totalMatches: 0, filesWithMatches: 0 });
  return pageLine(totals, found, searched);
}

/** A note on the files `count` leaves out as rg --count does: a NUL byte stopped their reading after matches. */
export function binaryAfterNote(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).map(quotePath).join(", ");
  const more = paths.length > 5 ? ` and ${paths.length - 5} more` : "";
  return `[not counted, as rg --count leaves them out: ${files(paths.length)} whose reading stopped at a NUL byte after some matches (binary to ripgrep): ${shown}${more}. output "files" lists them.]`;
}

/** A note listing files too large to search. */
export function tooLargeNote(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).map(quotePath).join(", ");
  const more = paths.length > 5 ? ` and ${paths.length - 5} more` : "";
  return `[not searched (over ${MAX_SEARCH_FILE_BYTES / (1024 * 1024)} MiB): ${shown}${more}]`;
}

/** A note on entries skipped because their path is longer than the system's PATH_MAX. */
export function tooDeepNote(count: number, first: string | undefined): string {
  const shown =
    first === undefined ? "" : `, the first under ${first.slice(0, 120)}${first.length > 120 ? "…" : ""}`;
  return `[not searched: ${count} ${count === 1 ? "entry" : "entries"} whose path is longer than the system allows (PATH_MAX)${shown}]`;
}

/** A note naming the files the search was stopped in (its time was up): their matches are not counted. */
export function unfinishedNote(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).map(quotePath).join(", ");
  const more = paths.length > 5 ? ` and ${paths.length - 5} more` : "";
  return `[not finished (the search was stopped while in them; a pattern with nested repeats such as (a+)+ can take exponential time on a line it does not match): ${shown}${more}]`;
}

/** A note naming the files where the regex engine gave up on lines: the answer is partial there. */
export function regexGaveUpNote(files: readonly { relative: string; lines: number }[]): string {
  const shown = files
    .slice(0, 5)
    .map((file) => `${quotePath(file.relative)} (${file.lines} line${file.lines === 1 ? "" : "s"})`)
    .join(", ");
  const more = files.length > 5 ? ` and ${files.length - 5} more files` : "";
  return `[partial: the regex engine gave up on lines of ${shown}${more} (too much backtracking), so matches there may be missing. Simplify the pattern (avoid nested quantifiers like (a+)+) or use literal: true.]`;
}

/** Progress notification text on a long search. */
export function progressMessage(filesSearched: number, matches: number): string {
  return `searched ${files(filesSearched)}, ${plural(matches, "match")} so far`;
}

export function invalidRegex(pattern: string, reason: string | undefined): string {
  return `pattern ${JSON.stringify(pattern)} is not a valid JavaScript regular expression${reason ? ` (${reason})` : ""}. Fix it, or pass literal: true to search for the text as is.`;
}

export function patternHasLineBreak(): string {
  return "pattern contains a line break, but lapp_grep matches one line at a time. Search for one line of it, or pass multiline: true to match across lines.";
}

export function unknownFileType(name: string, known: readonly string[]): string {
  return `type ${JSON.stringify(name)} is not a file type lapp_grep knows. Its types are ripgrep's: ${known.join(", ")}. For others use glob (e.g. "*.ext").`;
}

export function invalidGlob(glob: string): string {
  return `glob ${JSON.stringify(glob)} is not a valid glob (e.g. "*.ts", "src/**/*.py", "!**/vendor/**").`;
}

export function pathNotFound(display: string): string {
  return `${display} does not exist. Give lapp_grep a file or directory inside the root (or omit path to search everything).`;
}

export function binaryStart(display: string): string {
  return `${display} is a binary file; lapp_grep searches text files only.`;
}

function seconds(ms: number): string {
  return Number.isInteger(ms / 1000) ? String(ms / 1000) : (ms / 1000).toFixed(1);
}

/** A line of the `files` output: a file with matches and how many. */
export function fileWithMatches(path: string, count: number): string {
  return `${quotePath(path)} (${plural(count, "match")})`;
}

/** A line of the `count` output, as `rg --count` prints it. */
export function fileMatchCount(path: string, count: number): string {
  return `${quotePath(path)}:${count}`;
}
