// Python's logical lines, found the way its tokenizer finds them: open brackets, backslash continuations
// and strings (triple-quoted, f-strings with nested quotes) carry a statement over line ends, so a
// docstring line at column 0 or a closing `)` never ends a block.

import { indentWidth, LogicalLinesBuilder, type LogicalLines } from "./logical-lines.ts";

type Frame =
  | { kind: "code"; depth: number }
  /** An f-string replacement field `{…}`; `spec` once its `:` format spec began. */
  | { kind: "field"; depth: number; spec: boolean }
  /** `continues`: the line ended in a backslash inside this one-line string, which so goes on. */
  | { kind: "string"; quote: string; fstring: boolean; triple: boolean; continues: boolean };

const STRING_START = /([rRbBuUfF]{0,2})('''|"""|'|")/y;

const isIdentPart = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c >= 0x80;

export function pythonLogicalLines(lines: readonly string[]): LogicalLines {
  const builder = new LogicalLinesBuilder(lines.length);
  const frames: Frame[] = [{ kind: "code", depth: 0 }];
  let continued = false;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    const atStatementStart =
      frames.length === 1 && (frames[0] as { depth: number }).depth === 0 && !continued;
    if (atStatementStart) {
      const body = text.trimStart();
      if (body === "" || body.startsWith("#")) {
        if (body.startsWith("#")) builder.commentOnly[line] = 1;
        continue;
      }
      builder.open(line, indentWidth(text));
    } else {
      builder.extend(line);
    }
    continued = scanLine(text, frames);
  }
  return builder.build();
}

/** Scans one physical line, updating the frame stack; returns true when a backslash continues it. */
function scanLine(text: string, frames: Frame[]): boolean {
  let pos = 0;
  let continued = false;
  while (pos < text.length) {
    const top = frames[frames.length - 1]!;
    if (top.kind === "string") {
      pos = scanString(text, pos, top, frames);
      continue;
    }
    if (top.kind === "field" && top.spec) {
      pos = scanFormatSpec(text, pos, top, frames);
      continue;
    }
    const c = text.charCodeAt(pos);
    continued = false;
    if (c === 35 /* # */) return false;
    if (c === 92 /* \ */) {
      continued = pos === text.length - 1;
      pos += 2;
      continue;
    }
    if (c === 34 || c === 39 || ((c | 32) >= 97 && (c | 32) <= 122)) {
      const previous = pos > 0 ? text.charCodeAt(pos - 1) : 32;
      STRING_START.lastIndex = pos;
      const string = isIdentPart(previous) ? null : STRING_START.exec(text);
      if (string) {
        const quote = string[2]!;
        frames.push({
          kind: "string",
          quote,
          fstring: /[fF]/.test(string[1]!),
          triple: quote.length === 3,
          continues: false,
        });
        pos += string[0].length;
        continue;
      }
      // Skip the whole word so a prefix letter inside a name never opens a string.
      pos++;
      while (pos < text.length && isIdentPart(text.charCodeAt(pos))) pos++;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) {
      top.depth++;
    } else if (c === 41 || c === 93 || c === 125) {
      if (top.kind === "field" && top.depth === 0 && c === 125) frames.pop();
      else top.depth = Math.max(0, top.depth - 1);
    } else if (
      c === 58 /* : */ &&
      top.kind === "field" &&
      top.depth === 0 &&
      text.charCodeAt(pos + 1) !== 61
    ) {
      top.spec = true;
    }
    pos++;
  }
  const top = frames[frames.length - 1]!;
  if (top.kind === "string" && !top.triple && !top.continues) {
    // A one-line string cannot run past its line (unless escaped); drop it and any fields around it.
    while (frames.length > 1 && frames[frames.length - 1]!.kind !== "code") frames.pop();
  }
  return continued;
}

function scanString(
  text: string,
  start: number,
  frame: Extract<Frame, { kind: "string" }>,
  frames: Frame[],
): number {
  let pos = start;
  const quoteCode = frame.quote.charCodeAt(0);
  frame.continues = false;
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === 92 /* \ */) {
      if (pos === text.length - 1) frame.continues = true;
      pos += 2;
      continue;
    }
    if (c === quoteCode && text.startsWith(frame.quote, pos)) {
      frames.pop();
      return pos + frame.quote.length;
    }
    if (frame.fstring && c === 123 /* { */) {
      if (text.charCodeAt(pos + 1) === 123) {
        pos += 2;
        continue;
      }
      frames.push({ kind: "field", depth: 0, spec: false });
      return pos + 1;
    }
    pos++;
  }
  return pos;
}

/** Inside a format spec (`{x:>{width}}`): text up to the field's `}`, with nested fields. */
function scanFormatSpec(
  text: string,
  start: number,
  frame: Extract<Frame, { kind: "field" }>,
  frames: Frame[],
): number {
  for (let pos = start; pos < text.length; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 123 /* { */) {
      frames.push({ kind: "field", depth: 0, spec: false });
      return pos + 1;
    }
    if (c === 125 /* } */) {
      frames.splice(frames.indexOf(frame), 1);
      return pos + 1;
    }
  }
  return text.length;
}
