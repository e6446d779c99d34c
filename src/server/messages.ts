// Every sentence lapp's protocol layer sends a client or writes to stderr: JSON-RPC errors, the startup log line.
// Functions of data only, so tests assert codes and data and the wording changes in one place.
import type { WarmWalkEnd } from "../search/warm-walk.ts";

export const unparsableLine = (reason: string): string =>
  `Parse error: the line is not valid JSON (${reason}). Send one JSON-RPC message per line.`;

export const byteOrderMark =
  "Parse error: the line starts with a byte order mark (U+FEFF); send JSON-RPC messages without one.";

export const batchRefused =
  "Invalid Request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18); send one message per line.";

export const notAnObject = (kind: string): string =>
  `Invalid Request: a JSON-RPC message must be an object, got ${kind}.`;

export const wrongVersion = (version: unknown): string =>
  `Invalid Request: "jsonrpc" must be "2.0", got ${version === undefined ? "nothing" : JSON.stringify(version)}.`;

export const badId = (id: unknown): string =>
  `Invalid Request: "id" must be a string or an integer, got ${describeId(id)}.`;

/** What a refused id is: JSON.stringify alone would print `1e400` (infinity once parsed) as `null`. */
function describeId(id: unknown): string {
  if (typeof id !== "number") return JSON.stringify(id) ?? "nothing";
  if (!Number.isFinite(id))
    return "a number too large for any number type (it parses as infinity); send the id as a string";
  if (!Number.isInteger(id)) return `${id}, a number with a fraction`;
  return `${id}, an integer too large to be held exactly (beyond ${Number.MAX_SAFE_INTEGER}); send the id as a string`;
}

export const badMethod = (method: unknown): string =>
  `Invalid Request: "method" must be a non-empty string, got ${JSON.stringify(method)}.`;

export const notAMessage =
  'Invalid Request: the object is neither a request ("method" and "id"), a notification ("method") nor a response ("id" with "result" or "error").';

export const messageTooLarge = (size: number, limit: number): string =>
  `Invalid Request: the message is ${size} bytes, over lapp's limit of ${limit} bytes; it was discarded unread. A lapp_write or lapp_edit that large would be refused anyway: split the content into smaller edits.`;

export const invalidParams = (method: string, problems: readonly string[]): string =>
  `Invalid params for ${method}: ${problems.join("; ")}.`;

export const paramsNotObject = (got: string): string => `params must be an object, got ${got}`;

export const unknownTool = (name: string, available: readonly string[]): string =>
  `Unknown tool ${JSON.stringify(name)}. Available tools: ${available.join(", ")}.`;

export const droppedMessage = (reason: string): string =>
  `lapp: ignored a message from the client: ${reason}`;

export const serving = (version: string, root: string): string => `lapp ${version} serving ${root}`;

/** The log line of an initialize: who connected and the budget its answers keep to. */
export function clientBudget(clientInfo: unknown, budget: number, fromFlag: boolean): string {
  const info = (typeof clientInfo === "object" && clientInfo !== null ? clientInfo : {}) as Record<
    string,
    unknown
  >;
  const who = [info.name, info.version].filter((part) => typeof part === "string").join(" ") || "unnamed";
  return `client ${JSON.stringify(who)}: answers within ${budget} tokens (${fromFlag ? "--max-output-tokens" : "the client's default"})`;
}

export const rootUnusable = (root: string, why: string): string =>
  `--root ${JSON.stringify(root)} cannot be used (${why})`;

export const rootNotDirectory = (root: string): string => `--root ${JSON.stringify(root)} is not a directory`;

/** How the walk before the first search ended, as its log line says it (search/warm-walk.ts). */
const WARM_WALK_ENDS: Record<WarmWalkEnd, string> = {
  walked: "the whole root",
  searched: "stopped: a search began",
  "too-many": "stopped: more files than listings are kept for",
  "not-kept": "skipped: listings are not kept on this file system",
};

/** The log line once the walk before the first search ends. */
export const warmWalkLine = (end: WarmWalkEnd, files: number, ms: number): string =>
  `walked the root before the first search: ${files} files in ${ms}ms (${WARM_WALK_ENDS[end]})`;
