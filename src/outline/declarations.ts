// What a block's header declares, read from its text: a kind (function, class, method, interface, …) and a name
// with a short signature. Blocks that declare nothing (if, for, calls taking callbacks) get null and stay out.

import type { Language } from "../blocks/language.ts";

export interface Declaration {
  kind: string;
  name: string;
}

/** A declaration and the line (0-based) its text stands on, below any annotation lines. */
export interface FoundDeclaration extends Declaration {
  line: number;
}

/** A name with its signature is cut here: the outline is for finding, the rows are for reading. */
const MAX_NAME_CHARS = 80;

const MODIFIERS = String.raw`(?:(?:export|default|declare|public|private|protected|internal|static|abstract|final|async|override|readonly|sealed|open|virtual|inline|unsafe|partial|data|suspend|operator|fileprivate|mutating|extern|accessor|synchronized|native|transient|pub(?:\([^)]*\))?)\s+)*`;
/** MODIFIERS at the start of a line, compiled once (each line of an outline is tested). */
const LEADING_MODIFIERS = new RegExp(`^${MODIFIERS}`);
const CONTROL = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "with",
  "return",
  "typeof",
  "new",
  "function",
  "else",
  "do",
  "try",
  "finally",
  "throw",
  "await",
  "yield",
  "case",
  "delete",
  "void",
  "using",
  "lock",
  "foreach",
  "fixed",
  "synchronized",
  "defer",
  "go",
  "select",
  "match",
  "loop",
  "unless",
  "until",
  "elif",
  "when",
  "super",
  "this",
]);

const TYPE_KEYWORDS =
  /^(class|interface|enum|struct|trait|union|record|object|protocol|extension|namespace|module|impl|type)\s+(.+)$/;
