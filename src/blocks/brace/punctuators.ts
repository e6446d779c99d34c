// Operators and marks as the block rules see them: the few that matter get their own token kind
// (`,` `;` `:` `.` `=` `=>` `->` `@` `#[` `<` `>`), every other operator is `Other`.

import { CH, isDigit } from "./chars.ts";
import { Tok, type TokenKind } from "./tokens.ts";

export interface Punctuator {
  readonly kind: TokenKind;
  readonly length: number;
  /** May an expression start right after it (so a `/` opens a regex)? */
  readonly expressionAfter: boolean;
}

const punctuator = (kind: TokenKind, length: number, expressionAfter: boolean): Punctuator => ({
  kind,
  length,
  expressionAfter,
});

function runLength(text: string, start: number, code: number): number {
  let end = start;
  while (text.charCodeAt(end) === code) end++;
  return end - start;
}

/** The punctuator at `start` (not a bracket, `/` or `'`/`"`: the lexer handles those itself). */
export function readPunctuator(text: string, start: number): Punctuator {
  const c = text.charCodeAt(start);
  const next = text.charCodeAt(start + 1);
  switch (c) {
    case CH.comma:
      return punctuator(Tok.Comma, 1, true);
    case CH.semicolon:
      return punctuator(Tok.Semicolon, 1, true);
    case CH.colon:
      return next === CH.colon ? punctuator(Tok.Other, 2, true) : punctuator(Tok.Colon, 1, true);
    case CH.dot:
      return next === CH.dot
        ? punctuator(Tok.Other, runLength(text, start, CH.dot), true)
        : punctuator(Tok.Dot, 1, false);
    case CH.equals:
      if (next === CH.greater) return punctuator(Tok.FatArrow, 2, true);
      if (next === CH.equals) return punctuator(Tok.Other, runLength(text, start, CH.equals), true);
      return punctuator(Tok.Assign, 1, true);
    case CH.minus:
      if (next === CH.greater) return punctuator(Tok.ThinArrow, 2, true);
      return next === CH.minus ? punctuator(Tok.Other, 2, false) : punctuator(Tok.Other, 1, true);
    case CH.plus:
      return next === CH.plus ? punctuator(Tok.Other, 2, false) : punctuator(Tok.Other, 1, true);
    case CH.at:
      return punctuator(Tok.At, 1, true);
    case CH.hash:
      return punctuator(next === CH.lbracket || next === CH.bang ? Tok.Hash : Tok.Other, 1, true);
    case CH.less:
      return next === CH.less || next === CH.equals
        ? punctuator(Tok.Other, 2, true)
        : punctuator(Tok.Less, 1, true);
    case CH.greater:
      // Each `>` of `>>` counts alone, so `Map<K, Set<V>>` closes two type argument lists.
      return next === CH.equals ? punctuator(Tok.Other, 2, true) : punctuator(Tok.Greater, 1, true);
    case CH.question:
      return next === CH.dot && !isDigit(text.charCodeAt(start + 2))
        ? punctuator(Tok.Dot, 2, false)
        : punctuator(Tok.Other, 1, true);
    default:
      return punctuator(Tok.Other, 1, true);
  }
}
