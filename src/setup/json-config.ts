// Adds or updates lapp's entry under a JSON configuration's servers key (`mcpServers`, `servers`,
// `context_servers`, `mcp`) by splicing text (json-edit.ts), so every other byte stays as it was. The result must
// re-parse to exactly the intent, or nothing is written.

import { isJsonObject, parseJsonDocument, setMember } from "./json-edit.ts";
import { configInvalid, configShape, editUnsafe } from "./messages.ts";
import { done, problem, type ConfigChange, type SetupResult } from "./result.ts";

type JsonObject = Record<string, unknown>;

/** Where a host keeps its servers in its JSON file, and whether it reads comments and trailing commas. */
export interface JsonPlace {
  serversKey: string;
  comments: boolean;
}

export const MCP_SERVERS: JsonPlace = { serversKey: "mcpServers", comments: false };

/** `merge` turns the entry already there (undefined when none) into the entry lapp wants. */
export function upsertJsonServer(
  text: string,
  name: string,
  merge: (previous: unknown) => JsonObject,
  file: string,
  place: JsonPlace = MCP_SERVERS,
): SetupResult<ConfigChange> {
  const { serversKey } = place;
  const doc = parseJsonDocument(text, place.comments);
  if ("error" in doc && doc.blank) {
    // Nothing but blanks (and comments, which stay): a file holding only lapp, after them.
    const fresh = `${JSON.stringify({ [serversKey]: { [name]: merge(undefined) } }, null, 2)}\n`;
    const lead = text.trim() === "" ? "" : text.endsWith("\n") ? text : `${text}\n`;
    return done({ changed: true, text: lead + fresh, previous: undefined });
  }
  if ("error" in doc)
    return problem(
      "CONFIG_INVALID",
      configInvalid(file, place.comments ? "JSON with comments" : "JSON", doc.error),
    );
  const parsed = doc.value;
  if (!isJsonObject(parsed))
    return problem("CONFIG_SHAPE", configShape(file, "the top level is not an object"));
  const servers = parsed[serversKey];
  if (servers !== undefined && !isJsonObject(servers)) {
    return problem("CONFIG_SHAPE", configShape(file, `"${serversKey}" is not an object`));
  }
  const previous = servers?.[name];
  const merged = merge(previous);
  if (previous !== undefined && Bun.deepEquals(previous, merged, true)) {
    return done({ changed: false, text, previous });
  }
  const edited = setMember(doc, [serversKey, name], merged);
  const intended = { ...parsed, [serversKey]: { ...servers, [name]: merged } };
  const reparsed = parseJsonDocument(edited, place.comments);
  if ("error" in reparsed || !Bun.deepEquals(reparsed.value, intended, true))
    return problem("CONFIG_EDIT_UNSAFE", editUnsafe(file));
  return done({ changed: true, text: edited, previous });
}
