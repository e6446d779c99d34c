// Pure scanners for what the brace lexer skips: strings (escaped, doubled-quote, raw, interpolated),
// templates, char literals, regexes, prefixed raw strings, heredoc openers. Each reads one line from a
// position and says where it stopped and why; the lexer keeps the state across lines.

import { CH, isIdentPart } from "./chars.ts";
import type { BraceDialect, Interpolation } from "./dialects.ts";

export type Escape = "backslash" | "double" | "none";

export interface StringFrame {
  readonly kind: "string";
  readonly close: string;
  readonly escape: Escape;
  readonly multiline: boolean;
  readonly interpolation: Interpolation;
}

/** Why a scan stopped: the literal closed, a `${`-like hole opened (with the char code that ends it), or the line ended. */
export type ScanStop =
  | { readonly pos: number; readonly stop: "closed" }
  | { readonly pos: number; readonly stop: "hole"; readonly closer: number }
  | { readonly pos: number; readonly stop: "line-end"; readonly escapedLineEnd: boolean };

/** Scans string content from `pos` until its close, an interpolation hole or the end of the line. */
export function scanString(text: string, pos: number, frame: StringFrame): ScanStop {
  const closeCode = frame.close.charCodeAt(0);
  let escapedLineEnd = false;
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === CH.backslash && frame.escape === "backslash") {
      if (frame.interpolation === "\\(" && text.charCodeAt(pos + 1) === CH.lparen) {
        return { pos: pos + 2, stop: "hole", closer: CH.rparen };
      }
      if (pos + 1 >= text.length) escapedLineEnd = true;
      pos += 2;
      continue;
    }
    if (c === closeCode && text.startsWith(frame.close, pos)) {
      if (frame.escape === "double" && text.charCodeAt(pos + 1) === closeCode) {
        pos += 2;
        continue;
      }
      return { pos: pos + frame.close.length, stop: "closed" };
    }
    const hole = interpolationAt(text, pos, frame.interpolation);
    if (hole > 0) return { pos: pos + hole, stop: "hole", closer: CH.rbrace };
    // `{{` in a `{`-interpolated string is a literal brace.
    if (frame.interpolation === "{" && c === CH.lbrace) pos += 2;
    else pos++;
  }
  return { pos, stop: "line-end", escapedLineEnd };
}

/** Length of the interpolation opener at `pos` (`${`, `{`, `{$`), or 0. */
function interpolationAt(text: string, pos: number, interpolation: Interpolation): number {
  const c = text.charCodeAt(pos);
  const next = text.charCodeAt(pos + 1);
  switch (interpolation) {
    case "${":
      return c === CH.dollar && next === CH.lbrace ? 2 : 0;
    case "{":
      return c === CH.lbrace && next !== CH.lbrace ? 1 : 0;
    case "php":
      if (c === CH.lbrace && next === CH.dollar) return 1;
      return c === CH.dollar && next === CH.lbrace ? 2 : 0;
    default:
      return 0;
  }
}

/** Scans template content (JS backticks) from `pos`. */
export function scanTemplate(text: string, pos: number): ScanStop {
  while (pos < text.length) {
    const c = text.charCodeAt(pos);
    if (c === CH.backslash) pos += 2;
    else if (c === CH.backtick) return { pos: pos + 1, stop: "closed" };
    else if (c === CH.dollar && text.charCodeAt(pos + 1) === CH.lbrace)
      return { pos: pos + 2, stop: "hole", closer: CH.rbrace };
    else pos++;
  }
  return { pos, stop: "line-end", escapedLineEnd: false };
}

/** Scans a block comment from `pos`; `depth` counts open comments (nesting dialects). */
export function scanBlockComment(
  text: string,
  pos: number,
  comment: { readonly open: string; readonly close: string; readonly nests: boolean },
  depth: number,
): { pos: number; depth: number } {
  while (pos < text.length) {
    if (text.startsWith(comment.close, pos)) {
      pos += comment.close.length;
      if (--depth === 0) return { pos, depth };
    } else if (comment.nests && text.startsWith(comment.open, pos)) {
      pos += comment.open.length;
      depth++;
    } else {
      pos++;
    }
  }
  return { pos, depth };
}

/** Length of a one-character literal (`'a'`, `'\n'`, `'\u{1F600}'`) at `start`, or 0 (a lifetime, a label). */
export function charLiteralLength(text: string, start: number): number {
  if (text.charCodeAt(start + 1) === CH.backslash) {
    for (let index = start + 2; index < Math.min(text.length, start + 14); index++) {
      const c = text.charCodeAt(index);
      if (c === CH.backslash) index++;
      else if (c === CH.quote) return index + 1 - start;
    }
    return 0;
  }
  const codePoint = text.codePointAt(start + 1);
  if (codePoint === undefined || codePoint === CH.quote) return 0;
  const width = codePoint > 0xffff ? 2 : 1;
  return text.charCodeAt(start + 1 + width) === CH.quote ? 2 + width : 0;
}

