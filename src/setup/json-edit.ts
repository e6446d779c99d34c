// Edits a JSON (or JSON-with-comments) configuration by splicing text, so every other byte stays as it was: layout,
// key order, comments, numbers too large for a double. Comments and trailing commas are blanked out in a "shadow"
// of the same length, which JSON.parse and the scanner read; the splices go into the real text at the same offsets.

type JsonObject = Record<string, unknown>;

export interface JsonDocument {
  text: string;
  /** `text` with comments and trailing commas replaced by spaces (line breaks kept): same offsets, plain JSON. */
  shadow: string;
  value: unknown;
}

/**
 * Parses `text` (comments and trailing commas allowed when `comments`), or says why it is not JSON; `blank` says
 * there is nothing but blanks and comments.
 */
export function parseJsonDocument(
  text: string,
  comments: boolean,
): JsonDocument | { error: string; blank: boolean } {
  const shadow = comments ? blankTrailingCommas(blankComments(text)) : text;
  try {
    return { text, shadow, value: JSON.parse(shadow) };
  } catch (error) {
    return { error: (error as Error).message, blank: shadow.trim() === "" };
  }
}

/**
 * The text with `path` (object keys from the top) set to `value`: the member's value replaced, or the member added
 * last in its object, with any objects missing on the way. Every object on the path must be an object (callers
 * check the parsed value first).
 */
export function setMember(doc: JsonDocument, path: readonly string[], value: unknown): string {
  const { text, shadow } = doc;
  const style = layoutOf(shadow);
  let span = objectAt(shadow, skipSpace(shadow, 0));
  let indent = "";
  for (let depth = 0; depth < path.length; depth++) {
    const member = lastMember(span, path[depth]!);
    if (member === undefined) {
      const nested = path.slice(depth + 1).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
      return insertMember(text, span, path[depth]!, nested, indent, style);
    }
    if (depth === path.length - 1) {
      const rendered = render(value, indentBefore(text, member.keyStart), style);
      return splice(text, member.valueStart, member.valueEnd, rendered);
    }
    indent = indentBefore(text, member.keyStart);
    span = objectAt(shadow, member.valueStart);
  }
  throw new Error("setMember needs a path of at least one key");
}

/**
 * The text with `item` appended to the list at `path`; a missing list (and the objects on the way) is created
 * holding just `item`.
 */
export function appendItem(doc: JsonDocument, path: readonly string[], item: unknown): string {
  const { text, shadow } = doc;
  let span = objectAt(shadow, skipSpace(shadow, 0));
  for (let depth = 0; depth < path.length; depth++) {
    const member = lastMember(span, path[depth]!);
    if (member === undefined) return setMember(doc, path, [item]);
    if (depth === path.length - 1) return appendToList(doc, member, item);
    span = objectAt(shadow, member.valueStart);
  }
  return text;
}

