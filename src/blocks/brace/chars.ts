// Character codes and classes the brace lexer and its literal scanners test, by name.

export const CH = {
  tab: 9,
  vt: 11,
  ff: 12,
  cr: 13,
  space: 32,
  bang: 33,
  dquote: 34,
  hash: 35,
  dollar: 36,
  quote: 39,
  lparen: 40,
  rparen: 41,
  plus: 43,
  comma: 44,
  minus: 45,
  dot: 46,
  slash: 47,
  colon: 58,
  semicolon: 59,
  less: 60,
  equals: 61,
  greater: 62,
  question: 63,
  at: 64,
  lbracket: 91,
  backslash: 92,
  rbracket: 93,
  underscore: 95,
  backtick: 96,
  lbrace: 123,
  rbrace: 125,
} as const;

export const isDigit = (c: number): boolean => c >= 48 && c <= 57;
export const isIdentStart = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === CH.underscore || c === CH.dollar || c >= 0x80;
export const isIdentPart = (c: number): boolean => isIdentStart(c) || isDigit(c);
export const isSpace = (c: number): boolean =>
  c === CH.space || c === CH.tab || c === CH.cr || c === CH.ff || c === CH.vt || c === 0xa0 || c === 0xfeff;
