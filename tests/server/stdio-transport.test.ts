// The stdio transport's backpressure, step by step: requests are handed on only while few enough wait for their
// answers and few enough answer bytes wait for the pipe; a cancelled request frees its place (it is never answered).
// (The compiled binary against a real client that stops reading: tests/e2e/backpressure.test.ts.)
import { expect, test } from "bun:test";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { LineTransport, type LineSink } from "../../src/server/stdio-transport.ts";

/** A stdout whose pipe takes nothing until `drain()`: every flush waits for it. */
class StalledSink implements LineSink {
  written: string[] = [];
  private waiting: (() => void)[] = [];
  write(chunk: string) {
    this.written.push(chunk);
    return chunk.length;
  }
  flush() {
    return new Promise<number>((resolve) => this.waiting.push(() => resolve(0)));
  }
  drain() {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

function linesOf(messages: Record<string, unknown>[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(messages.map((message) => `${JSON.stringify(message)}\n`).join(""));
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

const ping = (id: number) => ({ jsonrpc: "2.0", id, method: "ping" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

test("no more requests are handed on than may wait for their answers", async () => {
  const sink = new StalledSink();
  const transport = new LineTransport(linesOf(Array.from({ length: 50 }, (_, id) => ping(id))), sink, {
    maxMessageBytes: 1 << 20,
    maxUnanswered: 4,
  });
  const handed: JSONRPCMessage[] = [];
  transport.onmessage = (message) => handed.push(message);
  await transport.start();
  await settle();
  expect(handed).toHaveLength(5); // four waiting, and the one that found them full
  // Answering them lets the next ones in, though their answers are still in the pipe.
  for (const message of handed.splice(0))
    void transport.send({ jsonrpc: "2.0", id: (message as { id: number }).id, result: {} });
  await settle();
  expect(handed).toHaveLength(5);
});

test("answers the pipe has not taken stop the reading until it takes them", async () => {
  const sink = new StalledSink();
  const transport = new LineTransport(linesOf(Array.from({ length: 50 }, (_, id) => ping(id))), sink, {
    maxMessageBytes: 1 << 20,
    maxUnsentBytes: 1100,
  });
  let handed = 0;
  transport.onmessage = (message) => {
    handed++;
    void transport.send({
      jsonrpc: "2.0",
      id: (message as { id: number }).id,
      result: { text: "x".repeat(300) },
    });
  };
  await transport.start();
  await settle();
  expect(handed).toBe(4); // each answer is ~340 bytes: the fourth passes 1,100
  sink.drain();
  await settle();
  expect(handed).toBe(8);
  for (let round = 0; round < 20; round++) {
    sink.drain();
    await settle();
  }
  expect(handed).toBe(50);
  expect(sink.written).toHaveLength(50);
});

test("a cancelled request frees its place: MCP never answers it", async () => {
  const sink = new StalledSink();
  const messages = [
    ping(1),
    ping(2),
    { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
  ];
  messages.push(...Array.from({ length: 5 }, (_, index) => ping(10 + index)));
  const transport = new LineTransport(linesOf(messages), sink, {
    maxMessageBytes: 1 << 20,
    maxUnanswered: 1,
  });
  const handed: JSONRPCMessage[] = [];
  transport.onmessage = (message) => handed.push(message);
  await transport.start();
  await settle();
  // 1 and 2 (full), then nothing until 2 is answered; the cancellation of 1 is read after that.
  expect(handed.map((message) => (message as { id?: number }).id)).toEqual([1, 2]);
  void transport.send({ jsonrpc: "2.0", id: 2, result: {} });
  await settle();
  // The cancellation is handed on and frees 1's place: 10 and 11 come in, and the transport is full again.
  expect(handed.map((message) => (message as { id?: number }).id)).toEqual([1, 2, undefined, 10, 11]);
});
