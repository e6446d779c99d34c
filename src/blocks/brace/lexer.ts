// The brace-language lexer: one pass over the lines that emits brackets and a few punctuators, and skips
// everything whose brackets do not count — strings, comments, templates, regexes, JSX text, raw strings.

import type { BraceDialect, Interpolation } from "./dialects.ts";
import { Tok, TokenBuffer, type TokenKind, type TokenStream } from "./tokens.ts";
import { PreprocessorState } from "./preprocessor.ts";

type Escape = "backslash" | "double" | "none";

type Frame =
  /** Code. `closer` is the char code that ends an interpolation hole (0 for the file itself). */
  | { kind: "code"; closer: number; depth: number }
  | { kind: "string"; close: string; escape: Escape; multiline: boolean; interpolation: Interpolation }
  | { kind: "template" }
  | { kind: "comment"; depth: number }
  | { kind: "jsx-tag"; closing: boolean }
  | { kind: "jsx-children" }
  | { kind: "heredoc"; terminator: string }
  | { kind: "html" };

/** Words after which a `/` starts a regex and a `<` may start JSX. */
const EXPRESSION_KEYWORDS = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
  "default",
  "extends",
]);

const CH = {
  tab: 9,
  lf: 10,
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

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isIdentStart = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === CH.underscore || c === CH.dollar || c >= 0x80;
const isIdentPart = (c: number): boolean => isIdentStart(c) || isDigit(c);
const isSpace = (c: number): boolean =>
  c === CH.space || c === CH.tab || c === CH.cr || c === CH.ff || c === CH.vt || c === 0xa0 || c === 0xfeff;

export function lexBraceLanguage(lines: readonly string[], dialect: BraceDialect): TokenStream {
  return new BraceLexer(lines, dialect).run();
}

class BraceLexer {
  private readonly out = new TokenBuffer();
  private readonly frames: Frame[] = [{ kind: "code", closer: 0, depth: 0 }];
  private readonly preprocessor: PreprocessorState | null;
  /** First characters of the line-comment markers, to test markers only where one may start. */
  private readonly commentStarts: Set<number>;
  private text = "";
  private lineIndex = 0;
  private pos = 0;
  /** May an expression start here (so `/` is a regex, `<` may open JSX)? */
  private expressionAllowed = true;
  private lastWasCloseBrace = false;
  /** The last token was `.` (or `?.`): a keyword after it is a property name (`x.return / 2`). */
  private lastWasDot = false;
  /** A backslash ended the line inside a one-line string: the string goes on. */
  private escapedLineEnd = false;
  /** Brackets opened minus brackets closed so far (the preprocessor compares branches by it). */
  private bracketDepth = 0;

  constructor(
    private readonly lines: readonly string[],
    private readonly dialect: BraceDialect,
  ) {
    this.preprocessor = dialect.preprocessor ? new PreprocessorState() : null;
    this.commentStarts = new Set(dialect.lineComments.map((marker) => marker.charCodeAt(0)));
    if (dialect.heredoc === "php") this.frames.push({ kind: "html" });
  }

  run(): TokenStream {
    const { lines } = this;
    for (let index = 0; index < lines.length; index++) {
      this.lineIndex = index;
      this.text = lines[index]!;
      this.pos = 0;
      this.escapedLineEnd = false;
      if (index === 0 && this.dialect.regexLiterals && this.text.startsWith("#!")) continue;
      if (
        this.preprocessor &&
        this.frames.length === 1 &&
        this.preprocessor.consumesLine(this.text, this.bracketDepth)
      )
        continue;
      while (this.pos < this.text.length) this.step();
      this.endOfLine();
    }
    return this.out.finish(lines);
  }

  private get top(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private emit(kind: TokenKind, col: number, length: number, expressionAfter: boolean): void {
    this.out.push(kind, this.lineIndex, col, length);
    if (kind === Tok.OpenParen || kind === Tok.OpenBrace || kind === Tok.OpenBracket) this.bracketDepth++;
    else if (kind === Tok.CloseParen || kind === Tok.CloseBrace || kind === Tok.CloseBracket)
      this.bracketDepth--;
    this.expressionAllowed = expressionAfter;
    this.lastWasCloseBrace = kind === Tok.CloseBrace;
    this.lastWasDot = kind === Tok.Dot;
  }

  private endOfLine(): void {
    const top = this.top;
    if (top.kind === "string" && !top.multiline && !this.escapedLineEnd) {
      // An unterminated one-line string ends with its line, so one stray quote cannot swallow a file.
      this.frames.pop();
      this.emit(Tok.Literal, this.text.length, 0, false);
    }
  }

  private step(): void {
    const top = this.top;
    switch (top.kind) {
      case "code":
        return this.stepCode(top);
      case "string":
        return this.stepString(top);
      case "template":
        return this.stepTemplate();
      case "comment":
        return this.stepComment(top);
      case "jsx-tag":
        return this.stepJsxTag(top);
      case "jsx-children":
        return this.stepJsxChildren();
      case "heredoc":
        return this.stepHeredoc(top);
      case "html":
        return this.stepHtml();
    }
  }

  // ---- code -------------------------------------------------------------------------------------

  private stepCode(frame: Extract<Frame, { kind: "code" }>): void {
    const { text, dialect } = this;
    let start = this.pos;
    let c = text.charCodeAt(start);
    while (isSpace(c)) c = text.charCodeAt(++start);
    this.pos = start;
    if (start >= text.length) return;
    if (this.commentStarts.has(c)) {
      for (const marker of dialect.lineComments) {
        if (text.startsWith(marker, start)) {
          const isAttribute = marker === "#" && text.charCodeAt(start + 1) === CH.lbracket;
          if (!isAttribute || dialect.annotation !== "#[") {
            this.pos = text.length;
            return;
          }
        }
      }
    }
    const block = dialect.blockComment;
    if (block && c === block.open.charCodeAt(0) && text.startsWith(block.open, start)) {
      this.frames.push({ kind: "comment", depth: 1 });
      this.pos += block.open.length;
      return;
    }
    if (
      dialect.rawStrings !== "none" &&
      (isIdentStart(c) || c === CH.at || c === CH.dollar || c === CH.hash)
    ) {
      if (this.tryPrefixedString()) return;
    }
    if (c === CH.dquote || c === CH.quote) {
      if (dialect.stringQuotes.includes(text[start]!)) return this.openString(c);
      if (c === CH.quote && dialect.charLiterals) return this.charLiteral();
      this.pos++;
      this.emit(Tok.Other, start, 1, true);
      return;
    }
    if (c === CH.backtick) return this.backtick();
    if (isDigit(c) || (c === CH.dot && isDigit(text.charCodeAt(start + 1)))) return this.number();
    if (
      isIdentStart(c) ||
      (c === CH.hash && dialect.regexLiterals && isIdentStart(text.charCodeAt(start + 1)))
    ) {
      return this.word();
    }
    this.punctuation(frame, c);
  }

  private punctuation(frame: Extract<Frame, { kind: "code" }>, c: number): void {
    const { text } = this;
    const start = this.pos;
    const next = text.charCodeAt(start + 1);
    this.pos++;
    switch (c) {
      case CH.lparen:
        if (frame.closer === CH.rparen) frame.depth++;
        return this.emit(Tok.OpenParen, start, 1, true);
      case CH.rparen:
        if (frame.closer === CH.rparen) {
          if (frame.depth === 0) return this.closeHole();
          frame.depth--;
        }
        return this.emit(Tok.CloseParen, start, 1, false);
      case CH.lbrace:
        if (frame.closer === CH.rbrace) frame.depth++;
        return this.emit(Tok.OpenBrace, start, 1, true);
      case CH.rbrace:
        if (frame.closer === CH.rbrace) {
          if (frame.depth === 0) return this.closeHole();
          frame.depth--;
        }
        return this.emit(Tok.CloseBrace, start, 1, true);
      case CH.lbracket:
        return this.emit(Tok.OpenBracket, start, 1, true);
      case CH.rbracket:
        return this.emit(Tok.CloseBracket, start, 1, false);
      case CH.comma:
        return this.emit(Tok.Comma, start, 1, true);
      case CH.semicolon:
        return this.emit(Tok.Semicolon, start, 1, true);
      case CH.colon:
        if (next === CH.colon) {
          this.pos++;
          return this.emit(Tok.Other, start, 2, true);
        }
        return this.emit(Tok.Colon, start, 1, true);
      case CH.dot:
        if (next === CH.dot) {
          while (text.charCodeAt(this.pos) === CH.dot) this.pos++;
          return this.emit(Tok.Other, start, this.pos - start, true);
        }
        return this.emit(Tok.Dot, start, 1, false);
      case CH.equals:
        if (next === CH.greater) {
          this.pos++;
          return this.emit(Tok.FatArrow, start, 2, true);
        }
        if (next === CH.equals) {
          while (text.charCodeAt(this.pos) === CH.equals) this.pos++;
          return this.emit(Tok.Other, start, this.pos - start, true);
        }
        return this.emit(Tok.Assign, start, 1, true);
      case CH.minus:
        if (next === CH.greater) {
          this.pos++;
          return this.emit(Tok.ThinArrow, start, 2, true);
        }
        if (next === CH.minus) {
          this.pos++;
          return this.emit(Tok.Other, start, 2, false);
        }
        return this.emit(Tok.Other, start, 1, true);
      case CH.plus:
        if (next === CH.plus) {
          this.pos++;
          return this.emit(Tok.Other, start, 2, false);
        }
        return this.emit(Tok.Other, start, 1, true);
      case CH.at:
        return this.emit(Tok.At, start, 1, true);
      case CH.hash:
        return this.emit(next === CH.lbracket || next === CH.bang ? Tok.Hash : Tok.Other, start, 1, true);
      case CH.slash:
        if (this.dialect.regexLiterals && this.expressionAllowed && this.regex(start)) return;
        return this.emit(Tok.Other, start, 1, true);
      case CH.less:
        if (this.dialect.jsx && this.expressionAllowed && !this.lastWasCloseBrace && this.jsxStart(start))
          return;
        if (this.dialect.heredoc !== "none" && next === CH.less && this.heredocStart(start)) return;
        if (next === CH.less || next === CH.equals) {
          this.pos++;
          return this.emit(Tok.Other, start, 2, true);
        }
        return this.emit(Tok.Less, start, 1, true);
      case CH.greater:
        if (next === CH.equals) {
          this.pos++;
          return this.emit(Tok.Other, start, 2, true);
        }
        return this.emit(Tok.Greater, start, 1, true);
      case CH.question:
        if (next === CH.greater && this.dialect.heredoc === "php") {
          this.pos++;
          this.frames.push({ kind: "html" });
          return this.emit(Tok.Semicolon, start, 2, true);
        }
        if (next === CH.dot && !isDigit(text.charCodeAt(start + 2))) {
          this.pos++;
          return this.emit(Tok.Dot, start, 2, false);
        }
        return this.emit(Tok.Other, start, 1, true);
      default:
        return this.emit(Tok.Other, start, 1, true);
    }
  }

  private closeHole(): void {
    this.frames.pop();
    this.expressionAllowed = false;
  }

  private word(): void {
    const { text } = this;
    const start = this.pos;
    this.pos++;
    while (this.pos < text.length && isIdentPart(text.charCodeAt(this.pos))) this.pos++;
    const word = text.slice(start, this.pos);
    if (this.dialect.cssUrls && text.charCodeAt(this.pos) === CH.lparen && word.toLowerCase() === "url") {
      if (this.cssUrl(start)) return;
    }
    this.emit(Tok.Word, start, this.pos - start, !this.lastWasDot && EXPRESSION_KEYWORDS.has(word));
  }

  private number(): void {
    const { text, dialect } = this;
    const start = this.pos;
    this.pos++;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (isIdentPart(c)) this.pos++;
      else if (c === CH.dot && text.charCodeAt(this.pos + 1) !== CH.dot) this.pos++;
      else if (c === CH.quote && dialect.digitSeparatorQuote && isIdentPart(text.charCodeAt(this.pos + 1))) {
        this.pos++;
      } else break;
    }
    this.emit(Tok.Literal, start, this.pos - start, false);
  }

  /** `url(unquoted)` in CSS is one literal: it may hold `//` or quotes that are not strings. */
  private cssUrl(start: number): boolean {
    const { text } = this;
    let index = this.pos + 1;
    while (isSpace(text.charCodeAt(index))) index++;
    const first = text.charCodeAt(index);
    if (first === CH.dquote || first === CH.quote) return false;
    const close = text.indexOf(")", index);
    if (close === -1) return false;
    this.pos = close + 1;
    this.emit(Tok.Literal, start, this.pos - start, false);
    return true;
  }

  // ---- strings ----------------------------------------------------------------------------------

  private openString(quoteCode: number): void {
    const { text, dialect } = this;
    const quote = String.fromCharCode(quoteCode);
    const triple = quote + quote + quote;
    const interpolation =
      quoteCode === CH.dquote || dialect.rawStrings === "dart" ? dialect.interpolation : "none";
    if (dialect.tripleQuotes && text.startsWith(triple, this.pos)) {
      this.pos += 3;
      this.frames.push({
        kind: "string",
        close: triple,
        escape: "backslash",
        multiline: true,
        interpolation,
      });
      return;
    }
    this.pos++;
    this.frames.push({
      kind: "string",
      close: quote,
      escape: "backslash",
      multiline: dialect.multilineStrings,
      interpolation,
    });
  }

  private stepString(frame: Extract<Frame, { kind: "string" }>): void {
    const { text } = this;
    const closeCode = frame.close.charCodeAt(0);
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === CH.backslash && frame.escape === "backslash") {
        if (frame.interpolation === "\\(" && text.charCodeAt(this.pos + 1) === CH.lparen) {
          this.pos += 2;
          return this.openHole(CH.rparen);
        }
        if (this.pos + 1 >= text.length) this.escapedLineEnd = true;
        this.pos += 2;
        continue;
      }
      if (c === closeCode && text.startsWith(frame.close, this.pos)) {
        if (frame.escape === "double" && text.charCodeAt(this.pos + 1) === closeCode) {
          this.pos += 2;
          continue;
        }
        this.pos += frame.close.length;
        this.frames.pop();
        this.emit(Tok.Literal, this.pos - 1, 1, false);
        return;
      }
      if (this.opensInterpolation(frame.interpolation, c)) return;
      this.pos++;
    }
  }

  /** Enters an interpolation hole at the cursor when one opens here. */
  private opensInterpolation(interpolation: Interpolation, c: number): boolean {
    const next = this.text.charCodeAt(this.pos + 1);
    switch (interpolation) {
      case "${":
        if (c === CH.dollar && next === CH.lbrace) {
          this.pos += 2;
          this.openHole(CH.rbrace);
          return true;
        }
        return false;
      case "{":
        if (c === CH.lbrace) {
          if (next === CH.lbrace) {
            this.pos += 2;
            return false;
          }
          this.pos += 1;
          this.openHole(CH.rbrace);
          return true;
        }
        return false;
      case "php":
        if ((c === CH.lbrace && next === CH.dollar) || (c === CH.dollar && next === CH.lbrace)) {
          this.pos += c === CH.lbrace ? 1 : 2;
          this.openHole(CH.rbrace);
          return true;
        }
        return false;
      default:
        return false;
    }
  }

  private openHole(closer: number): void {
    this.frames.push({ kind: "code", closer, depth: 0 });
    this.expressionAllowed = true;
    this.lastWasCloseBrace = false;
  }

  private charLiteral(): void {
    const { text } = this;
    const start = this.pos;
    let end = -1;
    if (text.charCodeAt(start + 1) === CH.backslash) {
      for (let index = start + 2; index < Math.min(text.length, start + 14); index++) {
        const c = text.charCodeAt(index);
        if (c === CH.backslash) index++;
        else if (c === CH.quote) {
          end = index + 1;
          break;
        }
      }
    } else {
      const codePoint = text.codePointAt(start + 1);
      if (codePoint !== undefined && codePoint !== CH.quote) {
        const width = codePoint > 0xffff ? 2 : 1;
        if (text.charCodeAt(start + 1 + width) === CH.quote) end = start + 2 + width;
      }
    }
    if (end === -1) {
      // A lifetime (`'a`), a label or an apostrophe: a plain mark.
      this.pos++;
      this.emit(Tok.Other, start, 1, true);
      return;
    }
    this.pos = end;
    this.emit(Tok.Literal, start, end - start, false);
  }

  private backtick(): void {
    const { dialect, text } = this;
    const start = this.pos;
    this.pos++;
    switch (dialect.backtick) {
      case "template":
        this.frames.push({ kind: "template" });
        return;
      case "raw":
        this.frames.push({
          kind: "string",
          close: "`",
          escape: "none",
          multiline: true,
          interpolation: "none",
        });
        return;
      case "identifier": {
        const close = text.indexOf("`", this.pos);
        this.pos = close === -1 ? text.length : close + 1;
        this.emit(Tok.Word, start, this.pos - start, false);
        return;
      }
      case "none":
        this.emit(Tok.Other, start, 1, true);
    }
  }

  private stepTemplate(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === CH.backslash) {
        this.pos += 2;
      } else if (c === CH.backtick) {
        this.pos++;
        this.frames.pop();
        this.emit(Tok.Literal, this.pos - 1, 1, false);
        return;
      } else if (c === CH.dollar && text.charCodeAt(this.pos + 1) === CH.lbrace) {
        this.pos += 2;
        this.openHole(CH.rbrace);
        return;
      } else {
        this.pos++;
      }
    }
  }

  /** Raw and prefixed strings that start with a letter or a sigil; false when none starts here. */
  private tryPrefixedString(): boolean {
    const { text, dialect } = this;
    const rest = text.slice(this.pos, this.pos + 24);
    switch (dialect.rawStrings) {
      case "rust": {
        const raw = /^(?:b|c)?r(#*)"/.exec(rest);
        if (raw) return this.pushRaw(raw[0].length, '"' + raw[1]!, true);
        const prefixed = /^(?:b|c)(?=["'])/.exec(rest);
        if (prefixed && !isIdentPart(text.charCodeAt(this.pos - 1))) {
          this.pos += 1;
          if (text.charCodeAt(this.pos) === CH.quote) this.charLiteral();
          else this.openString(CH.dquote);
          return true;
        }
        return false;
      }
      case "cpp": {
        const raw = /^(?:u8|u|U|L)?R"([^()\\\s"]{0,16})\(/.exec(rest);
        if (raw && !isIdentPart(text.charCodeAt(this.pos - 1)))
          return this.pushRaw(raw[0].length, `)${raw[1]}"`, true);
        return false;
      }
      case "csharp": {
        const prefix = /^(?:@\$|\$@|@|\$+)"/.exec(rest);
        if (!prefix) return false;
        const sigils = prefix[0].slice(0, -1);
        if (text.startsWith('"""', this.pos + sigils.length)) {
          return this.pushRaw(sigils.length + 3, '"""', true);
        }
        this.pos += prefix[0].length;
        this.frames.push({
          kind: "string",
          close: '"',
          escape: sigils.includes("@") ? "double" : "backslash",
          multiline: sigils.includes("@"),
          interpolation: sigils.includes("$") ? "{" : "none",
        });
        return true;
      }
      case "swift": {
        const raw = /^(#+)("""|")/.exec(rest);
        if (raw) return this.pushRaw(raw[0].length, raw[2]! + raw[1]!, raw[2] === '"""');
        return false;
      }
      case "dart": {
        const raw = /^r('''|"""|'|")/.exec(rest);
        if (raw && !isIdentPart(text.charCodeAt(this.pos - 1))) {
          return this.pushRaw(raw[0].length, raw[1]!, raw[1]!.length === 3);
        }
        return false;
      }
      case "none":
        return false;
    }
  }

  private pushRaw(openLength: number, close: string, multiline: boolean): boolean {
    this.pos += openLength;
    this.frames.push({ kind: "string", close, escape: "none", multiline, interpolation: "none" });
    return true;
  }

  // ---- comments, heredocs, PHP's HTML -------------------------------------------------------------

  private stepComment(frame: Extract<Frame, { kind: "comment" }>): void {
    const { text } = this;
    const block = this.dialect.blockComment!;
    while (this.pos < text.length) {
      if (text.startsWith(block.close, this.pos)) {
        this.pos += block.close.length;
        if (--frame.depth === 0) {
          this.frames.pop();
          return;
        }
      } else if (block.nests && text.startsWith(block.open, this.pos)) {
        this.pos += block.open.length;
        frame.depth++;
      } else {
        this.pos++;
      }
    }
  }

  private heredocStart(start: number): boolean {
    const pattern =
      this.dialect.heredoc === "php" ? /^<<<[ \t]*(["']?)([A-Za-z_]\w*)\1/ : /^<<-?[ \t]*([A-Za-z_]\w*)/;
    const found = pattern.exec(this.text.slice(start, start + 80));
    if (!found) return false;
    const terminator = this.dialect.heredoc === "php" ? found[2]! : found[1]!;
    this.frames.push({ kind: "heredoc", terminator });
    this.pos = this.text.length;
    return true;
  }

  private stepHeredoc(frame: Extract<Frame, { kind: "heredoc" }>): void {
    const { text } = this;
    const indent = text.length - text.trimStart().length;
    if (
      this.pos === 0 &&
      text.startsWith(frame.terminator, indent) &&
      !isIdentPart(text.charCodeAt(indent + frame.terminator.length))
    ) {
      this.frames.pop();
      this.pos = indent + frame.terminator.length;
      this.emit(Tok.Literal, indent, frame.terminator.length, false);
      return;
    }
    this.pos = text.length;
  }

  private stepHtml(): void {
    const open = this.text.indexOf("<?", this.pos);
    if (open === -1) {
      this.pos = this.text.length;
      return;
    }
    this.frames.pop();
    this.pos = open + (this.text.startsWith("<?php", open) ? 5 : this.text.startsWith("<?=", open) ? 3 : 2);
    this.expressionAllowed = true;
  }

  // ---- regex and JSX (JavaScript family) ----------------------------------------------------------

  /** Lexes a regex literal from `start` (the `/`); false (nothing consumed) when none closes on this line. */
  private regex(start: number): boolean {
    const { text } = this;
    let inClass = false;
    for (let index = start + 1; index < text.length; index++) {
      const c = text.charCodeAt(index);
      if (c === CH.backslash) index++;
      else if (c === CH.lbracket) inClass = true;
      else if (c === CH.rbracket) inClass = false;
      else if (c === CH.slash && !inClass) {
        let end = index + 1;
        while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
        this.pos = end;
        this.emit(Tok.Literal, start, end - start, false);
        return true;
      }
    }
    return false;
  }

  /** Opens a JSX element at `start` (the `<`) unless what follows is no tag (or a TSX generic `<T,>`). */
  private jsxStart(start: number): boolean {
    const { text } = this;
    const next = text.charCodeAt(start + 1);
    if (next !== CH.greater && !isIdentStart(next)) return false;
    const name = /^[\w$.:-]*/.exec(text.slice(start + 1, start + 200))![0];
    const after = text.slice(start + 1 + name.length).trimStart();
    if (after.startsWith(",") || /^extends\b/.test(after)) return false;
    this.pos = start + 1 + name.length;
    this.frames.push({ kind: "jsx-tag", closing: false });
    return true;
  }

  private stepJsxTag(frame: Extract<Frame, { kind: "jsx-tag" }>): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === CH.lbrace) {
        this.pos++;
        return this.openHole(CH.rbrace);
      }
      if (c === CH.dquote || c === CH.quote) {
        this.pos++;
        this.frames.push({
          kind: "string",
          close: String.fromCharCode(c),
          escape: "none",
          multiline: true,
          interpolation: "none",
        });
        return;
      }
      if (c === CH.slash && text.charCodeAt(this.pos + 1) === CH.greater) {
        this.pos += 2;
        this.frames.pop();
        return this.finishJsxElement();
      }
      if (c === CH.greater) {
        this.pos++;
        this.frames.pop();
        if (frame.closing) return this.finishJsxElement();
        this.frames.push({ kind: "jsx-children" });
        return;
      }
      this.pos++;
    }
  }

  private stepJsxChildren(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c === CH.lbrace) {
        this.pos++;
        return this.openHole(CH.rbrace);
      }
      if (c === CH.less) {
        const closing = text.charCodeAt(this.pos + 1) === CH.slash;
        this.pos += closing ? 2 : 1;
        if (closing) this.frames.pop();
        this.frames.push({ kind: "jsx-tag", closing });
        return;
      }
      this.pos++;
    }
  }

  /** A JSX element ended; back in code it counts as one literal. */
  private finishJsxElement(): void {
    if (this.top.kind === "code") this.emit(Tok.Literal, this.pos - 1, 1, false);
  }
}
