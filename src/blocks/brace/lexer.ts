// The brace-language lexer: one pass over the lines that emits brackets and a few punctuators, and skips
// everything whose brackets do not count — strings, comments, templates, regexes, JSX text, raw strings.
// It keeps the state that spans lines (a stack of frames); the scanners it calls are pure.

import { CH, isDigit, isIdentPart, isIdentStart, isSpace } from "./chars.ts";
import type { BraceDialect } from "./dialects.ts";
import { isExpressionKeyword } from "./expression-keywords.ts";
import { jsxTagStart, scanJsxChildren, scanJsxTag } from "./jsx.ts";
import {
  charLiteralLength,
  heredocEnd,
  heredocTerminator,
  prefixedStringAt,
  regexLength,
  scanBlockComment,
  scanString,
  scanTemplate,
  type ScanStop,
  type StringFrame,
} from "./literals.ts";
import { PreprocessorState } from "./preprocessor.ts";
import { readPunctuator } from "./punctuators.ts";
import { changedLines, CHECKPOINT_EVERY, checkpointBefore, Resync, type LexCheckpoint } from "./relex.ts";
import { Tok, TokenBuffer, type TokenKind, type TokenStream } from "./tokens.ts";

type CodeFrame = {
  kind: "code";
  /** The char code that ends this interpolation hole (`}` or `)`), or 0 for the file itself. */
  closer: number;
  /** Brackets of the closer's kind opened inside the hole and not yet closed. */
  depth: number;
};

type Frame =
  | CodeFrame
  | StringFrame
  | { kind: "template" }
  | { kind: "comment"; depth: number }
  | { kind: "jsx-tag"; closing: boolean }
  | { kind: "jsx-children" }
  | { kind: "heredoc"; terminator: string }
  | { kind: "html" };

/** Room a re-lexed version gets for tokens its edit added: 1/2^SLACK_SHIFT of the earlier count, plus SLACK_MIN. */
const SLACK_SHIFT = 6;
const SLACK_MIN = 1024;

/** A lexed version: its tokens, with what lexing a later version of it from it needs (relex.ts). */
export interface LexedTokens extends TokenStream {
  readonly dialect: BraceDialect;
  readonly checkpoints: readonly LexCheckpoint[];
  /** Lines lexed to make these tokens: all of them, or (relexed) those around the change. */
  readonly lexedLines: number;
}

export function lexBraceLanguage(lines: readonly string[], dialect: BraceDialect): LexedTokens {
  return new BraceLexer(lines, dialect).run(0, null);
}

/** The tokens of `lines`, a later version of `earlier`'s lines, lexing only around what changed (relex.ts). */
export function relexBraceLanguage(earlier: LexedTokens, lines: readonly string[]): LexedTokens {
  const change = changedLines(earlier.lines, lines);
  if (change === null) return { ...earlier, lines, lexedLines: 0 };
  const restart = checkpointBefore(earlier.checkpoints, change.from);
  const lexer = new BraceLexer(
    lines,
    earlier.dialect,
    earlier.count + (earlier.count >> SLACK_SHIFT) + SLACK_MIN,
  );
  lexer.restore(earlier, restart);
  return lexer.run(earlier.checkpoints[restart]!.line, new Resync(earlier, change));
}

/** Source code runs about 7 characters per token (TypeScript's bundles: 6.8 and 7.0); a little more is asked for. */
const CHARACTERS_PER_TOKEN = 6;

function expectedTokens(lines: readonly string[]): number {
  let characters = 0;
  for (const line of lines) characters += line.length;
  return characters / CHARACTERS_PER_TOKEN;
}

