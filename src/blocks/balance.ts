// Whether a brace-language text closes every bracket it opens: replacement content that does not is
// almost always a copy mistake (the block's closing line left out, or one closer too many).

import { BRACE_DIALECTS } from "./brace/dialects.ts";
import { lexBraceLanguage } from "./brace/lexer.ts";
import { isCloser, isOpener } from "./brace/tokens.ts";
import { detectLanguage } from "./language.ts";

export interface BracketBalance {
  /** Openers without a closer. */
  readonly unclosed: number;
  /** Closers without an opener. */
  readonly unopened: number;
}

/** The bracket balance of `lines` read as the language of `fileName`; null for non-brace languages. */
export function bracketBalance(
  lines: readonly string[],
  fileName: string,
  fileLines: readonly string[],
): BracketBalance | null {
  const language = detectLanguage(fileName, fileLines);
  if (language.family !== "brace" || language.dialect === "generic") return null;
  const tokens = lexBraceLanguage(lines, BRACE_DIALECTS[language.dialect]);
  let unclosed = 0;
  let unopened = 0;
  for (let index = 0; index < tokens.count; index++) {
    if (tokens.match[index] !== -1) continue;
    if (isOpener(tokens.kind[index]!)) unclosed++;
    else if (isCloser(tokens.kind[index]!)) unopened++;
  }
  return { unclosed, unopened };
}
