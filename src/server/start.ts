// Wires lapp to MCP over stdio with the SDK's low-level Server; resolves with the exit code when stdin closes.
import { realpathSync, statSync } from "node:fs";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { Config } from "../config.ts";
import { FileQueue } from "../files/file-queue.ts";
import { ServedMemory } from "../files/served-memory.ts";
import { MAX_MESSAGE_BYTES } from "../limits.ts";
import { INSTRUCTIONS, STARTUP_HINT } from "../messages.ts";
import { compileBlocklist } from "../security/blocklist.ts";
import { PathGuard } from "../security/guard.ts";
import { selectTools } from "../tools/registry.ts";
import { VERSION } from "../version.ts";
import { callTool } from "./call.ts";
import { createLogger } from "./log.ts";
import { noElicitationValidator } from "./no-elicitation.ts";
import { describeTools } from "./tool-list.ts";

export async function startServer(config: Config): Promise<number> {
  const root = realRoot(config.root);
  if (typeof root !== "string") {
    process.stderr.write(`lapp: ${root.error}\n`);
    return 2;
  }
  const tools = selectTools(config.onlyTools);
  const toolsByName = new Map(tools.map((tool) => [tool.name as string, tool]));
  const guard = new PathGuard(root, compileBlocklist(config.block, config.allow));
  const queue = new FileQueue();
  const memory = new ServedMemory();
  const log = createLogger(config.logFile);
  let toolList: ReturnType<typeof describeTools> | undefined;

  const server = new Server(
    { name: "lapp", version: VERSION },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: noElicitationValidator },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: (toolList ??= describeTools(tools)) }));
  // Calls still running when stdin closes finish (and answer) before the server exits.
  const inFlight = new Set<Promise<unknown>>();
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    const call = callTool(
      toolsByName,
      request.params.name,
      request.params.arguments,
      {
        config: { ...config, root },
        guard,
        queue,
        memory,
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
    void call.finally(() => inFlight.delete(call));
    return call;
  });

  const closed = new Promise<number>((resolve) => {
    server.onclose = () => resolve(0);
  });
  // The SDK's default 10 MiB line limit would close the connection on a large lapp_write; allow what an edit
  // may produce (JSON escaping can double it), and say so on stderr if a client still goes past it.
  const transport = new StdioServerTransport(process.stdin, process.stdout, {
    maxBufferSize: MAX_MESSAGE_BYTES,
  });
  server.onerror = (error) => process.stderr.write(`lapp: protocol error: ${error.message}\n`);
  await server.connect(transport);
  process.stdin.on("end", async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    // Let the transport flush the last responses before closing.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await server.close();
  });
  process.stderr.write(`lapp ${VERSION} serving ${root}\n${STARTUP_HINT}\n`);
  return closed;
}

function realRoot(root: string): string | { error: string } {
  try {
    const real = realpathSync(root);
    if (!statSync(real).isDirectory()) return { error: `--root ${JSON.stringify(root)} is not a directory` };
    return real;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      error: `--root ${JSON.stringify(root)} cannot be used (${code === "ENOENT" ? "does not exist" : code})`,
    };
  }
}