class BraceLexer {
  private readonly out: TokenBuffer;
  private readonly frames: Frame[] = [{ kind: "code", closer: 0, depth: 0 }];
  private readonly preprocessor: PreprocessorState | null;
  private readonly checkpoints: LexCheckpoint[] = [];
  /** First characters of the line-comment markers, to test markers only where one may start. */
  private readonly commentStarts: readonly number[];
  /** The dialect has prefixed strings (dialect.rawStrings): words are tested for one. */
  private readonly prefixedStrings: boolean;
  /** The frames `openString` pushes, by quote and tripleness: a string frame is never changed, so one serves all. */
  private readonly stringFrames = new Map<number, StringFrame>();
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
    expected = expectedTokens(lines),
  ) {
    this.out = new TokenBuffer(expected);
    this.preprocessor = dialect.preprocessor ? new PreprocessorState() : null;
    this.commentStarts = dialect.lineComments.map((marker) => marker.charCodeAt(0));
    this.prefixedStrings = dialect.rawStrings !== "none";
    // A PHP file is HTML until its first `<?php`.
    if (dialect.heredoc === "php") this.frames.push({ kind: "html" });
  }

  /** Lexes from line `start` (0, or the line `restore` set up) to the end, or until `resync` meets the earlier lexing. */
  run(start: number, resync: Resync | null): LexedTokens {
    const { lines } = this;
    for (let index = start; index < lines.length; index++) {
      const candidate = resync?.candidateAt(index);
      if (candidate && candidate.state === this.state())
        return this.takeOver(resync!, candidate, index - start);
      this.checkpoint(index);
      this.lineIndex = index;
      this.text = lines[index]!;
      this.pos = 0;
      this.escapedLineEnd = false;
      if (index === 0 && this.dialect.regexLiterals && this.text.startsWith("#!")) continue;
      const atTopLevel = this.frames.length === 1;
      if (atTopLevel && this.preprocessor?.consumesLine(this.text, this.bracketDepth)) continue;
      while (this.pos < this.text.length) this.step();
      this.endOfLine();
    }
    return this.finish(lines.length - start);
  }

  /** Starts where `earlier` noted checkpoint `index`: its tokens and checkpoints up to there, its state there. */
  restore(earlier: LexedTokens, index: number): void {
    const checkpoint = earlier.checkpoints[index]!;
    this.out.copyFrom(earlier, 0, checkpoint.token, 0);
    this.checkpoints.push(...earlier.checkpoints.slice(0, index + 1));
    const [frames, expressionAllowed, lastWasCloseBrace, lastWasDot, preprocessing] = JSON.parse(
      checkpoint.state,
    ) as [Frame[], boolean, boolean, boolean, [number, unknown] | 0];
    this.frames.splice(0, this.frames.length, ...frames);
    this.expressionAllowed = expressionAllowed;
    this.lastWasCloseBrace = lastWasCloseBrace;
    this.lastWasDot = lastWasDot;
    if (preprocessing !== 0 && this.preprocessor) {
      this.bracketDepth = preprocessing[0];
      this.preprocessor.restore(preprocessing[1]);
    }
  }

  /**
   * Everything lexing the next lines depends on. The bracket depth counts only where a preprocessor compares
   * branches by it: elsewhere nothing reads it, and an edit that leaves a bracket open (or closes one) would
   * otherwise never meet the earlier lexing again.
   */
  private state(): string {
    const preprocessing = this.preprocessor ? [this.bracketDepth, this.preprocessor.snapshot()] : 0;
    return JSON.stringify([
      this.frames,
      this.expressionAllowed,
      this.lastWasCloseBrace,
      this.lastWasDot,
      preprocessing,
    ]);
  }

  private checkpoint(line: number): void {
    if (line % CHECKPOINT_EVERY !== 0) return;
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (last !== undefined && last.line >= line) return;
    this.checkpoints.push({ line, token: this.out.count, state: this.state() });
  }

  /** The lexing met the earlier one at `from`: the earlier tokens and checkpoints from there, moved. */
  private takeOver(resync: Resync, from: LexCheckpoint, lexedLines: number): LexedTokens {
    const { earlier } = resync;
    const token = this.out.count;
    this.checkpoints.push(...resync.movedCheckpoints(from, token));
    this.out.copyFrom(earlier, from.token, earlier.count, resync.lineShift);
    return this.finish(lexedLines);
  }

  private finish(lexedLines: number): LexedTokens {
    const { dialect, checkpoints } = this;
    return { ...this.out.finish(this.lines), dialect, checkpoints, lexedLines };
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
        return this.afterLiteralScan(scanString(this.text, this.pos, top));
      case "template":
        return this.afterLiteralScan(scanTemplate(this.text, this.pos));
      case "comment": {
        const scanned = scanBlockComment(this.text, this.pos, this.dialect.blockComment!, top.depth);
        this.pos = scanned.pos;
        top.depth = scanned.depth;
        if (top.depth === 0) this.frames.pop();
        return;
      }
      case "jsx-tag":
        return this.stepJsxTag(top.closing);
      case "jsx-children":
        return this.stepJsxChildren();
      case "heredoc":
        return this.stepHeredoc(top.terminator);
      case "html":
        return this.stepHtml();
    }
  }

  /** Acts on where a string or template scan stopped. */
  private afterLiteralScan(scanned: ScanStop): void {
    this.pos = scanned.pos;
    switch (scanned.stop) {
      case "closed":
        this.frames.pop();
        this.emit(Tok.Literal, this.pos - 1, 1, false);
        return;
      case "hole":
        return this.openHole(scanned.closer);
      case "line-end":
        this.escapedLineEnd = scanned.escapedLineEnd;
    }
  }

  private openHole(closer: number): void {
    this.frames.push({ kind: "code", closer, depth: 0 });
    this.expressionAllowed = true;
    this.lastWasCloseBrace = false;
  }

  private closeHole(): void {
    this.frames.pop();
    this.expressionAllowed = false;
  }

  private stepCode(frame: CodeFrame): void {
    const { text, dialect } = this;
    let start = this.pos;
    let c = text.charCodeAt(start);
    while (isSpace(c)) c = text.charCodeAt(++start);
    this.pos = start;
    if (start >= text.length) return;
    if (this.commentStarts.includes(c) && this.lineCommentAt(start)) {
      this.pos = text.length;
      return;
    }
    const block = dialect.blockComment;
    if (block && c === block.open.charCodeAt(0) && text.startsWith(block.open, start)) {
      this.frames.push({ kind: "comment", depth: 1 });
      this.pos += block.open.length;
      return;
    }
    if (this.prefixedStrings && (isIdentStart(c) || c === CH.at || c === CH.dollar || c === CH.hash)) {
      if (this.prefixedString()) return;
    }
    if (c === CH.dquote || c === CH.quote) return this.quote(c);
    if (c === CH.backtick) return this.backtick();
    if (isDigit(c) || (c === CH.dot && isDigit(text.charCodeAt(start + 1)))) return this.number();
    if (
      isIdentStart(c) ||
      (c === CH.hash && dialect.regexLiterals && isIdentStart(text.charCodeAt(start + 1)))
    ) {
      return this.word();
    }
    if (!this.bracket(frame, c) && !this.specialPunctuation(c)) {
      const punctuator = readPunctuator(text, start);
      this.pos += punctuator.length;
      this.emit(punctuator.kind, start, punctuator.length, punctuator.expressionAfter);
    }
  }

  private lineCommentAt(start: number): boolean {
    for (const marker of this.dialect.lineComments) {
      if (!this.text.startsWith(marker, start)) continue;
      // PHP 8 and Rust attributes start with `#[`.
      const isAttribute = marker === "#" && this.text.charCodeAt(start + 1) === CH.lbracket;
      if (!isAttribute || this.dialect.annotation !== "#[") return true;
    }
    return false;
  }

  /** Brackets, tracking the depth of an interpolation hole so its own closer ends it. */
  private bracket(frame: CodeFrame, c: number): boolean {
    const start = this.pos;
    let kind: TokenKind;
    switch (c) {
      case CH.lparen:
        kind = Tok.OpenParen;
        break;
      case CH.rparen:
        kind = Tok.CloseParen;
        break;
      case CH.lbrace:
        kind = Tok.OpenBrace;
        break;
      case CH.rbrace:
        kind = Tok.CloseBrace;
        break;
      case CH.lbracket:
        kind = Tok.OpenBracket;
        break;
      case CH.rbracket:
        kind = Tok.CloseBracket;
        break;
      default:
        return false;
    }
    this.pos++;
    if (frame.closer !== 0) {
      const opens = frame.closer === CH.rbrace ? CH.lbrace : CH.lparen;
      if (c === opens) frame.depth++;
      else if (c === frame.closer) {
        if (frame.depth === 0) {
          this.closeHole();
          return true;
        }
        frame.depth--;
      }
    }
    const expressionAfter = kind !== Tok.CloseParen && kind !== Tok.CloseBracket;
    this.emit(kind, start, 1, expressionAfter);
    return true;
  }

  /** `/` regexes, `<` JSX and heredocs, PHP's `?>`: true when one of them was taken. */
  private specialPunctuation(c: number): boolean {
    const { text, dialect } = this;
    const start = this.pos;
    const next = text.charCodeAt(start + 1);
    if (c === CH.slash && dialect.regexLiterals && this.expressionAllowed) {
      const length = regexLength(text, start);
      if (length === 0) return false;
      this.pos += length;
      this.emit(Tok.Literal, start, length, false);
      return true;
    }
    if (c === CH.less && dialect.jsx && this.expressionAllowed && !this.lastWasCloseBrace) {
      const afterName = jsxTagStart(text, start);
      if (afterName < 0) return false;
      this.pos = afterName;
      this.frames.push({ kind: "jsx-tag", closing: false });
      return true;
    }
    if (c === CH.less && next === CH.less && dialect.heredoc !== "none") {
      const terminator = heredocTerminator(text, start, dialect.heredoc);
      if (terminator === null) return false;
      this.frames.push({ kind: "heredoc", terminator });
      this.pos = text.length;
      return true;
    }
    if (c === CH.question && next === CH.greater && dialect.heredoc === "php") {
      this.pos += 2;
      this.frames.push({ kind: "html" });
      this.emit(Tok.Semicolon, start, 2, true);
      return true;
    }
    return false;
  }

  private word(): void {
    const { text } = this;
    const start = this.pos;
    let end = start + 1;
    while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
    this.pos = end;
    if (
      this.dialect.cssUrls &&
      text.charCodeAt(this.pos) === CH.lparen &&
      text.slice(start, this.pos).toLowerCase() === "url"
    ) {
      if (this.cssUrl(start)) return;
    }
    this.emit(
      Tok.Word,
      start,
      this.pos - start,
      !this.lastWasDot && isExpressionKeyword(text, start, this.pos),
    );
  }

  private number(): void {
    const { text, dialect } = this;
    const start = this.pos;
    this.pos++;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      const separator =
        c === CH.quote && dialect.digitSeparatorQuote && isIdentPart(text.charCodeAt(this.pos + 1));
      if (isIdentPart(c) || separator || (c === CH.dot && text.charCodeAt(this.pos + 1) !== CH.dot))
        this.pos++;
      else break;
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

  private quote(c: number): void {
    const { dialect } = this;
    if (dialect.stringQuotes.includes(String.fromCharCode(c))) return this.openString(c);
    if (c === CH.quote && dialect.charLiterals) return this.charLiteral();
    this.emit(Tok.Other, this.pos++, 1, true);
  }

  private openString(quoteCode: number): void {
    const { text, dialect } = this;
    const isTriple =
      dialect.tripleQuotes &&
      text.charCodeAt(this.pos + 1) === quoteCode &&
      text.charCodeAt(this.pos + 2) === quoteCode;
    this.pos += isTriple ? 3 : 1;
    const key = quoteCode * 2 + (isTriple ? 1 : 0);
    let frame = this.stringFrames.get(key);
    if (frame === undefined) {
      const quote = String.fromCharCode(quoteCode);
      frame = {
        kind: "string",
        close: isTriple ? quote + quote + quote : quote,
        escape: "backslash",
        multiline: isTriple || dialect.multilineStrings,
        interpolation:
          quoteCode === CH.dquote || dialect.rawStrings === "dart" ? dialect.interpolation : "none",
      };
      this.stringFrames.set(key, frame);
    }
    this.frames.push(frame);
  }

  private charLiteral(): void {
    const start = this.pos;
    const length = charLiteralLength(this.text, start);
    // No literal fits: a lifetime (`'a`), a label or an apostrophe, kept as a plain mark.
    this.pos += Math.max(length, 1);
    this.emit(length > 0 ? Tok.Literal : Tok.Other, start, Math.max(length, 1), length === 0);
  }

  private prefixedString(): boolean {
    const found = prefixedStringAt(this.text, this.pos, this.dialect);
    if (!found) return false;
    if (found.charAfter) {
      this.pos += 1;
      this.charLiteral();
      return true;
    }
    this.pos += found.openLength;
    this.frames.push(found.frame);
    return true;
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

  private stepHeredoc(terminator: string): void {
    const at = this.pos === 0 ? heredocEnd(this.text, terminator) : -1;
    if (at < 0) {
      this.pos = this.text.length;
      return;
    }
    this.frames.pop();
    this.pos = at + terminator.length;
    this.emit(Tok.Literal, at, terminator.length, false);
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

  private stepJsxTag(closing: boolean): void {
    const scanned = scanJsxTag(this.text, this.pos);
    this.pos = scanned.pos;
    switch (scanned.stop) {
      case "hole":
        return this.openHole(CH.rbrace);
      case "string":
        this.frames.push({
          kind: "string",
          close: scanned.quote,
          escape: "none",
          multiline: true,
          interpolation: "none",
        });
        return;
      case "self-closed":
        this.frames.pop();
        return this.finishJsxElement();
      case "tag-end":
        this.frames.pop();
        if (closing) return this.finishJsxElement();
        this.frames.push({ kind: "jsx-children" });
        return;
      case "line-end":
        return;
    }
  }

  private stepJsxChildren(): void {
    const scanned = scanJsxChildren(this.text, this.pos);
    this.pos = scanned.pos;
    switch (scanned.stop) {
      case "hole":
        return this.openHole(CH.rbrace);
      case "open-tag":
        this.frames.push({ kind: "jsx-tag", closing: false });
        return;
      case "close-tag":
        this.frames.pop();
        this.frames.push({ kind: "jsx-tag", closing: true });
        return;
      case "line-end":
        return;
    }
  }

  /** A JSX element ended; back in code it counts as one literal. */
  private finishJsxElement(): void {
    if (this.top.kind === "code") this.emit(Tok.Literal, this.pos - 1, 1, false);
  }
}
