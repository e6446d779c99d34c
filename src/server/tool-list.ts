// The tools/list payload: names, model-facing descriptions, annotations, and JSON Schemas generated from valibot.
// Imported as a Bun macro (create.ts), so the schemas are generated when the binary is built, not at each start.
// Optional fields accept `null` (validate.ts), but the schemas keep plain types: clients such as the MCP Inspector
// CLI convert argument values only for `"type": "integer"`, not for `["integer", "null"]`.
import { toJsonSchema } from "@valibot/to-json-schema";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { ALL_TOOLS } from "../tools/registry.ts";
import type { Tool } from "../tools/tool.ts";

export function describeTools(tools: readonly Tool[]): McpTool[] {
  return tools.map((tool) => {
    const { $schema: _ignored, ...inputSchema } = toJsonSchema(tool.schema, {
      errorMode: "ignore",
    }) as Record<string, unknown>;
    return {
      name: tool.name,
      title: tool.annotations.title,
      description: tool.description,
      inputSchema: inputSchema as McpTool["inputSchema"],
      annotations: tool.annotations,
    };
  });
}

/** Every tool's entry, in registry order (the macro's entry point). */
export function describeAllTools(): McpTool[] {
  return describeTools(ALL_TOOLS);
}