/** Length of a regex literal (flags included) at `start` (the `/`), or 0 when none closes on this line. */
export function regexLength(text: string, start: number): number {
  let inClass = false;
  for (let index = start + 1; index < text.length; index++) {
    const c = text.charCodeAt(index);
    if (c === CH.backslash) index++;
    else if (c === CH.lbracket) inClass = true;
    else if (c === CH.rbracket) inClass = false;
    else if (c === CH.slash && !inClass) {
      let end = index + 1;
      while (end < text.length && isIdentPart(text.charCodeAt(end))) end++;
      return end - start;
    }
  }
  return 0;
}

/** What a prefixed string at the cursor is: an opener length and the string frame it opens. */
export interface PrefixedString {
  readonly openLength: number;
  readonly frame: StringFrame;
  /** Rust `b'x'`: a byte char literal follows the prefix instead of a string. */
  readonly charAfter?: boolean;
}

const raw = (openLength: number, close: string, multiline: boolean): PrefixedString => ({
  openLength,
  frame: { kind: "string", close, escape: "none", multiline, interpolation: "none" },
});

const codes = (chars: string): readonly number[] => [...chars].map((char) => char.charCodeAt(0));

/** The characters each dialect's prefixed strings (below) may start with. */
const PREFIX_STARTS: Record<BraceDialect["rawStrings"], readonly number[]> = {
  rust: codes("bcr"),
  cpp: codes("uULR"),
  csharp: codes("@$"),
  swift: codes("#"),
  dart: codes("r"),
  none: [],
};

/**
 * Raw and prefixed strings that start with a letter or a sigil: Rust `r#"…"#`/`b"…"`, C++ `R"d(…)d"`,
 * C# `@"…"`/`$"…"`/`"""…"""`, Swift `#"…"#`, Dart `r'…'`. Null when none starts at `pos`.
 */
export function prefixedStringAt(text: string, pos: number, dialect: BraceDialect): PrefixedString | null {
  // Most words start with no prefix's first character: answered before a slice and a regex per word.
  if (!PREFIX_STARTS[dialect.rawStrings].includes(text.charCodeAt(pos))) return null;
  const rest = text.slice(pos, pos + 24);
  const afterWord = pos > 0 && isIdentPart(text.charCodeAt(pos - 1));
  switch (dialect.rawStrings) {
    case "rust": {
      const rawString = /^(?:b|c)?r(#*)"/.exec(rest);
      if (rawString) return raw(rawString[0].length, '"' + rawString[1]!, true);
      if (afterWord || !/^(?:b|c)["']/.test(rest)) return null;
      if (rest[1] === "'") return { ...raw(1, "'", false), charAfter: true };
      return {
        openLength: 2,
        frame: { kind: "string", close: '"', escape: "backslash", multiline: true, interpolation: "none" },
      };
    }
    case "cpp": {
      const rawString = /^(?:u8|u|U|L)?R"([^()\\\s"]{0,16})\(/.exec(rest);
      return rawString && !afterWord ? raw(rawString[0].length, `)${rawString[1]}"`, true) : null;
    }
    case "csharp": {
      const prefix = /^(?:@\$|\$@|@|\$+)"/.exec(rest);
      if (!prefix) return null;
      const sigils = prefix[0].slice(0, -1);
      if (text.startsWith('"""', pos + sigils.length)) return raw(sigils.length + 3, '"""', true);
      const verbatim = sigils.includes("@");
      return {
        openLength: prefix[0].length,
        frame: {
          kind: "string",
          close: '"',
          escape: verbatim ? "double" : "backslash",
          multiline: verbatim,
          interpolation: sigils.includes("$") ? "{" : "none",
        },
      };
    }
    case "swift": {
      const rawString = /^(#+)("""|")/.exec(rest);
      return rawString
        ? raw(rawString[0].length, rawString[2]! + rawString[1]!, rawString[2] === '"""')
        : null;
    }
    case "dart": {
      const rawString = /^r('''|"""|'|")/.exec(rest);
      return rawString && !afterWord
        ? raw(rawString[0].length, rawString[1]!, rawString[1]!.length === 3)
        : null;
    }
    case "none":
      return null;
  }
}

/** The terminator a heredoc opened at `start` (`<<<EOT`, `<<-EOT`) waits for, or null. */
export function heredocTerminator(text: string, start: number, style: "php" | "hcl"): string | null {
  const pattern = style === "php" ? /^<<<[ \t]*(["']?)([A-Za-z_]\w*)\1/ : /^<<-?[ \t]*([A-Za-z_]\w*)/;
  const found = pattern.exec(text.slice(start, start + 80));
  if (!found) return null;
  return style === "php" ? found[2]! : found[1]!;
}

/** Whether `text` is the closing line of a heredoc waiting for `terminator`; returns the terminator's column or -1. */
export function heredocEnd(text: string, terminator: string): number {
  const indent = text.length - text.trimStart().length;
  return text.startsWith(terminator, indent) && !isIdentPart(text.charCodeAt(indent + terminator.length))
    ? indent
    : -1;
}
