// The `linux_*` benchmarks of ripgrep's benchsuite (benchsuite/benchsuite in BurntSushi/ripgrep) that a JavaScript
// regex can express the same way: ripgrep's own command for each, and the lapp_grep call meaning the same search.
// Where JavaScript spells a class differently (Unicode `\w`, `\p{Greek}`) the call says it the JavaScript way and the
// note says why; the benchsuite's ASCII commands (`(?-u)`) become rows of their own. Last, a few queries of lapp's
// own (`other_*`): regexes with no literal shaped unlike the benchsuite's.

import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";

/** Unicode's word class as ripgrep's `\w` means it (UTS #18: Alphabetic, marks, decimal digits, connectors, joiners). */
export const UNICODE_WORD = String.raw`[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]`;
/** Unicode's `\s` as ripgrep means it: the White_Space property. */
export const UNICODE_SPACE = String.raw`\p{White_Space}`;

export interface KernelQuery {
  /** The benchsuite's function, without `bench_`; a suffix names the benchsuite's ASCII command. */
  id: string;
  /** ripgrep's arguments as the benchsuite gives them (the walk rules are added by the runner). */
  rg: string[];
  /** The lapp_grep arguments (its defaults otherwise: 2 lines of context, 200 results). */
  lapp: { pattern: string; ignore_case?: boolean };
  /** How the two spell the same search, when they spell it differently. */
  note?: string;
}

const NO_LITERAL = String.raw`\w{5}\s+\w{5}\s+\w{5}\s+\w{5}\s+\w{5}`;
const ALTERNATES = "ERR_SYS|PME_TURN_OFF|LINK_REQ_RST|CFG_BME_EVT";
const fiveWords = (word: string, space: string) => [1, 2, 3, 4, 5].map(() => `${word}{5}`).join(`${space}+`);

export const KERNEL_QUERIES: readonly KernelQuery[] = [
  {
    id: "linux_literal_default",
    rg: ["PM_RESUME"],
    lapp: { pattern: "PM_RESUME" },
    note: "ripgrep's default output (no line numbers)",
  },
  { id: "linux_literal", rg: ["-n", "PM_RESUME"], lapp: { pattern: "PM_RESUME" } },
  {
    id: "linux_literal_casei",
    rg: ["-n", "-i", "PM_RESUME"],
    lapp: { pattern: "PM_RESUME", ignore_case: true },
  },
  { id: "linux_re_literal_suffix", rg: ["-n", "[A-Z]+_RESUME"], lapp: { pattern: "[A-Z]+_RESUME" } },
  {
    id: "linux_word",
    rg: ["-n", "-w", "PM_RESUME"],
    lapp: { pattern: String.raw`\bPM_RESUME\b` },
    note: "`-w` as `\\b…\\b`; rg's word boundary is Unicode, JavaScript's `\\b` ASCII: they differ only beside a non-ASCII letter",
  },
  {
    id: "linux_unicode_greek",
    rg: ["-n", String.raw`\p{Greek}`],
    lapp: { pattern: String.raw`\p{Script=Greek}` },
    note: "JavaScript names the script `\\p{Script=Greek}`",
  },
  {
    id: "linux_unicode_greek_casei",
    rg: ["-n", "-i", String.raw`\p{Greek}`],
    lapp: { pattern: String.raw`\p{Script=Greek}`, ignore_case: true },
    note: "JavaScript names the script `\\p{Script=Greek}`",
  },
  {
    id: "linux_unicode_word",
    rg: ["-n", String.raw`\wAh`],
    lapp: { pattern: `${UNICODE_WORD}Ah` },
    note: "rg's `\\w` is Unicode, JavaScript's ASCII: lapp gets Unicode's word class spelled out",
  },
  {
    id: "linux_unicode_word (ASCII)",
    rg: ["-n", String.raw`(?-u)\wAh`],
    lapp: { pattern: String.raw`\wAh` },
    note: "the benchsuite's ASCII command: `\\w` is ASCII on both sides",
  },
  {
    id: "linux_no_literal",
    rg: ["-n", NO_LITERAL],
    lapp: { pattern: fiveWords(UNICODE_WORD, UNICODE_SPACE) },
    note: "rg's `\\w` and `\\s` are Unicode: lapp gets Unicode's word class and `\\p{White_Space}` spelled out",
  },
  {
    id: "linux_no_literal (ASCII)",
    rg: ["-n", `(?-u)${NO_LITERAL}`],
    lapp: { pattern: NO_LITERAL },
    note: "the benchsuite's ASCII command: `\\w` is ASCII on both sides; JavaScript's `\\s` also takes Unicode spaces (U+00A0, U+2000–U+200A, U+3000, U+FEFF …), `(?-u)\\s` only ASCII ones",
  },
  { id: "linux_alternates", rg: ["-n", ALTERNATES], lapp: { pattern: ALTERNATES } },
  {
    id: "linux_alternates_casei",
    rg: ["-n", "-i", ALTERNATES],
    lapp: { pattern: ALTERNATES, ignore_case: true },
  },
  // Not in the benchsuite: regexes with no literal of other shapes, since the issue is judged "with the same and
  // other queries". Each is ASCII on both sides (`(?-u)`, or classes spelled out).
  {
    id: "other_rare_start",
    rg: ["-n", String.raw`(?-u)[#@]\w{3}\d`],
    lapp: { pattern: String.raw`[#@]\w{3}\d` },
    note: "not in the benchsuite: no literal, a rare first character",
  },
  {
    id: "other_version",
    rg: ["-n", String.raw`(?-u)\d+\.\d+\.\d+`],
    lapp: { pattern: String.raw`\d+\.\d+\.\d+` },
    note: "not in the benchsuite: no literal, starting at any digit",
  },
  {
    id: "other_call_with_number",
    rg: ["-n", String.raw`(?-u)\w+\(\d+\)`],
    lapp: { pattern: String.raw`\w+\(\d+\)` },
    note: "not in the benchsuite: no literal, starting at any word character",
  },
  {
    id: "other_class_casei",
    rg: ["-n", "-i", "[A-Z]{4}[0-9]{2}"],
    lapp: { pattern: "[A-Z]{4}[0-9]{2}", ignore_case: true },
    note: "not in the benchsuite: no literal, ignoring case (both fold Unicode's way: K also matches U+212A)",
  },
];

/**
 * lapp_grep's walk rules given to rg: hidden files are searched, `.git` is skipped. Ignore files apply alike (both
 * honour .gitignore only inside a git repository, .ignore and .rgignore everywhere).
 */
export const RG_WALK_RULES = ["--hidden", "--glob", "!.git"] as const;

/**
 * lapp's default block list as rg globs (case-insensitive, as lapp matches it): lapp never searches those paths, so
 * rg is told to skip them too, and both count the same files (the kernel's `sign_key.pem` holds 15 lines that
 * `[A-Z]{4}[0-9]{2}` ignoring case finds).
 */
export const RG_BLOCK_RULES: readonly string[] = DEFAULT_BLOCK_PATTERNS.flatMap((pattern) => [
  "--iglob",
  `!${pattern}`,
]);

/** The queries whose id starts with one of `only` (all when it is empty). */
export function selectQueries(only: readonly string[]): KernelQuery[] {
  if (only.length === 0) return [...KERNEL_QUERIES];
  return KERNEL_QUERIES.filter((query) => only.some((prefix) => query.id.startsWith(prefix)));
}
