// The token stream a brace-language lexer produces: only what block finding needs (brackets, a few
// punctuators, words, literals), in compact typed arrays so a 200k-line bundle lexes in one pass.

export const Tok = {
  OpenParen: 1,
  CloseParen: 2,
  OpenBrace: 3,
  CloseBrace: 4,
  OpenBracket: 5,
  CloseBracket: 6,
  Comma: 7,
  Semicolon: 8,
  Colon: 9,
  /** `=>` */
  FatArrow: 10,
  /** `->` */
  ThinArrow: 11,
  Dot: 12,
  /** `@` (decorator, annotation) */
  At: 13,
  /** `#` where it starts an attribute (`#[`) */
  Hash: 14,
  Less: 15,
  Greater: 16,
  /** `=` alone */
  Assign: 17,
  /** Any other operator or mark. */
  Other: 18,
  Word: 19,
  /** String, number, regex, template, char, JSX element: one opaque token. */
  Literal: 20,
} as const;

export type TokenKind = (typeof Tok)[keyof typeof Tok];

export const isOpener = (kind: number): boolean =>
  kind === Tok.OpenParen || kind === Tok.OpenBrace || kind === Tok.OpenBracket;
export const isCloser = (kind: number): boolean =>
  kind === Tok.CloseParen || kind === Tok.CloseBrace || kind === Tok.CloseBracket;
/** The closer of an opener's kind: each closer's code follows its opener's. */
const closerOf = (opener: number): number => opener + 1;

export interface TokenStream {
  readonly count: number;
  readonly kind: Uint8Array;
  /** 0-based line index of each token. */
  readonly line: Int32Array;
  readonly col: Int32Array;
  readonly length: Int32Array;
  /** Index of the partner bracket, or -1 (not a bracket, or unbalanced). */
  readonly match: Int32Array;
  /** `firstOfLine[i]` = index of the first token on line i or later; length = lines + 1. */
  readonly firstOfLine: Int32Array;
  readonly lines: readonly string[];
}

const MIN_CAPACITY = 1024;

/** Growable typed-array storage the lexer appends to. */
export class TokenBuffer {
  count = 0;
  kind: Uint8Array;
  line: Int32Array;
  col: Int32Array;
  length: Int32Array;

  /** `expected`: about how many tokens will come (growing by doubling from a small buffer copied a 9 MB bundle's 1.3 million tokens ~11 times). */
  constructor(expected = MIN_CAPACITY) {
    const capacity = Math.max(MIN_CAPACITY, Math.ceil(expected));
    this.kind = new Uint8Array(capacity);
    this.line = new Int32Array(capacity);
    this.col = new Int32Array(capacity);
    this.length = new Int32Array(capacity);
  }

  push(kind: TokenKind, line: number, col: number, length: number): void {
    if (this.count === this.kind.length) this.grow();
    const index = this.count++;
    this.kind[index] = kind;
    this.line[index] = line;
    this.col[index] = col;
    this.length[index] = length;
  }

  /** Appends tokens `[from, to)` of `stream`, their lines moved by `lineShift`. */
  copyFrom(stream: TokenStream, from: number, to: number, lineShift: number): void {
    const count = to - from;
    while (this.count + count > this.kind.length) this.grow();
    const at = this.count;
    this.kind.set(stream.kind.subarray(from, to), at);
    this.col.set(stream.col.subarray(from, to), at);
    this.length.set(stream.length.subarray(from, to), at);
    const { line } = this;
    const source = stream.line;
    for (let index = 0; index < count; index++) line[at + index] = source[from + index]! + lineShift;
    this.count += count;
  }

  private grow(): void {
    const size = this.kind.length * 2;
    const kind = new Uint8Array(size);
    kind.set(this.kind);
    this.kind = kind;
    const line = new Int32Array(size);
    line.set(this.line);
    this.line = line;
    const col = new Int32Array(size);
    col.set(this.col);
    this.col = col;
    const length = new Int32Array(size);
    length.set(this.length);
    this.length = length;
  }

  /**
   * Freezes the buffer into a stream: pairs brackets and indexes the first token of every line. The arrays are cut to
   * their tokens: views when the buffer was sized close to its count (a version's analysis may be kept, so a doubled
   * buffer is copied instead of kept half empty).
   */
  finish(lines: readonly string[]): TokenStream {
    const count = this.count;
    const tight = this.kind.length - count <= count >> TIGHT_SHIFT;
    const kind = tight ? this.kind.subarray(0, count) : this.kind.slice(0, count);
    const line = tight ? this.line.subarray(0, count) : this.line.slice(0, count);
    const firstOfLine = new Int32Array(lines.length + 1);
    let token = 0;
    for (let lineIndex = 0; lineIndex <= lines.length; lineIndex++) {
      while (token < count && line[token]! < lineIndex) token++;
      firstOfLine[lineIndex] = token;
    }
    return {
      count,
      kind,
      line,
      col: tight ? this.col.subarray(0, count) : this.col.slice(0, count),
      length: tight ? this.length.subarray(0, count) : this.length.slice(0, count),
      match: pairBrackets(kind),
      firstOfLine,
      lines,
    };
  }
}

/** A buffer at most 1/2^TIGHT_SHIFT larger than its tokens is kept as it is. */
const TIGHT_SHIFT = 4;

/** How far down the stack a stray closer may reach to find its opener before it is ignored. */
const RECOVERY_DEPTH = 3;

/**
 * Pairs every bracket with its partner. A closer that does not fit the innermost opener closes the
 * nearest fitting one within a few levels (the skipped openers stay unpaired); otherwise it is ignored.
 */
function pairBrackets(kind: Uint8Array): Int32Array {
  const match = new Int32Array(kind.length).fill(-1);
  const stack: number[] = [];
  for (let index = 0; index < kind.length; index++) {
    const current = kind[index]!;
    if (isOpener(current)) {
      stack.push(index);
    } else if (isCloser(current)) {
      for (let depth = stack.length - 1; depth >= 0 && depth >= stack.length - RECOVERY_DEPTH; depth--) {
        const opener = stack[depth]!;
        if (closerOf(kind[opener]!) === current) {
          match[opener] = index;
          match[index] = opener;
          stack.length = depth;
          break;
        }
      }
    }
  }
  return match;
}

/** The source text of token `index`. */
export function tokenText(stream: TokenStream, index: number): string {
  const col = stream.col[index]!;
  return stream.lines[stream.line[index]!]!.slice(col, col + stream.length[index]!);
}
