// Test support: spawns dist/lapp and speaks raw newline-delimited JSON-RPC to it, so tests can send lines no SDK
// client would (malformed JSON, batches, odd ids, oversized lines) and read every line the server answers.
import type { Subprocess } from "bun";
import { LAPP_BINARY, serverEnv } from "./lapp-session.ts";

export interface RpcMessage {
  jsonrpc?: string;
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
  method?: string;
}

export interface RawSession {
  child: Subprocess<"pipe", "pipe", "pipe">;
  /** Writes bytes as they are (add the newline yourself). */
  write(bytes: string | Uint8Array): Promise<void>;
  send(message: Record<string, unknown>): Promise<void>;
  /** The next message the server prints on stdout. */
  next(): Promise<RpcMessage>;
  /** Messages up to and including the answer to request `id`. */
  until(id: string | number): Promise<RpcMessage[]>;
  /** Sends a ping and returns everything printed before its answer, which must be `{}`. */
  pingAfter(): Promise<RpcMessage[]>;
  stderr(): Promise<string>;
  close(): Promise<number>;
}

let pingCounter = 0;

/** `initialize`: false to skip it, or the `clientInfo` to send (default `{name: "raw", version: "1"}`). */
export async function startRaw(
  root: string,
  args: string[] = [],
  initialize: boolean | { name: string; version: string } = true,
): Promise<RawSession> {
  const child = Bun.spawn([LAPP_BINARY, "--root", root, ...args], {
    cwd: root,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
    env: serverEnv({ HOME: root }),
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const session: RawSession = {
    child,
    async write(bytes) {
      child.stdin.write(bytes);
      await child.stdin.flush();
    },
    send(message) {
      return session.write(`${JSON.stringify(message)}\n`);
    },
    async next() {
      for (;;) {
        const newline = buffer.indexOf("\n");
        if (newline !== -1) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          return JSON.parse(line) as RpcMessage;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("lapp closed its stdout");
        buffer += decoder.decode(value, { stream: true });
      }
    },
    async until(id) {
      const seen: RpcMessage[] = [];
      for (;;) {
        const message = await session.next();
        seen.push(message);
        if (message.id === id && message.method === undefined) return seen;
      }
    },
    async pingAfter() {
      const id = `ping-${++pingCounter}`;
      await session.send({ jsonrpc: "2.0", id, method: "ping" });
      const seen = await session.until(id);
      const answer = seen.pop()!;
      if (JSON.stringify(answer.result) !== "{}") throw new Error(`ping answered ${JSON.stringify(answer)}`);
      return seen;
    },
    stderr: () => new Response(child.stderr).text(),
    async close() {
      child.stdin.end();
      return child.exited;
    },
  };
  if (initialize) {
    await session.send({
      jsonrpc: "2.0",
      id: "init",
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: initialize === true ? { name: "raw", version: "1" } : initialize,
      },
    });
    await session.until("init");
    await session.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  }
  return session;
}
