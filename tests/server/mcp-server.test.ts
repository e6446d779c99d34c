// lapp's MCP server (src/server/mcp-server.ts) over the SDK's in-memory transport pair, driven with raw JSON-RPC:
// version negotiation, params checks, errors of handlers, cancellation and progress notifications.
import { afterEach, expect, test } from "bun:test";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { McpServer, ProtocolError } from "../../src/server/mcp-server.ts";

type Message = Record<string, any>;

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function connect(server: McpServer) {
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const received: Message[] = [];
  const waiters: Array<() => void> = [];
  client.onmessage = (message) => {
    received.push(message as Message);
    for (const wake of waiters.splice(0)) wake();
  };
  await server.connect(serverSide);
  await client.start();
  close = () => client.close();
  const send = (message: Message) => client.send(message as JSONRPCMessage);
  /** Every message received up to and including the answer to `id`. */
  const until = async (id: string | number): Promise<Message[]> => {
    while (!received.some((message) => message.id === id))
      await new Promise<void>((wake) => waiters.push(wake));
    const end = received.findIndex((message) => message.id === id);
    return received.splice(0, end + 1);
  };
  return { send, until };
}

const identity = { name: "lapp", version: "9.9.9", instructions: "use refs" };
const initialize = (id: number, protocolVersion: string) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: { protocolVersion, capabilities: {}, clientInfo: { name: "t", version: "1" } },
});

test("initialize echoes a supported protocol version and offers the newest for any other", async () => {
  const { send, until } = await connect(new McpServer(identity));
  await send(initialize(1, "2025-06-18"));
  const [first] = await until(1);
  expect(first!.result).toEqual({
    protocolVersion: "2025-06-18",
    capabilities: { tools: {} },
    serverInfo: { name: "lapp", version: "9.9.9" },
    instructions: "use refs",
  });
  await send(initialize(2, "1999-01-01"));
  const [second] = await until(2);
  expect(second!.result!.protocolVersion).toBe("2025-11-25");
});

test("params of served methods are checked: -32602 naming each problem; unknown methods are -32601", async () => {
  const server = new McpServer(identity);
  server.handle("tools/call", () => ({ content: [] }));
  const { send, until } = await connect(server);
  await send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 5 } });
  const [bad] = await until(1);
  expect(bad!.error.code).toBe(-32602);
  expect(bad!.error.message).toBe(
    "Invalid params for initialize: protocolVersion is invalid (expected string); capabilities is required (expected object); clientInfo is required (expected object).",
  );
  await send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "x", arguments: [1] } });
  expect((await until(2))[0]!.error.message).toBe(
    "Invalid params for tools/call: arguments is invalid (expected object).",
  );
  await send({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "x", arguments: null } });
  expect((await until(3))[0]!.result).toEqual({ content: [] });
  await send({ jsonrpc: "2.0", id: 4, method: "resources/list" });
  expect((await until(4))[0]!.error).toEqual({ code: -32601, message: "Method not found" });
});

test("a handler's ProtocolError keeps its code and data; any other error is -32603", async () => {
  const server = new McpServer(identity);
  server.handle("tools/list", () => {
    throw new ProtocolError(-32602, "no such thing", { available: ["a"] });
  });
  server.handle("tools/call", () => {
    throw new Error("boom");
  });
  const { send, until } = await connect(server);
  await send({ jsonrpc: "2.0", id: "a", method: "tools/list" });
  expect((await until("a"))[0]!.error).toEqual({
    code: -32602,
    message: "no such thing",
    data: { available: ["a"] },
  });
  await send({ jsonrpc: "2.0", id: "b", method: "tools/call", params: { name: "x" } });
  expect((await until("b"))[0]!.error).toEqual({ code: -32603, message: "boom" });
});

test("a cancelled request is aborted and never answered; the session goes on", async () => {
  const server = new McpServer(identity);
  let aborted: unknown;
  server.handle("tools/call", (_params, extra) => {
    return new Promise((resolve) => {
      extra.signal.addEventListener("abort", () => {
        aborted = extra.signal.reason;
        resolve({ content: [{ type: "text", text: "too late" }] });
      });
    });
  });
  const { send, until } = await connect(server);
  await send({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "slow" } });
  await send({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 7, reason: "user" } });
  await send({ jsonrpc: "2.0", id: 8, method: "ping" });
  const messages = await until(8);
  expect(messages).toEqual([{ jsonrpc: "2.0", id: 8, result: {} }]);
  expect(aborted).toBe("user");
});

test("progress goes out as notifications before the answer, tagged with the request's token", async () => {
  const server = new McpServer(identity);
  server.handle("tools/call", async (_params, extra) => {
    await extra.notify("notifications/progress", { progressToken: extra.progressToken!, progress: 1 });
    return { content: [] };
  });
  const { send, until } = await connect(server);
  await send({
    jsonrpc: "2.0",
    id: 9,
    method: "tools/call",
    params: { name: "x", _meta: { progressToken: "p" } },
  });
  expect(await until(9)).toEqual([
    { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: "p", progress: 1 } },
    { jsonrpc: "2.0", id: 9, result: { content: [] } },
  ]);
});
