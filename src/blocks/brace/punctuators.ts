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

// The punctuators of a fixed length, made once: a bundle has hundreds of thousands of them.
const COMMA = punctuator(Tok.Comma, 1, true);
const SEMICOLON = punctuator(Tok.Semicolon, 1, true);
const COLON = punctuator(Tok.Colon, 1, true);
const DOT = punctuator(Tok.Dot, 1, false);
const OPTIONAL_DOT = punctuator(Tok.Dot, 2, false);
const FAT_ARROW = punctuator(Tok.FatArrow, 2, true);
const THIN_ARROW = punctuator(Tok.ThinArrow, 2, true);
const ASSIGN = punctuator(Tok.Assign, 1, true);
const AT = punctuator(Tok.At, 1, true);
const HASH = punctuator(Tok.Hash, 1, true);
const LESS = punctuator(Tok.Less, 1, true);
const GREATER = punctuator(Tok.Greater, 1, true);
const OTHER = punctuator(Tok.Other, 1, true);
const OTHER_PAIR = punctuator(Tok.Other, 2, true);
/** `++`, `--`: no expression follows them. */
const OTHER_PAIR_CLOSED = punctuator(Tok.Other, 2, false);

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
      return COMMA;
    case CH.semicolon:
      return SEMICOLON;
    case CH.colon:
      return next === CH.colon ? OTHER_PAIR : COLON;
    case CH.dot:
      return next === CH.dot ? punctuator(Tok.Other, runLength(text, start, CH.dot), true) : DOT;
    case CH.equals:
      if (next === CH.greater) return FAT_ARROW;
      if (next === CH.equals) return punctuator(Tok.Other, runLength(text, start, CH.equals), true);
      return ASSIGN;
    case CH.minus:
      if (next === CH.greater) return THIN_ARROW;
      return next === CH.minus ? OTHER_PAIR_CLOSED : OTHER;
    case CH.plus:
      return next === CH.plus ? OTHER_PAIR_CLOSED : OTHER;
    case CH.at:
      return AT;
    case CH.hash:
      return next === CH.lbracket || next === CH.bang ? HASH : OTHER;
    case CH.less:
      return next === CH.less || next === CH.equals ? OTHER_PAIR : LESS;
    case CH.greater:
      // Each `>` of `>>` counts alone, so `Map<K, Set<V>>` closes two type argument lists.
      return next === CH.equals ? OTHER_PAIR : GREATER;
    case CH.question:
      return next === CH.dot && !isDigit(text.charCodeAt(start + 2)) ? OPTIONAL_DOT : OTHER;
    default:
      return OTHER;
  }
}
