// Builds lapp's MCP server for a config whose root is already a real directory: tools, guard, session state and
// the tools/call handler. No stdio here, so tests run the same server in-process over an InMemoryTransport.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config.ts";
import { INSTRUCTIONS } from "../messages.ts";
import { compileBlocklist } from "../security/blocklist.ts";
import { PathGuard } from "../security/guard.ts";
import { EditSession } from "../session/edit-session.ts";
import { selectTools } from "../tools/registry.ts";
import { VERSION } from "../version.ts";
import { callTool } from "./call.ts";
import { createLogger, type Logger } from "./log.ts";
import { noElicitationValidator } from "./no-elicitation.ts";
import { describeTools } from "./tool-list.ts";

export interface LappServer {
  server: Server;
  /** Resolves once every tools/call that has started has answered. */
  drain(): Promise<void>;
}

/** `config.root` must be the root's real path (serveStdio checks it; tests pass a realpath'd temp dir). */
export function createLappServer(config: Config, log: Logger = createLogger(config.logFile)): LappServer {
  const tools = selectTools(config.onlyTools);
  const toolsByName = new Map(tools.map((tool) => [tool.name as string, tool]));
  const guard = new PathGuard(config.root, compileBlocklist(config.block, config.allow));
  const session = new EditSession(guard);
  let toolList: ReturnType<typeof describeTools> | undefined;

  const server = new Server(
    { name: "lapp", version: VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: noElicitationValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: (toolList ??= describeTools(tools)) }));
  const inFlight = new Set<Promise<unknown>>();
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    const call = callTool(
      toolsByName,
      request.params.name,
      request.params.arguments,
      {
        config,
        guard,
        session,
        signal: extra.signal,
        progress: async (progress, total, message) => {
          if (progressToken === undefined) return;
          await extra.sendNotification({
            method: "notifications/progress",
            params: {
              progressToken,
              progress,
              ...(total === undefined ? {} : { total }),
              ...(message ? { message } : {}),
            },
          });
        },
      },
      log,
    );
    inFlight.add(call);
    const settled = () => inFlight.delete(call);
    call.then(settled, settled); // a rejection (a protocol error) is the SDK's to answer
    return call;
  });
  return {
    server,
    async drain() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
