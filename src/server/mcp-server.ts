// lapp's side of MCP: initialize, ping, tools/list, tools/call and cancellation, over any transport of the SDK's
// Transport shape (stdio in production, the SDK's in-memory pair in tests). Written out instead of the SDK's
// Server because loading that (and the zod schemas under it) took ~20 ms and ~18 MB at every start.

import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, RequestId } from "@modelcontextprotocol/sdk/types.js";
import { invalidParams } from "./messages.ts";
import { paramProblems } from "./request-params.ts";
import { RPC_ERROR } from "./rpc-codes.ts";

/** Newest first; a client asking for another version gets the newest (the client then decides). */
const SUPPORTED_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05", "2024-10-07"];

export interface RequestExtra {
  /** Aborted when the client cancels the request (notifications/cancelled) or the server closes. */
  signal: AbortSignal;
  /** The request's `_meta.progressToken`, when the client asked for progress. */
  progressToken: string | number | undefined;
  notify(method: string, params: Record<string, unknown>): Promise<void>;
}

export type RequestHandler = (
  params: Record<string, unknown>,
  extra: RequestExtra,
) => Record<string, unknown> | Promise<Record<string, unknown>>;

export interface ServerIdentity {
  name: string;
  version: string;
  instructions: string;
}

/** A handler's way to answer with a JSON-RPC error of its choosing instead of -32603. */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class McpServer {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  /** Called with the params of each valid initialize request, before it is answered. */
  oninitialize?: (params: Record<string, unknown>) => void;
  /** Called once the answer to a request handled by `handle` has been handed to the transport (or dropped). */
  onanswered?: (method: string) => void;
  private transport: Transport | undefined;
  private readonly handlers = new Map<string, RequestHandler>();
  /** Requests being answered, so a cancellation can abort them. */
  private readonly running = new Map<RequestId, AbortController>();

  constructor(identity: ServerIdentity) {
    this.handlers.set("initialize", (params) => {
      this.oninitialize?.(params);
      return this.initializeResult(identity, params);
    });
    this.handlers.set("ping", () => ({}));
  }

  private initializeResult(
    identity: ServerIdentity,
    params: Record<string, unknown>,
  ): Record<string, unknown> {
    return {
      protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(params.protocolVersion as string)
        ? params.protocolVersion
        : SUPPORTED_PROTOCOL_VERSIONS[0],
      capabilities: { tools: {} },
      serverInfo: { name: identity.name, version: identity.version },
      instructions: identity.instructions,
    };
  }

  /** Serves `method` (tools/list, tools/call …); its params are checked first when lapp knows their shape. */
  handle(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  async connect(transport: Transport): Promise<void> {
    this.transport = transport;
    transport.onmessage = (message) => this.receive(message);
    transport.onerror = (error) => this.onerror?.(error);
    transport.onclose = () => {
      for (const controller of this.running.values()) controller.abort();
      this.running.clear();
      this.transport = undefined;
      this.onclose?.();
    };
    await transport.start();
  }

  async close(): Promise<void> {
    await this.transport?.close();
  }

  private receive(message: JSONRPCMessage): void {
    // lapp sends no requests, so a response from the client answers nothing here.
    if (!("method" in message)) return;
    if ("id" in message) void this.answer(message.id, message.method, message.params);
    else if (message.method === "notifications/cancelled") this.cancel(message.params);
  }

  private cancel(params: Record<string, unknown> | undefined): void {
    const id = params?.requestId;
    if (typeof id !== "string" && typeof id !== "number") return;
    this.running.get(id)?.abort(params?.reason);
  }

  private async answer(
    id: RequestId,
    method: string,
    raw: Record<string, unknown> | undefined,
  ): Promise<void> {
    const transport = this.transport;
    const handler = this.handlers.get(method);
    if (!transport) return;
    if (!handler)
      return this.send(transport, {
        jsonrpc: "2.0",
        id,
        error: rpcError(RPC_ERROR.methodNotFound, "Method not found"),
      });
    const params = withoutNullArguments(method, raw ?? {});
    const problems = paramProblems(method, raw === undefined ? undefined : params);
    if (problems.length > 0) {
      const error = rpcError(RPC_ERROR.invalidParams, invalidParams(method, problems));
      return this.send(transport, { jsonrpc: "2.0", id, error });
    }
    const controller = new AbortController();
    this.running.set(id, controller);
    const meta = params._meta as { progressToken?: string | number } | undefined;
    const extra: RequestExtra = {
      signal: controller.signal,
      progressToken: meta?.progressToken,
      notify: (notification, notificationParams) =>
        this.send(transport, { jsonrpc: "2.0", method: notification, params: notificationParams }),
    };
    let reply: JSONRPCMessage;
    try {
      reply = { jsonrpc: "2.0", id, result: await handler(params, extra) };
    } catch (error) {
      reply = { jsonrpc: "2.0", id, error: errorOf(error) };
    } finally {
      this.running.delete(id);
    }
    // A cancelled request is never answered (MCP: the client has stopped waiting for it).
    if (!controller.signal.aborted) await this.send(transport, reply);
    this.onanswered?.(method);
  }

  private async send(transport: Transport, message: JSONRPCMessage): Promise<void> {
    try {
      await transport.send(message);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}

function rpcError(code: number, message: string, data?: unknown) {
  return { code, message, ...(data === undefined ? {} : { data }) };
}

function errorOf(error: unknown) {
  if (error instanceof ProtocolError) return rpcError(error.code, error.message, error.data);
  const message = error instanceof Error ? error.message : String(error);
  return rpcError(RPC_ERROR.internalError, message || "Internal error");
}

/** tools/call with `"arguments": null` means no arguments, as `null` means "absent" for every optional field. */
function withoutNullArguments(method: string, params: Record<string, unknown>): Record<string, unknown> {
  if (method !== "tools/call" || params.arguments !== null) return params;
  const { arguments: _null, ...rest } = params;
  return rest;
}
