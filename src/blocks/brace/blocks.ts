// Block rules of brace languages over a token stream: which bracket a header line opens (its body, not a
// parameter list or a destructuring pattern), how a multi-line signature runs on to its body, and which
// block encloses any other line.

import type { BraceDialect } from "./dialects.ts";
import { isCloser, isOpener, Tok, tokenText, type TokenStream } from "./tokens.ts";
import { spanContains, type BlockRules, type LineSpan } from "../span.ts";

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

export class BraceBlocks implements BlockRules {
  constructor(
    private readonly tokens: TokenStream,
    private readonly dialect: BraceDialect,
  ) {}

  headerBlock(line: number): LineSpan | null {
    const { tokens } = this;
    const first = tokens.firstOfLine[line]!;
    if (first >= tokens.firstOfLine[line + 1]!) return null;
    if (this.isAnnotationStart(first)) return this.annotatedBlock(first);
    const block = this.blockFrom(first);
    if (block === null) return null;
    // `  b) {` continues a signature begun above: the block is the whole declaration.
    const header = block.opener >= 0 ? this.headerLineOf(block.opener) : line;
    if (header < line) {
      const whole = this.headerBlock(header);
      if (whole && spanContains(whole, line)) return whole;
    }
    return { start: line, end: block.end };
  }

  enclosingBlock(line: number): LineSpan | null {
    const { tokens } = this;
    for (let opener = this.innermostOpenerAround(line); opener >= 0; ) {
      const header = this.headerLineOf(opener);
      const closeLine = tokens.line[tokens.match[opener]!]!;
      const candidate = this.headerBlock(header);
      if (candidate && spanContains(candidate, line)) return candidate;
      if (header <= line && line <= closeLine) return { start: header, end: closeLine };
      opener = this.innermostOpenerBefore(opener, line);
    }
    return null;
  }

  // ---- headers ----------------------------------------------------------------------------------

  /**
   * The last line of the block whose header starts at token `from` and runs to the end of its line,
   * or null when those tokens open no block.
   */
  private blockEndFrom(from: number): number | null {
    return this.blockFrom(from)?.end ?? null;
  }

  /** Like `blockEndFrom`, with the opener that decided the block (-1 for one-line blocks). */
  private blockFrom(from: number): { end: number; opener: number } | null {
    const { tokens } = this;
    const { kind, match } = tokens;
    const line = tokens.line[from]!;
    const lineEnd = tokens.firstOfLine[line + 1]!;
    // Openers still open at the end of the line form a chain, each inside the one before it.
    const chain: number[] = [];
    let closedBracePair = false;
    for (let token = from; token < lineEnd; token++) {
      if (!isOpener(kind[token]!) || match[token] === -1) continue;
      if (tokens.line[match[token]!]! > line) chain.push(token);
      else if (kind[token] === Tok.OpenBrace) closedBracePair = true;
    }
    if (chain.length === 0) {
      const allman = this.allmanBody(lineEnd - 1);
      if (allman >= 0) return { end: tokens.line[match[allman]!]!, opener: -1 };
      if (kind[lineEnd - 1] === Tok.Less) {
        const body = this.bodyAfterTypeParameters(lineEnd - 1);
        if (body >= 0) return { end: tokens.line[match[body]!]!, opener: body };
      }
      const signatureBody = this.bodyBelowSignature(from, lineEnd);
      if (signatureBody >= 0) return { end: tokens.line[match[signatureBody]!]!, opener: signatureBody };
      return closedBracePair ? { end: line, opener: -1 } : null;
    }
    // The innermost open bracket decides, unless it stands in argument position inside an open `(`
    // (`function f({`, `f(a, [`, `f(a = g(`, `f(o = {`, `f(o: {`): then the parentheses around it decide.
    let depth = chain.length - 1;
    while (depth > 0 && kind[chain[depth - 1]!] === Tok.OpenParen) {
      const current = chain[depth]!;
      const before = kind[current - 1];
      const inArgumentPosition =
        kind[current] === Tok.OpenParen ||
        before === Tok.OpenParen ||
        before === Tok.Comma ||
        before === Tok.Assign ||
        before === Tok.Colon;
      if (!inArgumentPosition) break;
      depth--;
    }
    const selected = chain[depth]!;
    if (kind[selected] === Tok.OpenParen) return { end: this.parenthesizedEnd(selected), opener: selected };
    return { end: tokens.line[match[selected]!]!, opener: selected };
  }

