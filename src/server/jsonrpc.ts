// Judges one line from the client as JSON-RPC 2.0 the way MCP uses it: a message for the server, or the exact
// error reply it deserves (-32700 unparsable, -32600 invalid request, -32602 params that are not an object).

import type { JSONRPCErrorResponse, JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import {
  badId,
  badMethod,
  batchRefused,
  byteOrderMark,
  invalidParams,
  messageTooLarge,
  notAMessage,
  notAnObject,
  paramsNotObject,
  unparsableLine,
  wrongVersion,
} from "./messages.ts";
import { RPC_ERROR } from "./rpc-codes.ts";

export type Judged =
  | { kind: "message"; message: JSONRPCMessage }
  | { kind: "reply"; reply: JSONRPCErrorResponse }
  /** Nothing to answer (a blank line, or a malformed response, which JSON-RPC never answers). */
  | { kind: "ignore"; reason?: string };

export function judgeLine(line: string): Judged {
  const text = line.endsWith("\r") ? line.slice(0, -1) : line;
  if (text.trim() === "") return { kind: "ignore" };
  if (text.startsWith("\uFEFF"))
    return { kind: "reply", reply: errorReply(null, RPC_ERROR.parseError, byteOrderMark) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { kind: "reply", reply: errorReply(null, RPC_ERROR.parseError, unparsableLine(reason)) };
  }
  return judgeValue(value);
}

function judgeValue(value: unknown): Judged {
  if (Array.isArray(value)) return invalid(null, batchRefused);
  if (typeof value !== "object" || value === null)
    return invalid(null, notAnObject(value === null ? "null" : typeof value));
  const object = value as Record<string, unknown>;
  const hasId = "id" in object;
  const id = hasId && isRequestId(object.id) ? object.id : null;
  if (object.jsonrpc !== "2.0") return invalid(id, wrongVersion(object.jsonrpc));
  if (hasId && !isRequestId(object.id)) return invalid(null, badId(object.id));

  if (!("method" in object)) {
    if (!("result" in object) && !("error" in object)) return invalid(id, notAMessage);
    // A response to a request of ours. JSON-RPC never answers a response, so a malformed one is only logged.
    return isResponse(object)
      ? {
          kind: "message",
          message: { jsonrpc: "2.0", id: object.id, ...pick(object, ["result", "error"]) } as JSONRPCMessage,
        }
      : { kind: "ignore", reason: notAMessage };
  }
  if (typeof object.method !== "string" || object.method === "") return invalid(id, badMethod(object.method));

  const message: Record<string, unknown> = { jsonrpc: "2.0", method: object.method };
  if (hasId) message.id = object.id;
  // `null` params mean none, as `null` means "absent" for every optional field lapp accepts.
  if (object.params !== undefined && object.params !== null) {
    if (typeof object.params !== "object" || Array.isArray(object.params)) {
      const problem = paramsNotObject(Array.isArray(object.params) ? "a list" : typeof object.params);
      // A notification is never answered, not even when it is malformed.
      return hasId
        ? paramsError(id, object.method, [problem])
        : { kind: "ignore", reason: invalidParams(object.method, [problem]) };
    }
    message.params = object.params;
  }
  // The params of the methods lapp serves are the server's to check (mcp-server.ts), in-process as over stdio.
  return { kind: "message", message: message as JSONRPCMessage };
}

/** A well-formed response: an object `result`, or an `error` with an integer code and a message. */
function isResponse(object: Record<string, unknown>): boolean {
  if ("result" in object)
    return typeof object.result === "object" && object.result !== null && !Array.isArray(object.result);
  const error = object.error as { code?: unknown; message?: unknown } | null;
  return (
    typeof error === "object" &&
    error !== null &&
    Number.isInteger(error.code) &&
    typeof error.message === "string"
  );
}

/** The reply to a line that was too large to read: its id when the line's edges show it, else null. */
export function oversizedReply(
  size: number,
  limit: number,
  head: string,
  tail: string,
): JSONRPCErrorResponse {
  return errorReply(idOfEdges(head, tail), RPC_ERROR.invalidRequest, messageTooLarge(size, limit), {
    size,
    limit,
  });
}

/**
 * Best effort: a top-level `"id"` is either among the leading members (`{"jsonrpc":"2.0","id":7,…`) or the very
 * last one (`…,"id":7}`, the order the TypeScript SDK writes). Anything nested or inside a string never matches
 * these anchored shapes.
 */
function idOfEdges(head: string, tail: string): RequestId | null {
  const scalar = String.raw`(-?\d{1,15}|"[^"\\]{0,200}")`;
  const leading = new RegExp(
    String.raw`^\s*\{\s*(?:"(?:jsonrpc|method)"\s*:\s*"[^"\\]*"\s*,\s*)*"id"\s*:\s*${scalar}\s*[,}]`,
  );
  const trailing = new RegExp(String.raw`[,{]\s*"id"\s*:\s*${scalar}\s*\}\s*$`);
  const found = leading.exec(head) ?? trailing.exec(tail);
  if (!found) return null;
  const id: unknown = JSON.parse(found[1]!);
  return isRequestId(id) ? id : null;
}

function isRequestId(id: unknown): id is RequestId {
  return typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id));
}

function pick(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));
}

function invalid(id: RequestId | null, message: string): Judged {
  return { kind: "reply", reply: errorReply(id, RPC_ERROR.invalidRequest, message) };
}

function paramsError(id: RequestId | null, method: string, problems: readonly string[]): Judged {
  return { kind: "reply", reply: errorReply(id, RPC_ERROR.invalidParams, invalidParams(method, problems)) };
}

function errorReply(
  id: RequestId | null,
  code: number,
  message: string,
  data?: unknown,
): JSONRPCErrorResponse {
  // JSON-RPC answers an unidentifiable request with `"id": null`; the SDK's type only knows a missing id.
  return {
    jsonrpc: "2.0",
    id: id as RequestId,
    error: { code, message, ...(data === undefined ? {} : { data }) },
  };
}