const FUNCTION_KEYWORD = /^(?:function\*?|fn|func|fun|def|sub|proc)\s*(.*)$/;
const BINDING = /^(?:const|let|var|val)\s+([\w$]+)\s*(?::[^=]+)?=\s*(.*)$/;
const ASSIGNED_PATH = /^([\w$]+(?:\.[\w$]+|\[[^\]]+\])+)\s*=\s*(.*)$/;
const MEMBER =
  /^(?:(?:get|set|static|async)\s+|\*\s*)*(#?[\w$]+|\[[^\]]+\]|"[^"]*"|'[^']*')\s*[?!]?\s*(<[^>]*>)?\s*\(/;
const KEYED = /^(#?[\w$]+|"[^"]*"|'[^']*'|\[[^\]]+\])\s*[?!]?\s*(:|=)\s*(.*)$/;
const TYPED_FUNCTION = /^[\w$:<>,.\[\]*&\s~]+?[\s*&]([A-Za-z_~][\w$:~]*)\s*\(/;

/** Collapses whitespace and cuts at MAX_NAME_CHARS. */
function tidy(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MAX_NAME_CHARS ? flat : `${flat.slice(0, MAX_NAME_CHARS - 1)}…`;
}

/** `name(params)` from `text` starting at the name: through the matching `)` on this line, else `name(…)`. */
function withParameters(text: string): string {
  const open = text.indexOf("(");
  if (open < 0) return tidy(text.replace(/[\s{:=].*$/, ""));
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return tidy(text.slice(0, index + 1));
  }
  return tidy(`${text.slice(0, open)}(…)`);
}

/** The value side of `name = value`: what kind of thing is bound. */
function boundKind(value: string): string | null {
  if (/^(?:async\s+)?(?:function\b|\(?\s*function\b)/.test(value)) return "function";
  if (/=>/.test(value) && /^(?:async\s+)?(?:\(|[\w$]+\s*=>|<)/.test(value)) return "function";
  if (/^class\b/.test(value)) return "class";
  if (/^\{/.test(value)) return "object";
  if (/^\[/.test(value)) return "array";
  return null;
}

function braceDeclaration(text: string, dialect: string): Declaration | null {
  if (dialect === "css" || dialect === "scss") {
    const selector = text.replace(/\s*\{.*$/, "");
    if (selector === "" || selector.startsWith("}")) return null;
    return { kind: selector.startsWith("@") ? "at-rule" : "rule", name: tidy(selector) };
  }
  if (dialect === "hcl") {
    const found = /^([\w-]+)((?:\s+"[^"]*"|\s+[\w-]+)*)\s*[={]/.exec(text);
    return found ? { kind: found[1]!, name: tidy(found[2]!.trim() || found[1]!) } : null;
  }
  if (dialect === "json") {
    const found = /^"((?:[^"\\]|\\.)*)"\s*:\s*[[{]/.exec(text);
    return found ? { kind: "key", name: tidy(found[1]!) } : null;
  }
  const stripped = text.replace(LEADING_MODIFIERS, "");
  let found = TYPE_KEYWORDS.exec(stripped);
  if (found) {
    const rest = found[2]!;
    if (found[1] === "type" && !/=/.test(rest)) return null;
    const name = rest.replace(/\s*(?:\{|=|\bextends\b|\bimplements\b|:(?!:)|\bwhere\b).*$/, "");
    return { kind: found[1]!, name: tidy(name || rest) };
  }
  if (/^declare\s+global\b/.test(text)) return { kind: "namespace", name: "global" };
  found = FUNCTION_KEYWORD.exec(stripped);
  if (found) {
    let rest = found[1]!;
    const receiver = /^\(([^)]*)\)\s*(.*)$/.exec(rest); // Go: func (s *Server) Start(
    if (receiver && /^[\w$]/.test(receiver[2]!)) {
      return { kind: "method", name: withParameters(`(${receiver[1]}) ${receiver[2]}`) };
    }
    if (rest.startsWith("(")) rest = `(anonymous)${rest}`;
    return { kind: "function", name: withParameters(rest) };
  }
  found = BINDING.exec(stripped);
  if (found) {
    const kind = boundKind(found[2]!);
    return kind
      ? { kind, name: kind === "function" ? withParameters(found[1]! + argsOf(found[2]!)) : found[1]! }
      : null;
  }
  // `declare const Schema: z.ZodObject<{` — a declared binding whose type runs over lines.
  found = /\bdeclare\b/.test(text) ? /^(const|let|var)\s+([\w$]+)\s*:/.exec(stripped) : null;
  if (found) return { kind: found[1]!, name: found[2]! };
  found = ASSIGNED_PATH.exec(text);
  if (found) {
    const kind = boundKind(found[2]!);
    return kind
      ? { kind, name: kind === "function" ? withParameters(found[1]! + argsOf(found[2]!)) : tidy(found[1]!) }
      : null;
  }
  found = MEMBER.exec(stripped);
  if (found && !CONTROL.has(found[1]!)) {
    const afterName = stripped.slice(stripped.indexOf("(", found[0].length - 1));
    if (closesIntoBody(afterName))
      return { kind: "method", name: withParameters(stripped.slice(stripped.indexOf(found[1]!))) };
  }
  found = KEYED.exec(stripped);
  if (found && !CONTROL.has(found[1]!)) {
    const kind = boundKind(found[3]!);
    if (kind === "function") return { kind: "method", name: withParameters(found[1]! + argsOf(found[3]!)) };
    if (kind)
      return { kind: kind === "object" || kind === "array" ? "property" : kind, name: tidy(found[1]!) };
    return null;
  }
  found = TYPED_FUNCTION.exec(stripped);
  if (
    found &&
    !CONTROL.has(found[1]!) &&
    !/^(?:return|else|new|throw|case|delete|await|yield)\b/.test(stripped)
  ) {
    const name = found[1]!;
    const afterName = stripped.slice(found.index + found[0].length - 1);
    if (!stripped.includes("=") || /^[^=]*\(/.test(stripped)) {
      if (closesIntoBody(afterName) || !afterName.includes(")")) {
        return { kind: "function", name: withParameters(name + afterName) };
      }
    }
  }
  return null;
}

/** `(a, b) => {` or `function (a) {` → `(a, b)`: the parameters of a bound function, for its name. */
function argsOf(value: string): string {
  const open = value.indexOf("(");
  if (open < 0) {
    const single = /^(?:async\s+)?([\w$]+)\s*=>/.exec(value);
    return single ? `(${single[1]})` : "()";
  }
  return value.slice(open);
}

/** Whether text from a `(` closes it on this line and then opens the body (`{`, `: Type {`, `=>`, `throws`). */
function closesIntoBody(fromParen: string): boolean {
  let depth = 0;
  for (let index = 0; index < fromParen.length; index++) {
    const char = fromParen[index];
    if (char === "(") depth++;
    else if (char === ")" && --depth === 0) {
      const rest = fromParen.slice(index + 1).trim();
      return (
        rest === "" ||
        /^(?:\{|:|=>|->|throws\b|where\b|const\b|override\b|noexcept\b|async\b|\w+\s*\{)/.test(rest)
      );
    }
  }
  return true; // parameters run on below: a multi-line signature
}

function pythonDeclaration(text: string): Declaration | null {
  const found = /^(async\s+)?(def|class)\s+(.*)$/.exec(text);
  if (!found) return null;
  const kind = found[2] === "class" ? "class" : "def";
  return { kind: found[1] ? "async def" : kind, name: withParameters(found[3]!.replace(/:\s*(#.*)?$/, "")) };
}

function keywordEndDeclaration(text: string, dialect: string): Declaration | null {
  if (dialect === "shell") {
    const found = /^(?:function\s+([\w.:-]+)|([\w.:-]+)\s*\(\s*\))/.exec(text);
    return found ? { kind: "function", name: found[1] ?? found[2]! } : null;
  }
  const found =
    /^(?:local\s+)?(def|defp|defmodule|defmacro|class|module|function|struct|macro|abstract\s+type|mutable\s+struct)\s+(.+)$/.exec(
      text,
    );
  if (!found) return null;
  return { kind: found[1]!.replace(/\s+/g, " "), name: withParameters(found[2]!.replace(/\s+do\s*$/, "")) };
}

function yamlDeclaration(text: string): Declaration | null {
  const found = /^(-\s+)?((?:"[^"]*"|'[^']*'|[^\s#:][^#:]*?)):\s*(?:[&!]\S+\s*)*(?:#.*)?$/.exec(text);
  return found ? { kind: "key", name: tidy(found[2]!) } : null;
}

/**
 * Headers that are statements, not declarations: no rule below names one (a quick answer for the half of a bundle's
 * blocks that are `if (…) {`, `for (…) {`, `return …`).
 */
const BRACE_STATEMENT =
  /^(?:(?:else\s+)?(?:if|for|while|switch|catch|with)\s*\(|(?:else|try|do|finally)\s*\{|return\b(?!\s*[:=.]))/;

/** Annotation lines (`@decorator`, `#[attr]`, `[Attr]`) that head a block before its declaration. */
const ANNOTATION = /^(?:@[\w.]+(?:\(.*\))?|#\[.*\]|\[[\w.]+(?:\(.*\))?\])\s*$/;

/** Whether `text` starts as an ANNOTATION does (most header lines do not: no pattern needs testing). */
const mayBeAnnotation = (text: string): boolean => startsAnnotation(text.charCodeAt(0));
const startsAnnotation = (code: number): boolean => code === AT || code === HASH || code === OPEN_BRACKET;
const AT = 0x40;
const HASH = 0x23;
const OPEN_BRACKET = 0x5b;

/**
 * Whether the declaration a block headed by `line` makes is decided by that line's text alone: declarationAt looks
 * below it only past annotation lines. Tested on the first character after the indentation, without cutting it.
 */
export function namedByItsOwnText(line: string): boolean {
  let index = 0;
  let code = line.charCodeAt(0);
  while (code === 0x20 || code === 0x09) code = line.charCodeAt(++index);
  // Other whitespace (which trimming also takes) is rare enough to leave to the full rule.
  if (code <= 0x20 || code >= 0x80) {
    const trimmed = line.trim();
    return !mayBeAnnotation(trimmed) || !ANNOTATION.test(trimmed);
  }
  return !startsAnnotation(code) || !ANNOTATION.test(line.trim());
}

/**
 * The declaration a block headed at `lines[start]` makes, skipping annotation lines, or null. `language` picks the
 * rules; headings are named by HeadingOutline instead.
 */
export function declarationAt(
  lines: readonly string[],
  start: number,
  end: number,
  language: Language,
): FoundDeclaration | null {
  const found = declarationText(lines, start, end, language);
  return found ? { ...found.declaration, line: found.line } : null;
}

function declarationText(
  lines: readonly string[],
  start: number,
  end: number,
  language: Language,
): { declaration: Declaration; line: number } | null {
  let line = start;
  let text = lines[line]!.trim();
  while (line < end && mayBeAnnotation(text) && ANNOTATION.test(text)) text = lines[++line]!.trim();
  if (text === "" || text.startsWith("}") || text.startsWith(")") || text.startsWith("]")) return null;
  if (language.family === "brace" && BRACE_STATEMENT.test(text)) return null;
  const declaration = declarationOf(text, language);
  return declaration ? { declaration, line } : null;
}

function declarationOf(text: string, language: Language): Declaration | null {
  switch (language.family) {
    case "brace":
      return braceDeclaration(text, language.dialect);
    case "indent":
      if (language.dialect === "python") return pythonDeclaration(text);
      if (language.dialect === "yaml") return yamlDeclaration(text);
      return null;
    case "keyword-end":
      return keywordEndDeclaration(text, language.dialect);
    case "headings":
      return null;
  }
}

/** A one-line member of a class or interface (`name: Type;`, `foo(): void;`, `x = 1`), or null. */
export function memberLineAt(text: string, language: Language): Declaration | null {
  const trimmed = text.trim();
  if (language.family === "indent" && language.dialect === "python") {
    const found = /^([A-Za-z_]\w*)\s*(?::[^=]+)?=|^([A-Za-z_]\w*)\s*:\s*\S/.exec(trimmed);
    return found ? { kind: "attribute", name: found[1] ?? found[2]! } : null;
  }
  if (language.family !== "brace") return null;
  const stripped = trimmed.replace(LEADING_MODIFIERS, "").replace(/^(?:get|set)\s+(?=[\w$#])/, "");
  const method = /^(new\s*|constructor\s*|#?[\w$]+\s*[?!]?\s*|\[[^\]]+\]\s*)(<[^>]*>)?\s*\(/.exec(stripped);
  if (method && !CONTROL.has(method[1]!.trim()) && /[;,]?\s*$/.test(stripped)) {
    return { kind: "method", name: withParameters(stripped) };
  }
  const property = /^(#?[\w$]+|\[[^\]]+\]|"[^"]*"|'[^']*')\s*[?!]?\s*[:=;]/.exec(stripped);
  if (property && !CONTROL.has(property[1]!)) return { kind: "property", name: property[1]! };
  return null;
}

/** One-line declarations at the top of a file (`declare function f(): void;`, `type A = B;`), or null. */
export function topLineAt(text: string, language: Language): Declaration | null {
  if (language.family !== "brace" || !/^(?:js|jsx|ts|tsx)$/.test(language.dialect)) return null;
  const trimmed = text.trim();
  const stripped = trimmed.replace(LEADING_MODIFIERS, "");
  const fn = /^function\*?\s+([\w$]+.*)$/.exec(stripped);
  if (fn) return { kind: "function", name: withParameters(fn[1]!) };
  const type = /^(type|interface|class|enum|namespace|module)\s+([\w$.]+)/.exec(stripped);
  if (type) return { kind: type[1]!, name: type[2]! };
  const declared = /\bdeclare\b/.test(trimmed) ? /^(?:const|let|var)\s+([\w$]+)/.exec(stripped) : null;
  if (declared) return { kind: "var", name: declared[1]! };
  return null;
}
