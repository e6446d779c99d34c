// Block rules of brace languages over a token stream: which bracket a header line opens (its body, not a
// parameter list or a destructuring pattern), how a multi-line signature runs on to its body, and which
// block encloses any other line.

import type { BraceDialect } from "./dialects.ts";
import { Signatures } from "./signature.ts";
import { isCloser, isOpener, Tok, type TokenStream } from "./tokens.ts";
import { spanContains, type BlockRules, type LineSpan } from "../span.ts";

export class BraceBlocks implements BlockRules {
  private readonly signatures: Signatures;
  /** blockFrom's chain of open brackets, one array for every line (it runs on every line of an outline). */
  private readonly chain: number[] = [];

  constructor(
    private readonly tokens: TokenStream,
    private readonly dialect: BraceDialect,
  ) {
    this.signatures = new Signatures(tokens, dialect);
  }

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
    for (let opener = this.innermostOpenerAround(line); opener >= 0;) {
      const header = this.headerLineOf(opener);
      const closeLine = tokens.line[tokens.match[opener]!]!;
      const candidate = this.headerBlock(header);
      if (candidate && spanContains(candidate, line)) return candidate;
      if (header <= line && line <= closeLine) return { start: header, end: closeLine };
      opener = this.innermostOpenerBefore(opener, line);
    }
    return null;
  }

  /**
   * The block whose header starts at token `from` and runs to the end of its line: its last line, and the
   * opener that decided it (-1 for one-line and Allman blocks); null when those tokens open no block.
   */
  private blockFrom(from: number): { end: number; opener: number } | null {
    const { tokens } = this;
    const { kind, match } = tokens;
    const line = tokens.line[from]!;
    const lineEnd = tokens.firstOfLine[line + 1]!;
    // Openers still open at the end of the line form a chain, each inside the one before it.
    const chain = this.chain;
    chain.length = 0;
    let closedBracePair = false;
    for (let token = from; token < lineEnd; token++) {
      if (!isOpener(kind[token]!) || match[token] === -1) continue;
      if (tokens.line[match[token]!]! > line) chain.push(token);
      else if (kind[token] === Tok.OpenBrace) closedBracePair = true;
    }
    if (chain.length === 0) {
      const allman = this.signatures.allmanBody(lineEnd - 1);
      if (allman >= 0) return { end: tokens.line[match[allman]!]!, opener: -1 };
      if (kind[lineEnd - 1] === Tok.Less) {
        const body = this.signatures.bodyAfterTypeParameters(lineEnd - 1);
        if (body >= 0) return { end: tokens.line[match[body]!]!, opener: body };
      }
      const signatureBody = this.signatures.bodyBelowSignature(from, lineEnd);
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
    if (kind[selected] === Tok.OpenParen)
      return { end: this.signatures.parenthesizedEnd(selected), opener: selected };
    return { end: tokens.line[match[selected]!]!, opener: selected };
  }

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
    const end = this.blockFrom(declaration)?.end ?? null;
    return { start, end: end ?? declarationLine };
  }

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
            if (this.signatures.bodyAfterSignature(token) !== opener) break;
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
        if (above >= 0 && this.signatures.allmanBody(above) === cursor) {
          header = tokens.line[above]!;
          cursor = above + 1;
          continue;
        }
      }
      return header;
    }
  }
}
