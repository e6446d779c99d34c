// Runs one tools/call: find the tool (an unknown name is a -32602 protocol error), validate at the chokepoint, run,
// and turn any outcome into a text result.
import { ErrorCode, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { LappError, unwrap } from "../errors.ts";
import type { Tool, ToolContext } from "../tools/tool.ts";
import type { Logger } from "./log.ts";
import { unknownTool } from "./messages.ts";
import { validateArguments } from "./validate.ts";

export type CallContext = Omit<ToolContext, "resolve">;

export async function callTool(
  tools: ReadonlyMap<string, Tool>,
  name: string,
  args: unknown,
  context: CallContext,
  log: Logger,
): Promise<CallToolResult> {
  const started = performance.now();
  let path: string | undefined;
  const finish = (result: CallToolResult, outcome: string): CallToolResult => {
    log({ tool: name, path, outcome, ms: performance.now() - started });
    return result;
  };
  const tool = tools.get(name);
  if (!tool) {
    // MCP 2025-11-25: an unknown tool is a protocol error (-32602), not a tool result.
    finish({ content: [] }, "UNKNOWN_TOOL");
    const available = [...tools.keys()];
    throw new ProtocolError(ErrorCode.InvalidParams, unknownTool(name, available), { available });
  }
  try {
    const input = validateArguments(tool, args);
    if (!input.ok) throw input.error;
    const resolve = (raw: string) => {
      const guarded = unwrap(context.guard.resolve(raw));
      path = guarded.display;
      return guarded;
    };
    const output = await tool.run(input.value, { ...context, resolve });
    const content = typeof output === "string" ? [{ type: "text" as const, text: output }] : output.content;
    return finish({ content }, "ok");
  } catch (error) {
    const lappError =
      error instanceof LappError
        ? error
        : new LappError(
            "INTERNAL_ERROR",
            `${name} failed unexpectedly (${error instanceof Error ? error.message : String(error)}); nothing was written.`,
            "This is a bug in lapp. Retrying the same call may fail the same way.",
          );
    return finish({ content: [{ type: "text", text: lappError.render() }], isError: true }, lappError.code);
  }
}

/** An error the SDK sends as a JSON-RPC error with this code, message and data (McpError would prefix the message). */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}
