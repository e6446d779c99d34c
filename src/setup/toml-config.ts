// Adds or updates `[mcp_servers.<name>]` in a TOML configuration (Codex) by splicing text: comments, layout and
// other keys of the table stay. Bun's TOML parser checks that the result means exactly the intended change.

import { configInvalid, configShape, editUnsafe } from "./messages.ts";
import { done, problem, type ConfigChange, type SetupResult } from "./result.ts";
import { scanToml, type TomlStatement } from "./toml-scan.ts";

type TomlValue = string | string[] | boolean;

/**
 * `merge` turns the entry already there (undefined when none) into the entry lapp wants; only the keys whose value
 * changes are written, right under the table's header.
 */
export function upsertTomlServer(
  text: string,
  name: string,
  merge: (previous: unknown) => Record<string, unknown>,
  file: string,
): SetupResult<ConfigChange> {
  let parsed: Record<string, unknown>;
  try {
    parsed = Bun.TOML.parse(text) as Record<string, unknown>;
  } catch (error) {
    return problem("CONFIG_INVALID", configInvalid(file, "TOML", (error as Error).message));
  }
  const servers = parsed.mcp_servers;
  if (servers !== undefined && !isTable(servers)) {
    return problem("CONFIG_SHAPE", configShape(file, "mcp_servers is not a table"));
  }
  const previous = servers?.[name];
  const merged = merge(previous);
  if (previous !== undefined && Bun.deepEquals(previous, merged, true))
    return done({ changed: false, text, previous });
  const before = isTable(previous) ? previous : {};
  const owned = Object.entries(merged).filter(
    ([key, value]) => !(key in before) || !Bun.deepEquals(before[key], value, true),
  );

  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = owned.map(([key, value]) => `${key} = ${tomlValue(value as TomlValue)}${eol}`).join("");
  const statements = scanToml(text);
  const header = statements.findIndex((statement) => isTableNamed(statement, name));
  let edited: string;
  if (header >= 0) {
    edited = replaceOwnedKeys(
      text,
      statements,
      header,
      owned.map(([key]) => key),
      lines,
      eol,
    );
  } else if (previous !== undefined) {
    return problem(
      "CONFIG_SHAPE",
      configShape(file, `mcp_servers.${name} is not written as a [mcp_servers.${name}] table`),
    );
  } else {
    const separator = text === "" ? "" : text.endsWith("\n") ? eol : eol + eol;
    edited = `${text}${separator}[mcp_servers.${name}]${eol}${lines}`;
  }

  let reparsed: unknown;
  try {
    reparsed = Bun.TOML.parse(edited);
  } catch {
    return problem("CONFIG_EDIT_UNSAFE", editUnsafe(file));
  }
  const intended = { ...parsed, mcp_servers: { ...servers, [name]: merged } };
  if (!Bun.deepEquals(reparsed, intended, true)) return problem("CONFIG_EDIT_UNSAFE", editUnsafe(file));
  return done({ changed: true, text: edited, previous });
}

/** Drops the table's own `command`/`args` lines and writes the new ones right under its header. */
function replaceOwnedKeys(
  text: string,
  statements: readonly TomlStatement[],
  header: number,
  owned: readonly string[],
  lines: string,
  eol: string,
): string {
  const headerStatement = statements[header]!;
  const removed: TomlStatement[] = [];
  for (const statement of statements.slice(header + 1)) {
    if (statement.kind !== "pair") break;
    if (statement.path.length === 1 && owned.includes(statement.path[0]!)) removed.push(statement);
  }
  let edited = text;
  for (const statement of removed.reverse())
    edited = edited.slice(0, statement.start) + edited.slice(statement.end);
  const at = headerStatement.end;
  const newline = edited.slice(0, at).endsWith("\n") ? "" : eol;
  return edited.slice(0, at) + newline + lines + edited.slice(at);
}

function isTableNamed(statement: TomlStatement, name: string): boolean {
  return (
    statement.kind === "table" &&
    statement.path.length === 2 &&
    statement.path[0] === "mcp_servers" &&
    statement.path[1] === name
  );
}

function tomlValue(value: TomlValue): string {
  if (typeof value === "boolean") return String(value);
  return Array.isArray(value) ? `[${value.map(tomlString).join(", ")}]` : tomlString(value);
}

/**
 * A TOML basic string. JSON's string escapes (\" \\ \b \f \n \r \t \uXXXX) are all valid TOML escapes and
 * JSON.stringify escapes every C0 control character; TOML also forbids a raw DEL, which JSON allows.
 */
function tomlString(value: string): string {
  return JSON.stringify(value).replaceAll("\x7f", "\\u007f");
}

/** A table parses to a plain object; dates and times parse to objects of their own kind. */
function isTable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
