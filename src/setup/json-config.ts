// Adds or updates `mcpServers.<name>` in a JSON configuration by splicing text, so every other byte stays as
// it was (layout, key order, numbers too large for a double). The result must re-parse to exactly the intent.

import { configInvalid, configShape, editUnsafe } from "./messages.ts";
import { done, problem, type ConfigChange, type SetupResult } from "./result.ts";
import { mergeServerArgs } from "./server-args.ts";

type JsonObject = Record<string, unknown>;

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

/** `entry` holds the keys lapp owns; other keys of an existing entry (env, timeouts) are kept. */
export function upsertJsonServer(
  text: string,
  name: string,
  entry: JsonObject,
  file: string,
): SetupResult<ConfigChange> {
  if (text.trim() === "") {
    const fresh = { mcpServers: { [name]: entry } };
    return done({ changed: true, text: `${JSON.stringify(fresh, null, 2)}\n`, previous: undefined });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return problem("CONFIG_INVALID", configInvalid(file, "JSON", (error as Error).message));
  }
  if (!isObject(parsed)) return problem("CONFIG_SHAPE", configShape(file, "the top level is not an object"));
  const servers = parsed.mcpServers;
  if (servers !== undefined && !isObject(servers)) {
    return problem("CONFIG_SHAPE", configShape(file, '"mcpServers" is not an object'));
  }
  const previous = servers?.[name];
  const merged = isObject(previous)
    ? { ...previous, ...entry, args: mergeServerArgs(previous.args, entry.args as string[]) }
    : entry;
  if (previous !== undefined && Bun.deepEquals(previous, merged, true)) {
    return done({ changed: false, text, previous });
  }

  const style = layoutOf(text);
  const top = objectAt(text, skipSpace(text, 0));
  const serversMember = lastMember(top, "mcpServers");
  let edited: string;
  if (serversMember === undefined) {
    edited = insertMember(text, top, "mcpServers", { [name]: merged }, "", style);
  } else {
    const serversSpan = objectAt(text, serversMember.valueStart);
    const serversIndent = indentBefore(text, serversMember.keyStart);
    const existing = lastMember(serversSpan, name);
    edited = existing
      ? splice(
          text,
          existing.valueStart,
          existing.valueEnd,
          render(merged, indentBefore(text, existing.keyStart), style),
        )
      : insertMember(text, serversSpan, name, merged, serversIndent, style);
  }

  const intended = { ...parsed, mcpServers: { ...servers, [name]: merged } };
  let reparsed: unknown;
  try {
    reparsed = JSON.parse(edited);
  } catch {
    return problem("CONFIG_EDIT_UNSAFE", editUnsafe(file));
  }
  if (!Bun.deepEquals(reparsed, intended, true)) return problem("CONFIG_EDIT_UNSAFE", editUnsafe(file));
  return done({ changed: true, text: edited, previous });
}

interface Layout {
  /** One level of indentation, or "" for single-line JSON. */
  unit: string;
  eol: string;
}

function layoutOf(text: string): Layout {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const firstIndent = /^\s*\{\r?\n([ \t]+)\S/.exec(text);
  if (firstIndent) return { unit: firstIndent[1]!, eol };
  return { unit: /\n\s*\S/.test(text.trim()) ? "  " : "", eol };
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
      : splice(text, span.open + 1, span.close, member);
  }
  if (last) return splice(text, last.valueEnd, last.valueEnd, `,${style.eol}${memberIndent}${member}`);
  return splice(text, span.open + 1, span.close, `${style.eol}${memberIndent}${member}${style.eol}${indent}`);
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

// A scanner over text JSON.parse has already accepted, so it only needs to find boundaries.

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

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
