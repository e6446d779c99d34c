// What the brace lexer must know about each language so brackets inside strings, comments, templates,
// regexes, char literals and raw strings are skipped — and how a header may run on to its body.

import type { BraceDialectName } from "../language.ts";

/** Where interpolation holes open inside a double-quoted string. */
export type Interpolation = "${" | "{" | "\\(" | "php" | "none";

export interface BraceDialect {
  readonly lineComments: readonly string[];
  readonly blockComment: { readonly open: string; readonly close: string; readonly nests: boolean } | null;
  /** Quote characters that open ordinary backslash-escaped strings. */
  readonly stringQuotes: string;
  /** Ordinary strings may run over a line end without a backslash. */
  readonly multilineStrings: boolean;
  /** `'` opens a one-character literal (`'a'`, `'\n'`); when it does not fit, `'` is a plain mark. */
  readonly charLiterals: boolean;
  /** `"""` (and `'''` when `'` is a string quote) open strings that end at the same triple. */
  readonly tripleQuotes: boolean;
  readonly backtick: "template" | "raw" | "identifier" | "none";
  readonly interpolation: Interpolation;
  readonly regexLiterals: boolean;
  readonly jsx: boolean;
  /** C preprocessor: directive lines are skipped, and so are `#else`/`#elif` branches. */
  readonly preprocessor: boolean;
  /** Prefixed string forms: Rust `r#"…"#`, C++ `R"d(…)d"`, C# `@"…"`/`$"…"`, Swift `#"…"#`, Dart `r'…'`. */
  readonly rawStrings: "rust" | "cpp" | "csharp" | "swift" | "dart" | "none";
  /** C++14 digit separators (`1'000'000`). */
  readonly digitSeparatorQuote: boolean;
  readonly heredoc: "php" | "hcl" | "none";
  /** How an annotation line that belongs to the next declaration starts. */
  readonly annotation: "@" | "#[" | "[" | "none";
  /**
   * What may stand between a closed parameter list and the body's `{`:
   * `js` only `=>`; `ts` also a `: Type`; `free` anything up to a `;` (return types, `throws`, `const`,
   * initializer lists, `where` clauses).
   */
  readonly tail: "js" | "ts" | "free";
  /** CSS: `url(` with an unquoted argument is one literal (it may hold `//`). */
  readonly cssUrls: boolean;
}

const C_LIKE: BraceDialect = {
  lineComments: ["//"],
  blockComment: { open: "/*", close: "*/", nests: false },
  stringQuotes: '"',
  multilineStrings: false,
  charLiterals: true,
  tripleQuotes: false,
  backtick: "none",
  interpolation: "none",
  regexLiterals: false,
  jsx: false,
  preprocessor: false,
  rawStrings: "none",
  digitSeparatorQuote: false,
  heredoc: "none",
  annotation: "none",
  tail: "free",
  cssUrls: false,
};

const JS: BraceDialect = {
  ...C_LIKE,
  stringQuotes: "\"'",
  charLiterals: false,
  backtick: "template",
  regexLiterals: true,
  jsx: true,
  annotation: "@",
  tail: "js",
};

const NESTED_BLOCK_COMMENT = { open: "/*", close: "*/", nests: true } as const;

export const BRACE_DIALECTS: Readonly<Record<BraceDialectName, BraceDialect>> = {
  js: JS,
  jsx: JS,
  ts: { ...JS, jsx: false, tail: "ts" },
  tsx: { ...JS, tail: "ts" },
  c: { ...C_LIKE, preprocessor: true },
  cpp: { ...C_LIKE, preprocessor: true, rawStrings: "cpp", digitSeparatorQuote: true },
  csharp: { ...C_LIKE, preprocessor: true, rawStrings: "csharp", tripleQuotes: true, annotation: "[" },
  java: { ...C_LIKE, tripleQuotes: true, annotation: "@" },
  kotlin: {
    ...C_LIKE,
    blockComment: NESTED_BLOCK_COMMENT,
    tripleQuotes: true,
    interpolation: "${",
    backtick: "identifier",
    annotation: "@",
  },
  scala: {
    ...C_LIKE,
    blockComment: NESTED_BLOCK_COMMENT,
    tripleQuotes: true,
    interpolation: "${",
    backtick: "identifier",
    annotation: "@",
  },
  groovy: {
    ...C_LIKE,
    stringQuotes: "\"'",
    charLiterals: false,
    tripleQuotes: true,
    interpolation: "${",
    annotation: "@",
  },
  dart: {
    ...C_LIKE,
    stringQuotes: "\"'",
    charLiterals: false,
    tripleQuotes: true,
    interpolation: "${",
    rawStrings: "dart",
    annotation: "@",
  },
  go: { ...C_LIKE, backtick: "raw" },
  rust: {
    ...C_LIKE,
    blockComment: NESTED_BLOCK_COMMENT,
    multilineStrings: true,
    rawStrings: "rust",
    annotation: "#[",
  },
  swift: {
    ...C_LIKE,
    blockComment: NESTED_BLOCK_COMMENT,
    charLiterals: false,
    tripleQuotes: true,
    interpolation: "\\(",
    rawStrings: "swift",
    backtick: "identifier",
    annotation: "@",
  },
  php: {
    ...C_LIKE,
    lineComments: ["//", "#"],
    stringQuotes: "\"'",
    multilineStrings: true,
    charLiterals: false,
    interpolation: "php",
    heredoc: "php",
    annotation: "#[",
  },
  css: { ...C_LIKE, lineComments: [], stringQuotes: "\"'", charLiterals: false, cssUrls: true },
  scss: { ...C_LIKE, stringQuotes: "\"'", charLiterals: false, cssUrls: true },
  json: { ...C_LIKE, stringQuotes: "\"'", charLiterals: false },
  hcl: {
    ...C_LIKE,
    lineComments: ["#", "//"],
    interpolation: "${",
    charLiterals: false,
    heredoc: "hcl",
  },
  "hash-comment": {
    ...C_LIKE,
    lineComments: ["#"],
    blockComment: null,
    stringQuotes: "\"'",
    multilineStrings: true,
    charLiterals: false,
    tripleQuotes: true,
  },
  zig: { ...C_LIKE, lineComments: ["//", "\\\\"], blockComment: null },
  generic: C_LIKE,
};