interface Member {
  key: string;
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

interface ObjectSpan {
  open: number;
  close: number;
  members: Member[];
}

interface Layout {
  /** One level of indentation, or "" for single-line JSON. */
  unit: string;
  eol: string;
}

function layoutOf(shadow: string): Layout {
  const eol = shadow.includes("\r\n") ? "\r\n" : "\n";
  const top = objectAt(shadow, skipSpace(shadow, 0));
  const first = top.members[0];
  if (first) {
    const indent = indentBefore(shadow, first.keyStart);
    if (indent !== "" || shadow.lastIndexOf("\n", first.keyStart) > top.open)
      return { unit: indent || "  ", eol };
  }
  return { unit: /\n\s*\S/.test(shadow.trim()) ? "  " : "", eol };
}

function render(value: unknown, indent: string, style: Layout): string {
  if (style.unit === "") return JSON.stringify(value);
  return JSON.stringify(value, null, style.unit).replaceAll("\n", style.eol + indent);
}

/** Adds `"key": value` as the last member of the object; `indent` is that object's own indentation. */
function insertMember(
  text: string,
  span: ObjectSpan,
  key: string,
  value: unknown,
  indent: string,
  style: Layout,
): string {
  const last = span.members.at(-1);
  const memberIndent = last ? indentBefore(text, last.keyStart) : indent + style.unit;
  const member = `${JSON.stringify(key)}:${style.unit === "" ? "" : " "}${render(value, memberIndent, style)}`;
  if (style.unit === "") {
    return last
      ? splice(text, last.valueEnd, last.valueEnd, `,${member}`)
      : splice(text, span.open + 1, span.open + 1, member);
  }
  if (last) return insertAfterLine(text, last.valueEnd, `${style.eol}${memberIndent}${member}`);
  const inside = text.slice(span.open + 1, span.close);
  // An empty object: its blank inside is replaced; comments in it stay, and the member goes after them.
  if (inside.trim() === "")
    return splice(
      text,
      span.open + 1,
      span.close,
      `${style.eol}${memberIndent}${member}${style.eol}${indent}`,
    );
  const end = span.open + 1 + inside.trimEnd().length;
  return splice(text, end, end, `${style.eol}${memberIndent}${member}`);
}

/**
 * Adds `addition` (a line break and a member or item) after the value ending at `valueEnd`. When the rest of that
 * line is only a comma and a comment (`"a": 1, // why`), the addition goes after them, so the comment stays with
 * its value; a trailing comma there already separates, else a comma is added right after the value.
 */
function insertAfterLine(text: string, valueEnd: number, addition: string): string {
  const newline = text.indexOf("\n", valueEnd);
  const lineEnd = newline < 0 ? text.length : text[newline - 1] === "\r" ? newline - 1 : newline;
  const raw = text.slice(valueEnd, lineEnd);
  const rest = blankComments(raw);
  if (raw.trim() === "" || !/^\s*,?\s*$/.test(rest)) return splice(text, valueEnd, valueEnd, `,${addition}`);
  if (rest.includes(",")) return splice(text, lineEnd, lineEnd, addition);
  return splice(splice(text, lineEnd, lineEnd, addition), valueEnd, valueEnd, ",");
}

function appendToList(doc: JsonDocument, member: Member, item: unknown): string {
  const { text, shadow } = doc;
  const style = layoutOf(shadow);
  const elements = listAt(shadow, member.valueStart);
  const rendered = (indent: string) => render(item, indent, style);
  const last = elements.at(-1);
  if (last === undefined) {
    const close = skipSpace(shadow, member.valueStart + 1);
    return splice(text, member.valueStart, close + 1, `[${rendered(indentBefore(text, member.keyStart))}]`);
  }
  const first = elements[0]!;
  const multiline = shadow.slice(member.valueStart, first.start).includes("\n");
  if (multiline) {
    const indent = indentBefore(text, first.start);
    return insertAfterLine(text, last.end, `${style.eol}${indent}${rendered(indent)}`);
  }
  // One line: "," when the list already packs its items so, else ", ".
  const second = elements[1];
  const separator = second && shadow.slice(first.end, second.start) === "," ? "," : ", ";
  return splice(text, last.end, last.end, `${separator}${rendered("")}`);
}

/** The whitespace that starts the line holding `offset` (empty when something precedes it on the line). */
function indentBefore(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const lead = text.slice(lineStart, offset);
  return /^[ \t]*$/.test(lead) ? lead : "";
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

function lastMember(span: ObjectSpan, key: string): Member | undefined {
  // JSON.parse keeps the last of duplicate keys, so the splice must target that one too.
  return span.members.findLast((member) => member.key === key);
}

// Scanners over a shadow JSON.parse has already accepted, so they only need to find boundaries.

function objectAt(text: string, open: number): ObjectSpan {
  const members: Member[] = [];
  let at = skipSpace(text, open + 1);
  if (text[at] === "}") return { open, close: at, members };
  while (true) {
    const keyStart = at;
    const keyEnd = skipString(text, at);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    members.push({ key: JSON.parse(text.slice(keyStart, keyEnd)) as string, keyStart, valueStart, valueEnd });
    at = skipSpace(text, valueEnd);
    if (text[at] !== ",") return { open, close: at, members };
    at = skipSpace(text, at + 1);
  }
}

function listAt(text: string, open: number): { start: number; end: number }[] {
  const elements: { start: number; end: number }[] = [];
  let at = skipSpace(text, open + 1);
  if (text[at] === "]") return elements;
  while (true) {
    const end = skipValue(text, at);
    elements.push({ start: at, end });
    at = skipSpace(text, end);
    if (text[at] !== ",") return elements;
    at = skipSpace(text, at + 1);
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && " \t\r\n".includes(text[at]!)) at++;
  return at;
}

function skipString(text: string, at: number): number {
  at++;
  while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
  return at + 1;
}

function skipValue(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return skipString(text, at);
  if (first === "{" || first === "[") {
    let depth = 0;
    while (true) {
      const char = text[at];
      if (char === '"') {
        at = skipString(text, at);
        continue;
      }
      if (char === "{" || char === "[") depth++;
      if ((char === "}" || char === "]") && --depth === 0) return at + 1;
      at++;
    }
  }
  while (at < text.length && !",}] \t\r\n".includes(text[at]!)) at++;
  return at;
}

/**
 * Rewrites `text` outside its strings: `step(at)` returns what replaces the text from `at` up to the offset it
 * names, or undefined to keep the character at `at`.
 */
function outsideStrings(text: string, step: (at: number) => [string, number] | undefined): string {
  let out = "";
  let at = 0;
  while (at < text.length) {
    if (text[at] === '"') {
      const end = Math.min(text.length, skipStringLoose(text, at));
      out += text.slice(at, end);
      at = end;
      continue;
    }
    const replaced = step(at);
    if (replaced === undefined) out += text[at++];
    else [out, at] = [out + replaced[0], replaced[1]];
  }
  return out;
}

/** `//` and `/* … *\/` comments outside strings become spaces; line breaks inside them stay. */
function blankComments(text: string): string {
  return outsideStrings(text, (at) => {
    if (text[at] !== "/") return undefined;
    if (text[at + 1] === "/") {
      const end = text.indexOf("\n", at);
      const stop = end < 0 ? text.length : text[end - 1] === "\r" ? end - 1 : end;
      return [" ".repeat(stop - at), stop];
    }
    if (text[at + 1] !== "*") return undefined;
    const close = text.indexOf("*/", at + 2);
    const stop = close < 0 ? text.length : close + 2;
    return [text.slice(at, stop).replace(/[^\r\n]/g, " "), stop];
  });
}

/** A comma followed (past blanks) by `}` or `]` becomes a space. Runs after blankComments. */
function blankTrailingCommas(text: string): string {
  return outsideStrings(text, (at) => {
    if (text[at] !== ",") return undefined;
    const next = text[skipSpace(text, at + 1)];
    return next === "}" || next === "]" ? [" ", at + 1] : undefined;
  });
}

/** Past a string that may be unterminated (the text is not yet known to be valid). */
function skipStringLoose(text: string, at: number): number {
  at++;
  while (at < text.length && text[at] !== '"' && text[at] !== "\n") at += text[at] === "\\" ? 2 : 1;
  return at + 1;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
