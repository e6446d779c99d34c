// Builds the block rules for a detected language: the brace lexer and matcher, indentation rules with
// Python's or a plain line scanner, keyword-`end` rules (indentation plus clause and closer lines), headings.

import { BraceBlocks } from "./brace/blocks.ts";
import { BRACE_DIALECTS } from "./brace/dialects.ts";
import { lexBraceLanguage, relexBraceLanguage, type LexedTokens } from "./brace/lexer.ts";
import { HeadingBlocks } from "./headings.ts";
import { IndentBlocks, type IndentOptions } from "./indent/blocks.ts";
import type { LogicalLines } from "./indent/logical-lines.ts";
import {
  backslashContinuation,
  juliaBlockComment,
  luaLongBracket,
  plainLogicalLines,
  rubyBlockComment,
  rubyHeredoc,
  shellHeredoc,
  shellQuotes,
  tripleQuoted,
  type PlainLineOptions,
} from "./indent/plain-lines.ts";
import { pythonLogicalLines } from "./indent/python-lines.ts";
import type { IndentDialectName, KeywordEndDialectName, Language } from "./language.ts";
import type { BlockRules, LineSpan } from "./span.ts";

const PLAIN_INDENT: IndentOptions = {
  decorators: false,
  oneLineBlock: null,
  yamlListItems: false,
  trailingComments: false,
  clause: null,
  closer: null,
};

const PYTHON: IndentOptions = {
  ...PLAIN_INDENT,
  decorators: true,
  oneLineBlock: /^(?:(?:async\s+)?(?:def|class)\b|(?:if|elif|else|for|while|try|except|finally|with)\b.*:)/,
  trailingComments: true,
};

const CLOSES_WITH_BRACKET = String.raw`[}\])]`;

const KEYWORD_END: Readonly<
  Record<KeywordEndDialectName, { lines: PlainLineOptions; indent: IndentOptions }>
> = {
  ruby: {
    lines: { comment: /^#/, regions: [rubyHeredoc, rubyBlockComment] },
    indent: {
      ...PLAIN_INDENT,
      clause: /^(?:else|elsif|when|in|rescue|ensure|then|do)\b/,
      closer: new RegExp(String.raw`^(?:end\b|${CLOSES_WITH_BRACKET})`),
    },
  },
  lua: {
    lines: { comment: /^--(?!\[=*\[)/, regions: [luaLongBracket] },
    indent: {
      ...PLAIN_INDENT,
      clause: /^(?:else|elseif)\b/,
      closer: new RegExp(String.raw`^(?:end\b|until\b|${CLOSES_WITH_BRACKET})`),
    },
  },
  shell: {
    lines: { comment: /^#/, regions: [shellHeredoc, shellQuotes, backslashContinuation] },
    indent: {
      ...PLAIN_INDENT,
      // Case items (`auto)`, `-h|--help)`) and `;;` often sit at the indentation of their `case`.
      clause: /^(?:(?:else|elif|then|do)\b|;;|[^\s#()][^()]*\))/,
      closer: new RegExp(String.raw`^(?:(?:fi|done|esac|end)\b|${CLOSES_WITH_BRACKET})`),
    },
  },
  elixir: {
    lines: { comment: /^#/, regions: [tripleQuoted] },
    indent: {
      ...PLAIN_INDENT,
      clause: /^(?:else|rescue|catch|after|do)\b/,
      closer: new RegExp(String.raw`^(?:end\b|${CLOSES_WITH_BRACKET})`),
    },
  },
  julia: {
    lines: { comment: /^#(?!=)/, regions: [tripleQuoted, juliaBlockComment] },
    indent: {
      ...PLAIN_INDENT,
      clause: /^(?:else|elseif|catch|finally)\b/,
      closer: new RegExp(String.raw`^(?:end\b|${CLOSES_WITH_BRACKET})`),
    },
  },
};

/** Tries the first rules, then the second: unknown files get brackets first, indentation second. */
class FirstOf implements BlockRules {
  constructor(
    private readonly primary: BlockRules,
    private readonly secondary: BlockRules,
  ) {}
  headerBlock(line: number): LineSpan | null {
    return this.primary.headerBlock(line) ?? this.secondary.headerBlock(line);
  }
  enclosingBlock(line: number): LineSpan | null {
    return this.primary.enclosingBlock(line) ?? this.secondary.enclosingBlock(line);
  }
}

function indentRules(lines: readonly string[], logical: LogicalLines, options: IndentOptions): BlockRules {
  return new IndentBlocks(lines, logical, options);
}

/** Block rules of a brace language, lexed from `earlier` (the tokens of a version this one was edited from) if given. */
function braceRules(
  lines: readonly string[],
  language: Extract<Language, { family: "brace" }>,
  earlier: LexedTokens | null,
): AnalyzedRules {
  const dialect = BRACE_DIALECTS[language.dialect];
  const lexed =
    earlier !== null && earlier.dialect === dialect
      ? relexBraceLanguage(earlier, lines)
      : lexBraceLanguage(lines, dialect);
  const braces = new BraceBlocks(lexed, dialect);
  if (language.dialect !== "generic") return { rules: braces, lexed };
  const generic = plainLogicalLines(lines, { comment: /^(?:#|\/\/)/, regions: [] });
  return { rules: new FirstOf(braces, indentRules(lines, generic, PLAIN_INDENT)), lexed };
}

function indentFamilyRules(lines: readonly string[], dialect: IndentDialectName): BlockRules {
  switch (dialect) {
    case "python":
      return indentRules(lines, pythonLogicalLines(lines), PYTHON);
    case "yaml":
      return indentRules(
        lines,
        plainLogicalLines(lines, { comment: /^#/, regions: [], yamlBlockScalars: true }),
        {
          ...PLAIN_INDENT,
          yamlListItems: true,
        },
      );
    case "generic":
      return indentRules(
        lines,
        plainLogicalLines(lines, { comment: /^(?:#|\/\/)/, regions: [] }),
        PLAIN_INDENT,
      );
  }
}

/** A file's block rules, and the tokens they were made from (brace languages), which a later version may lex from. */
export interface AnalyzedRules {
  readonly rules: BlockRules;
  readonly lexed: LexedTokens | null;
}

/** The block rules of `lines` in `language`; `earlier`: the lexed tokens of a version these lines were edited from. */
export function blockRulesFor(
  lines: readonly string[],
  language: Language,
  earlier: LexedTokens | null = null,
): AnalyzedRules {
  if (language.family === "brace") return braceRules(lines, language, earlier);
  return { rules: unlexedRules(lines, language), lexed: null };
}

function unlexedRules(
  lines: readonly string[],
  language: Exclude<Language, { family: "brace" }>,
): BlockRules {
  switch (language.family) {
    case "indent":
      return indentFamilyRules(lines, language.dialect);
    case "headings":
      return new HeadingBlocks(lines, language.dialect);
    case "keyword-end": {
      const config = KEYWORD_END[language.dialect];
      return indentRules(lines, plainLogicalLines(lines, config.lines), config.indent);
    }
  }
}
