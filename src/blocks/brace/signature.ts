// Where a brace-language signature leads to its body: past a multi-line parameter list, a return type,
// `throws`, an initializer list or a `where` clause, type parameters over lines, or down to an Allman `{`.

import type { BraceDialect } from "./dialects.ts";
import { Tok, tokenText, type TokenStream } from "./tokens.ts";

/** How many tokens a return type, `throws` list or `where` clause may take before the body's `{`. */
const MAX_TAIL_TOKENS = 200;
/** An Allman `{` stands at most this many lines below its header (blank or comment lines between). */
const MAX_ALLMAN_GAP = 3;

/** Words that may start a line continuing a signature (C++, Java, Rust, Swift). */
const TAIL_CONTINUATION_WORDS = new Set([
  "where",
  "throws",
  "rethrows",
  "const",
  "override",
  "final",
  "noexcept",
  "requires",
  "async",
  "mutable",
  "volatile",
  "extends",
  "implements",
]);

export class Signatures {
  constructor(
    private readonly tokens: TokenStream,
    private readonly dialect: BraceDialect,
  ) {}

  /**
   * `class Server<` with type parameters over several lines: past the matching `>`, the `{` that opens
   * the body (an `extends`/`implements` clause between), or -1.
   */
  bodyAfterTypeParameters(less: number): number {
    const { tokens } = this;
    const { kind, match } = tokens;
    let angle = 0;
    for (let token = less; token < tokens.count && token < less + MAX_TAIL_TOKENS * 4; token++) {
      switch (kind[token]) {
        case Tok.Less:
          angle++;
          break;
        case Tok.Greater:
          angle = Math.max(0, angle - 1);
          break;
        case Tok.FatArrow:
          break;
        case Tok.OpenBrace:
          if (match[token] === -1) return -1;
          if (angle === 0) return token;
          token = match[token]!;
          break;
        case Tok.OpenParen:
        case Tok.OpenBracket:
          if (match[token] === -1) return -1;
          token = match[token]!;
          break;
        case Tok.Semicolon:
        case Tok.CloseBrace:
        case Tok.CloseParen:
        case Tok.CloseBracket:
          return -1;
      }
    }
    return -1;
  }

  /**
   * A complete signature whose body starts on a later line after a tail that goes on there
   * (`A::A(int a)` / `    : a_(a) {`, `fn f<T>(x: T) -> T` / `where …` / `{`). Returns that `{` or -1.
   */
  bodyBelowSignature(from: number, lineEnd: number): number {
    if (this.dialect.tail !== "free") return -1;
    const { kind } = this.tokens;
    for (let token = lineEnd - 1; token >= from; token--) {
      if (kind[token] !== Tok.CloseParen) continue;
      const body = this.freeTailBody(token + 1);
      return body >= 0 && this.tokens.line[body]! > this.tokens.line[from]! ? body : -1;
    }
    return -1;
  }

  /** Where a block headed by an open `(` ends: at its `)`, or at the body that follows the signature. */
  parenthesizedEnd(openParen: number): number {
    const { tokens } = this;
    const closeParen = tokens.match[openParen]!;
    const body = this.bodyAfterSignature(closeParen);
    if (body >= 0 && tokens.match[body]! >= 0) return tokens.line[tokens.match[body]!]!;
    return tokens.line[closeParen]!;
  }

  /** The `{` (or arrow-body `(`) that a signature ending at `closeParen` opens, or -1. */
  bodyAfterSignature(closeParen: number): number {
    const { kind } = this.tokens;
    const next = closeParen + 1;
    if (next >= this.tokens.count) return -1;
    switch (this.dialect.tail) {
      case "js":
      case "ts":
        if (kind[next] === Tok.OpenBrace) return next;
        if (kind[next] === Tok.FatArrow) {
          const arrowBody = next + 1;
          return kind[arrowBody] === Tok.OpenBrace || kind[arrowBody] === Tok.OpenParen ? arrowBody : -1;
        }
        if (this.dialect.tail === "ts" && kind[next] === Tok.Colon) return this.typeAnnotatedBody(next + 1);
        return -1;
      case "free":
        return this.freeTailBody(next);
    }
  }