  /**
   * `class Server<` with type parameters over several lines: past the matching `>`, the `{` that opens
   * the body (an `extends`/`implements` clause between), or -1.
   */
  private bodyAfterTypeParameters(less: number): number {
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
  private bodyBelowSignature(from: number, lineEnd: number): number {
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
  private parenthesizedEnd(openParen: number): number {
    const { tokens } = this;
    const closeParen = tokens.match[openParen]!;
    const body = this.bodyAfterSignature(closeParen);
    if (body >= 0 && tokens.match[body]! >= 0) return tokens.line[tokens.match[body]!]!;
    return tokens.line[closeParen]!;
  }

  /** The `{` (or arrow-body `(`) that a signature ending at `closeParen` opens, or -1. */
  private bodyAfterSignature(closeParen: number): number {
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
  private typeAnnotatedBody(from: number): number {
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
  private freeTailBody(from: number): number {
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

  private tailContinuesAcrossLines(previous: number, next: number): boolean {
    const { kind } = this.tokens;
    const nextKind = kind[next]!;
    if (nextKind === Tok.OpenBrace || nextKind === Tok.Colon || nextKind === Tok.ThinArrow) return true;
    if (nextKind === Tok.FatArrow || nextKind === Tok.Comma) return true;
    if (nextKind === Tok.Word && TAIL_CONTINUATION_WORDS.has(tokenText(this.tokens, next))) return true;
    const previousKind = kind[previous]!;
    if (previousKind === Tok.Comma || previousKind === Tok.Colon || previousKind === Tok.ThinArrow) return true;
    if (previousKind === Tok.FatArrow) return true;
    return previousKind === Tok.Word && TAIL_CONTINUATION_WORDS.has(tokenText(this.tokens, previous));
  }

  /**
   * Allman style: the body's `{` stands alone at the start of a later line right under a header that
   * ends in `)`, a word or `>`. Returns that `{` or -1.
   */
  private allmanBody(lastOfHeader: number): number {
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

  // ---- annotations ------------------------------------------------------------------------------

  private isAnnotationStart(token: number): boolean {
    const { kind } = this.tokens;
    switch (this.dialect.annotation) {
      case "@":
        return kind[token] === Tok.At;
      case "#[":
        return kind[token] === Tok.Hash;
      case "[":
        return kind[token] === Tok.OpenBracket;
      case "none":
        return false;
    }
  }

  /** The token right after the annotation starting at `token`, or -1 when it does not close. */
  private skipAnnotation(token: number): number {
    const { tokens } = this;
    const { kind, match } = tokens;
    let cursor = token + 1;
    if (kind[token] === Tok.Hash) {
      if (tokens.count > cursor && kind[cursor] === Tok.Other) cursor++; // `#![`
      if (kind[cursor] !== Tok.OpenBracket || match[cursor] === -1) return -1;
      return match[cursor]! + 1;
    }
    if (kind[token] === Tok.OpenBracket) return match[token] === -1 ? -1 : match[token]! + 1;
    // `@name`, `@a.b.c`, `@name(args)`, `@(expr)`
    while (kind[cursor] === Tok.Word || kind[cursor] === Tok.Dot) cursor++;
    if (kind[cursor] === Tok.OpenParen && tokens.line[cursor] === tokens.line[cursor - 1]) {
      if (match[cursor] === -1) return -1;
      cursor = match[cursor]! + 1;
    }
    return cursor;
  }

  /** A block headed by annotations covers them and the declaration they annotate. */
  private annotatedBlock(first: number): LineSpan | null {
    const { tokens } = this;
    const start = tokens.line[first]!;
    let declaration = first;
    while (declaration < tokens.count && this.isAnnotationStart(declaration)) {
      const next = this.skipAnnotation(declaration);
      if (next < 0 || next <= declaration) return null;
      declaration = next;
    }
    if (declaration >= tokens.count) return null;
    const declarationLine = tokens.line[declaration]!;
    const end = this.blockEndFrom(declaration);
    return { start, end: end ?? declarationLine };
  }

  // ---- enclosing blocks -------------------------------------------------------------------------

  /** The innermost opener before `line` whose block reaches `line`, or -1. */
  private innermostOpenerAround(line: number): number {
    return this.innermostOpenerBefore(this.tokens.firstOfLine[line]!, line);
  }

  /** Walking back from token `before`, the first opener still open at `line` (closed groups are jumped). */
  private innermostOpenerBefore(before: number, line: number): number {
    const { kind, match } = this.tokens;
    for (let token = before - 1; token >= 0; token--) {
      const current = kind[token]!;
      if (isCloser(current)) {
        if (match[token]! >= 0) token = match[token]!;
      } else if (isOpener(current) && match[token]! >= 0 && this.tokens.line[match[token]!]! >= line) {
        return token;
      }
    }
    return -1;
  }

  /**
   * The line where the header of the block opened by `opener` starts: back over a multi-line parameter
   * list (`  b) {` → the line of its `(`) and up from an Allman `{` to the line above.
   */
  private headerLineOf(opener: number): number {
    const { tokens } = this;
    const { kind, match } = tokens;
    let header = tokens.line[opener]!;
    let cursor = opener;
    for (;;) {
      let moved = false;
      for (let token = cursor - 1; token >= tokens.firstOfLine[header]!; token--) {
        const current = kind[token]!;
        if (current === Tok.CloseParen && match[token]! >= 0) {
          const partner = match[token]!;
          if (tokens.line[partner]! < header) {
            if (this.bodyAfterSignature(token) !== opener) break;
            header = tokens.line[partner]!;
            cursor = partner;
            moved = true;
            break;
          }
          token = partner;
          continue;
        }
        if (
          current === Tok.CloseBrace ||
          current === Tok.Semicolon ||
          current === Tok.Comma ||
          isOpener(current) ||
          isCloser(current)
        ) {
          break;
        }
      }
      if (moved) continue;
      if (cursor === tokens.firstOfLine[header] && kind[cursor] === Tok.OpenBrace) {
        const above = cursor - 1;
        if (above >= 0 && this.allmanBody(above) === cursor) {
          header = tokens.line[above]!;
          cursor = above + 1;
          continue;
        }
      }
      return header;
    }
  }
}
