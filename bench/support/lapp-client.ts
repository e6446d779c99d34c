// The bench's view of lapp: dist/lapp spawned over stdio with the MCP SDK client, every call timed from outside.
// Also the server's peak memory (VmHWM of its process), read from /proc while it runs.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";

export const LAPP_BINARY =
  process.env.LAPP_BENCH_BINARY ?? resolve(join(import.meta.dir, "..", "..", "dist", "lapp"));

export interface CallOutcome {
  text: string;
  isError: boolean;
  ms: number;
}

export interface LappClient {
  tools: Tool[];
  pid: number;
  /** Milliseconds from spawn to the tools/list answer. */
  startupMs: number;
  has(tool: string): boolean;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  /** Peak resident memory of the server process so far, in MiB (undefined where /proc is missing). */
  peakRssMiB(): number | undefined;
  close(): Promise<void>;
}

export async function startLappClient(root: string, extraArgs: string[] = []): Promise<LappClient> {
  const started = performance.now();
  const transport = new StdioClientTransport({
    command: LAPP_BINARY,
    args: ["--root", root, ...extraArgs],
    cwd: root,
    stderr: "pipe",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? root },
  });
  // Drained so a chatty server never blocks on a full pipe.
  transport.stderr?.on("data", () => {});
  const client = new Client({ name: "lapp-bench", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  const startupMs = performance.now() - started;
  const pid = transport.pid ?? -1;
  return {
    tools,
    pid,
    startupMs,
    has: (tool) => tools.some((listed) => listed.name === tool),
    async call(name, args) {
      const t0 = performance.now();
      const result = (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 600_000,
      })) as CallToolResult;
      const ms = performance.now() - t0;
      const text = result.content
        .filter((block) => block.type === "text")
        .map((block) => (block as { text: string }).text)
        .join("\n");
      return { text, isError: result.isError === true, ms };
    },
    peakRssMiB: () => peakRssMiB(pid),
    close: () => client.close(),
  };
}

export function peakRssMiB(pid: number): number | undefined {
  return statusMiB(pid, "VmHWM");
}

/** Resident memory now (VmRSS), not the peak. */
export function currentRssMiB(pid: number): number | undefined {
  return statusMiB(pid, "VmRSS");
}

function statusMiB(pid: number, field: "VmHWM" | "VmRSS"): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) / 1024;
  } catch {
    return undefined;
  }
}

/** The error code of an error text (`error CODE: …`). */
export function errorCodeOf(text: string): string | undefined {
  return /^error ([A-Z_]+):/.exec(text)?.[1];
}

/** Refs of every `N#ID:text` / `N#ID-text` row in a tool output, by line number. */
export function refsInOutput(text: string, into = new Map<number, string>()): Map<number, string> {
  for (const match of text.matchAll(/^(?:>>> |\s*)?(\d+)#([A-Z]{2})[:-]/gm))
    into.set(Number(match[1]), `${match[1]}#${match[2]}`);
  return into;
}

/**
 * Reads a whole file page by page the way a model would (each page continues after the last row shown);
 * returns every page's text and the refs of all lines.
 */
export async function readAllPages(
  lapp: LappClient,
  path: string,
  totalLines: number,
): Promise<{ pages: string[]; refs: Map<number, string>; ms: number }> {
  const pages: string[] = [];
  const refs = new Map<number, string>();
  let ms = 0;
  let offset = 1;
  do {
    // An explicit offset asks for rows: a read without one returns the outline of a file too big for one answer.
    const page = await lapp.call("lapp_read", { path, offset });
    if (page.isError) throw new Error(`lapp_read ${path} at ${offset}: ${page.text.split("\n")[0]}`);
    pages.push(page.text);
    ms += page.ms;
    const before = refs.size;
    refsInOutput(page.text, refs);
    if (refs.size === before) throw new Error(`lapp_read ${path} at ${offset} returned no rows`);
    offset = Math.max(...refs.keys()) + 1;
  } while (offset <= totalLines);
  return { pages, refs, ms };
}