  /** After `): Type`, the `{` that opens the body (a `{ … }` type literal is skipped). */
  typeAnnotatedBody(from: number): number {
    const { tokens } = this;
    const { kind, match } = tokens;
    let angle = 0;
    for (let token = from; token < tokens.count && token < from + MAX_TAIL_TOKENS; token++) {
      switch (kind[token]) {
        case Tok.OpenParen:
        case Tok.OpenBracket:
          if (match[token] === -1) return -1;
          token = match[token]!;
          break;
        case Tok.OpenBrace: {
          if (match[token] === -1) return -1;
          const after = match[token]! + 1;
          const typeGoesOn =
            angle > 0 ||
            kind[after] === Tok.OpenBrace ||
            kind[after] === Tok.OpenBracket ||
            (kind[after] === Tok.Other && /^[|&]$/.test(tokenText(tokens, after)));
          if (!typeGoesOn) return token;
          token = match[token]!;
          break;
        }
        case Tok.Less:
          angle++;
          break;
        case Tok.Greater:
          angle = Math.max(0, angle - 1);
          break;
        case Tok.Comma:
          if (angle === 0) return -1;
          break;
        case Tok.Semicolon:
        case Tok.Assign:
        case Tok.CloseBrace:
        case Tok.CloseParen:
        case Tok.CloseBracket:
          return -1;
      }
    }
    return -1;
  }

  /**
   * C-like tails: return types, `throws`, `const`, initializer lists, `where` clauses, up to the body's `{`.
   * A tail crosses a line end only where a signature plausibly goes on (a newline may end a statement).
   */
  freeTailBody(from: number): number {
    const { tokens } = this;
    const { kind, match } = tokens;
    let previous = from - 1;
    for (let token = from; token < tokens.count && token < from + MAX_TAIL_TOKENS; token++) {
      if (tokens.line[token]! > tokens.line[previous]! && !this.tailContinuesAcrossLines(previous, token)) {
        return -1;
      }
      switch (kind[token]) {
        case Tok.OpenBrace:
          return token;
        case Tok.OpenParen:
        case Tok.OpenBracket:
          if (match[token] === -1) return -1;
          token = match[token]!;
          break;
        case Tok.Semicolon:
        case Tok.Assign:
        case Tok.CloseBrace:
        case Tok.CloseParen:
        case Tok.CloseBracket:
          return -1;
      }
      previous = token;
    }
    return -1;
  }

  tailContinuesAcrossLines(previous: number, next: number): boolean {
    const { kind } = this.tokens;
    const nextKind = kind[next]!;
    if (nextKind === Tok.OpenBrace || nextKind === Tok.Colon || nextKind === Tok.ThinArrow) return true;
    if (nextKind === Tok.FatArrow || nextKind === Tok.Comma) return true;
    if (nextKind === Tok.Word && TAIL_CONTINUATION_WORDS.has(tokenText(this.tokens, next))) return true;
    const previousKind = kind[previous]!;
    if (previousKind === Tok.Comma || previousKind === Tok.Colon || previousKind === Tok.ThinArrow)
      return true;
    if (previousKind === Tok.FatArrow) return true;
    return previousKind === Tok.Word && TAIL_CONTINUATION_WORDS.has(tokenText(this.tokens, previous));
  }

  /**
   * Allman style: the body's `{` stands alone at the start of a later line right under a header that
   * ends in `)`, a word or `>`. Returns that `{` or -1.
   */
  allmanBody(lastOfHeader: number): number {
    const { tokens } = this;
    const { kind } = tokens;
    const brace = lastOfHeader + 1;
    if (lastOfHeader < 0 || brace >= tokens.count || kind[brace] !== Tok.OpenBrace) return -1;
    if (tokens.match[brace] === -1) return -1;
    const braceLine = tokens.line[brace]!;
    if (tokens.firstOfLine[braceLine] !== brace) return -1;
    if (braceLine - tokens.line[lastOfHeader]! > MAX_ALLMAN_GAP) return -1;
    const last = kind[lastOfHeader]!;
    return last === Tok.CloseParen || last === Tok.Word || last === Tok.Greater ? brace : -1;
  }
}
