// Builds lapp's MCP server for a config whose root is already a real directory. A start loads only the protocol
// layer and the finished tool list; the tools, guard and session load on first need (tool-runtime.ts). No stdio
// here, so tests run the same server in-process over an in-memory transport.
import type { Config } from "../config.ts";
import { INSTRUCTIONS } from "../messages.ts";
import { prepareSpareArrays } from "../text/spare-arrays.ts";
import { VERSION } from "../version.ts";
import { budgetForClient } from "./client-budget.ts";
import { createLogger, type Logger } from "./log.ts";
import { McpServer, ProtocolError } from "./mcp-server.ts";
import { clientBudget, unknownTool } from "./messages.ts";
import { RPC_ERROR } from "./rpc-codes.ts";
import type { CallToolFn } from "./tool-runtime.ts";
// A macro: the JSON Schemas are generated from the valibot schemas when the binary is built (bun build runs it and
// inlines the result), so a start only filters a finished list.
import { describeAllTools } from "./tool-list.ts" with { type: "macro" };

const TOOL_LIST = describeAllTools();
/** Quiet time after a call before a full collection (~3–6 ms of work, never on a call's path). */
const IDLE_COLLECTION_MS = 500;

export interface LappServer {
  server: McpServer;
  /** Resolves once every tools/call that has started has answered. */
  drain(): Promise<void>;
}

/**
 * `config.root` must be the root's real path (serveStdio checks it; tests pass a realpath'd temp dir). `note` gets
 * the session's log lines other than calls (which client connected, with which budget).
 */
export function createLappServer(
  config: Config,
  log: Logger = createLogger(config.logFile),
  note: (text: string) => void = () => {},
): LappServer {
  const listed = TOOL_LIST.filter((tool) => (config.onlyTools as readonly string[]).includes(tool.name));
  let runtime: Promise<CallToolFn> | undefined;
  // The budget follows the client unless a flag set it; the tools are built after initialize, with this config.
  let effective = config;
  const inFlight = new Set<Promise<unknown>>();
  const loadRuntime = () => (runtime ??= buildRuntime(effective, log, () => inFlight.size > 0));

  const server = new McpServer({ name: "lapp", version: VERSION, instructions: INSTRUCTIONS });
  server.oninitialize = (params) => {
    if (runtime !== undefined) return; // the tools already answer with a budget; it does not change mid-session
    const budget = config.maxOutputTokensGiven ? config.maxOutputTokens : budgetForClient(params.clientInfo);
    effective = { ...config, maxOutputTokens: budget };
    note(clientBudget(params.clientInfo, budget, config.maxOutputTokensGiven === true));
  };
  server.handle("tools/list", () => {
    // Clients list the tools right after initialize; the first call is seconds away, so load for it now,
    // once this answer is on its way. A failure to load is the first call's to report (-32603), not a crash here.
    setTimeout(() => loadRuntime().catch(() => {}), 0);
    return { tools: listed };
  });
  let idleCollection: ReturnType<typeof setTimeout> | undefined;
  const available = listed.map((tool) => tool.name);
  server.handle("tools/call", (params, extra) => {
    const name = params.name as string;
    if (!available.includes(name)) {
      // MCP 2025-11-25: an unknown tool is a protocol error (-32602), not a tool result.
      log({ tool: name, path: undefined, outcome: "UNKNOWN_TOOL", ms: 0 });
      throw new ProtocolError(RPC_ERROR.invalidParams, unknownTool(name, available), { available });
    }
    const call = loadRuntime().then((callTool) => callTool(name, params.arguments, extra));
    inFlight.add(call);
    const settled = () => {
      inFlight.delete(call);
      clearTimeout(idleCollection);
      // Once no call has come for a while (an agent thinks for seconds between calls), collect fully: what a
      // burst of calls left is returned to the system instead of staying resident for the rest of the session.
      idleCollection = setTimeout(() => inFlight.size === 0 && Bun.gc(true), IDLE_COLLECTION_MS);
      idleCollection.unref();
      // No collection is asked for after each call: since edits stopped leaving file-sized garbage (whole-text
      // strings, arrays grown line by line), asking cost ~1 ms per call (100 edits on 17k lines: ~5.5 -> ~4.2 ms)
      // and no longer lowered peak memory (78-80 MiB either way; bench/speed.ts).
    };
    call.then(settled, settled); // a rejection (a protocol error) is the server's to answer
    return call as unknown as Promise<Record<string, unknown>>;
  });
  // The arrays the next edit of a big file will need (spare-arrays.ts), made once an answer is out and no call is
  // running: touching their memory takes ~1 ms an array, which no answer should wait for.
  server.onanswered = (method) => {
    if (method === "tools/call" && inFlight.size === 0) setTimeout(prepareIdle, 0).unref();
  };
  const prepareIdle = () => inFlight.size === 0 && prepareSpareArrays();
  return {
    server,
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

async function buildRuntime(config: Config, log: Logger, busy: () => boolean): Promise<CallToolFn> {
  const { createToolRuntime } = await import("./tool-runtime.ts");
  return createToolRuntime(config, log, busy);
}
