// Splits TOML text into its top-level statements (table headers and key/value pairs) with their exact spans.
// Only boundaries are found; Bun's parser has already judged the text valid, and judges the edit afterwards.

export interface TomlStatement {
  kind: "table" | "array-table" | "pair";
  /** The dotted key, decoded: `[mcp_servers."lapp"]` → ["mcp_servers", "lapp"]. Pairs: relative to their table. */
  path: string[];
  /** From the start of the statement's line … */
  start: number;
  /** … to just past its line end (or the end of the text). */
  end: number;
}

export function scanToml(text: string): TomlStatement[] {
  const statements: TomlStatement[] = [];
  let at = 0;
  while (at < text.length) {
    const lineStart = at;
    at = skipBlank(text, at);
    const char = text[at];
    if (char === undefined) break;
    if (char === "\n" || char === "\r" || char === "#") {
      at = pastLineEnd(text, at);
      continue;
    }
    if (char === "[") {
      const arrayTable = text[at + 1] === "[";
      const key = readKey(text, at + (arrayTable ? 2 : 1));
      at = key.end + (arrayTable ? 2 : 1);
      at = pastLineEnd(text, at);
      statements.push({
        kind: arrayTable ? "array-table" : "table",
        path: key.path,
        start: lineStart,
        end: at,
      });
      continue;
    }
    const key = readKey(text, at);
    at = skipValue(text, skipBlank(text, key.end + 1)); // past "="
    at = pastLineEnd(text, at);
    statements.push({ kind: "pair", path: key.path, start: lineStart, end: at });
  }
  return statements;
}

/** Reads `a . "b" . 'c'` up to the `]` or `=` that ends it; `end` is that character's offset. */
function readKey(text: string, at: number): { path: string[]; end: number } {
  const path: string[] = [];
  while (true) {
    at = skipBlank(text, at);
    const char = text[at];
    if (char === '"') {
      const end = skipBasicString(text, at);
      path.push(decodeBasic(text.slice(at + 1, end - 1)));
      at = end;
    } else if (char === "'") {
      const end = text.indexOf("'", at + 1) + 1;
      path.push(text.slice(at + 1, end - 1));
      at = end;
    } else {
      const start = at;
      while (at < text.length && /[A-Za-z0-9_-]/.test(text[at]!)) at++;
      path.push(text.slice(start, at));
    }
    at = skipBlank(text, at);
    if (text[at] !== ".") return { path, end: at };
    at++;
  }
}

function skipValue(text: string, at: number): number {
  if (text.startsWith('"""', at)) return skipMultiline(text, at, '"');
  if (text.startsWith("'''", at)) return skipMultiline(text, at, "'");
  const char = text[at];
  if (char === '"') return skipBasicString(text, at);
  if (char === "'") return text.indexOf("'", at + 1) + 1;
  if (char === "[" || char === "{") return skipNested(text, at);
  while (at < text.length && !"\r\n#".includes(text[at]!)) at++;
  return at;
}

/** Arrays and inline tables, which may hold strings with brackets and (arrays) comments and newlines. */
function skipNested(text: string, at: number): number {
  let depth = 0;
  while (at < text.length) {
    if (text.startsWith('"""', at) || text.startsWith("'''", at) || text[at] === '"' || text[at] === "'") {
      at = skipValue(text, at);
      continue;
    }
    const char = text[at]!;
    if (char === "#") {
      while (at < text.length && text[at] !== "\n") at++;
      continue;
    }
    if (char === "[" || char === "{") depth++;
    if ((char === "]" || char === "}") && --depth === 0) return at + 1;
    at++;
  }
  return at;
}

function skipBasicString(text: string, at: number): number {
  at++;
  while (at < text.length && text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
  return at + 1;
}

function skipMultiline(text: string, at: number, quote: '"' | "'"): number {
  const fence = quote.repeat(3);
  at += 3;
  while (at < text.length) {
    if (quote === '"' && text[at] === "\\") {
      at += 2;
      continue;
    }
    if (text.startsWith(fence, at)) {
      at += 3;
      // Up to two quotes may sit right before the closing fence: `""""a"""""` ends at the last three.
      for (let extra = 0; extra < 2 && text[at] === quote; extra++) at++;
      return at;
    }
    at++;
  }
  return at;
}

function skipBlank(text: string, at: number): number {
  while (text[at] === " " || text[at] === "\t") at++;
  return at;
}

/** Past trailing blanks, an optional comment and the line terminator. */
function pastLineEnd(text: string, at: number): number {
  const newline = text.indexOf("\n", at);
  return newline < 0 ? text.length : newline + 1;
}

const ESCAPES: Record<string, string> = {
  b: "\b",
  t: "\t",
  n: "\n",
  f: "\f",
  r: "\r",
  e: "\x1b",
  '"': '"',
  "\\": "\\",
};

function decodeBasic(raw: string): string {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|.)/g, (_match, code: string) =>
    code.length > 1 ? String.fromCodePoint(parseInt(code.slice(1), 16)) : (ESCAPES[code] ?? code),
  );
}
