// Builds the block rules for a detected language: the brace lexer and matcher, indentation rules with
// Python's or a plain line scanner, keyword-`end` rules (indentation plus clause and closer lines), headings.

import { BraceBlocks } from "./brace/blocks.ts";
import { BRACE_DIALECTS } from "./brace/dialects.ts";
import { lexBraceLanguage } from "./brace/lexer.ts";
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

function braceRules(lines: readonly string[], language: Extract<Language, { family: "brace" }>): BlockRules {
  const dialect = BRACE_DIALECTS[language.dialect];
  const braces = new BraceBlocks(lexBraceLanguage(lines, dialect), dialect);
  if (language.dialect !== "generic") return braces;
  const generic = plainLogicalLines(lines, { comment: /^(?:#|\/\/)/, regions: [] });
  return new FirstOf(braces, indentRules(lines, generic, PLAIN_INDENT));
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

export function blockRulesFor(lines: readonly string[], language: Language): BlockRules {
  switch (language.family) {
    case "brace":
      return braceRules(lines, language);
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
