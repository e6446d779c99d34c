// The tools one agent run talks to: the harness's native tools, or a fresh dist/lapp on the task's workspace
// with only the strategy's tools offered (calls to anything else are refused like an unknown tool).

import { startLappClient, type LappClient } from "../support/lapp-client.ts";
import { harnessErrors } from "./messages.ts";
import { NATIVE_TOOLS, NativeTools } from "./native-tools.ts";
import type { Strategy } from "./strategies.ts";
import type { ModelTool, ToolResult } from "./tool-types.ts";

export interface ToolSession {
  tools: ModelTool[];
  call(name: string, args: Record<string, unknown>): Promise<ToolResult>;
  close(): Promise<void>;
}

/** Opens the session, or says which lapp tools this build lacks for the strategy. */
export async function openToolSession(
  strategy: Strategy,
  workspace: string,
): Promise<ToolSession | { missing: string[] }> {
  if (strategy.lappTools.length === 0) {
    const native = new NativeTools(workspace);
    return guarded(
      NATIVE_TOOLS,
      async (name, args) => native.call(name, args),
      async () => {},
    );
  }
  const lapp: LappClient = await startLappClient(workspace);
  const missing = strategy.lappTools.filter((name) => !lapp.has(name));
  if (missing.length > 0) {
    await lapp.close();
    return { missing };
  }
  const tools = lapp.tools
    .filter((tool) => strategy.lappTools.includes(tool.name))
    .map((tool) => ({
      name: tool.name,
      description: tool.description ?? "",
      parameters: tool.inputSchema as Record<string, unknown>,
    }));
  return guarded(
    tools,
    async (name, args) => {
      const outcome = await lapp.call(name, args);
      return { text: outcome.text, isError: outcome.isError };
    },
    () => lapp.close(),
  );
}

function guarded(
  tools: ModelTool[],
  call: (name: string, args: Record<string, unknown>) => Promise<ToolResult>,
  close: () => Promise<void>,
): ToolSession {
  const names = tools.map((tool) => tool.name);
  return {
    tools,
    call: (name, args) =>
      names.includes(name)
        ? call(name, args)
        : Promise.resolve({ text: harnessErrors.unknownTool(name, names), isError: true }),
    close,
  };
}

/** The names of the tools the built dist/lapp lists. */
export async function listedLappTools(scratch: string): Promise<Set<string>> {
  const lapp = await startLappClient(scratch);
  try {
    return new Set(lapp.tools.map((tool) => tool.name));
  } finally {
    await lapp.close();
  }
}
