// Runs one tools/call of a listed tool (create.ts answers unknown names with -32602 first): validate at the
// chokepoint, run, and turn any outcome into a text result.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { clipError } from "../budget/clip-error.ts";
import { LappError, unwrap } from "../errors.ts";
import type { Tool, ToolContext } from "../tools/tool.ts";
import type { Logger } from "./log.ts";
import { resolveShownPath } from "../security/shown-path.ts";
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
  try {
    const tool = tools.get(name);
    if (!tool) throw new Error(`no tool named ${JSON.stringify(name)} was loaded`);
    const input = validateArguments(tool, args);
    if (!input.ok) throw input.error;
    // A path the model sends back as lapp showed it (quoted: src/text/quote-path.ts) names that path.
    const resolve = (raw: string) => {
      const guarded = unwrap(resolveShownPath(context.guard, raw));
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
    // Every error within the output budget too (the tools that show rows in errors have cut them already).
    const text = clipError(lappError, context.config.maxOutputTokens).render();
    return finish({ content: [{ type: "text", text }], isError: true }, lappError.code);
  }
}
