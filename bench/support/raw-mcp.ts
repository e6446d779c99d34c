// A minimal MCP client for timing: newline-delimited JSON-RPC over the server's stdio, no schema validation on
// the client side, so a measured call is lapp's work plus the pipe — not the SDK client's parsing.

import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { LAPP_BINARY, peakRssMiB, type CallOutcome, type LappClient } from "./lapp-client.ts";

interface RpcResponse {
  id?: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** `extraEnv`: variables the server gets beyond PATH and HOME (the runtime's own settings, bench/memory-levers.ts). */
export async function startRawLappClient(
  root: string,
  extraArgs: string[] = [],
  binary: string = LAPP_BINARY,
  extraEnv: Record<string, string> = {},
): Promise<LappClient> {
  const started = performance.now();
  const child = Bun.spawn([binary, "--root", root, ...extraArgs], {
    cwd: root,
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? root, ...extraEnv },
  });
  const reader = child.stdout.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let nextId = 0;

  const nextMessage = async (): Promise<RpcResponse> => {
    for (;;) {
      const newline = buffer.indexOf("\n");
      if (newline !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim() !== "") return JSON.parse(line) as RpcResponse;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("lapp closed its stdout");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const send = (message: Record<string, unknown>) => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    child.stdin.flush();
  };
  const request = async (
    method: string,
    params: Record<string, unknown>,
  ): Promise<Record<string, unknown>> => {
    const id = ++nextId;
    send({ id, method, params });
    for (;;) {
      const message = await nextMessage();
      if (message.id !== id) continue; // notifications (progress, logs) are not answers
      if (message.error) throw new Error(`${method}: ${message.error.message}`);
      return message.result ?? {};
    }
  };

  await request("initialize", {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "lapp-bench-raw", version: "1.0.0" },
  });
  send({ method: "notifications/initialized" });
  const tools = ((await request("tools/list", {})).tools ?? []) as Tool[];
  const startupMs = performance.now() - started;
  const pid = child.pid;
  return {
    tools,
    pid,
    startupMs,
    has: (name) => tools.some((tool) => tool.name === name),
    async call(name, args): Promise<CallOutcome> {
      const t0 = performance.now();
      const result = await request("tools/call", { name, arguments: args });
      const ms = performance.now() - t0;
      const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
      const text = content
        .filter((block) => block.type === "text")
        .map((block) => block.text ?? "")
        .join("\n");
      return { text, isError: result.isError === true, ms };
    },
    peakRssMiB: () => peakRssMiB(pid),
    async close() {
      child.stdin.end();
      const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(2_000).then(() => false)]);
      if (!exited) child.kill();
      await child.exited;
    },
  };
}
