// The tools/list payload: names, model-facing descriptions, annotations, and JSON Schemas generated from valibot.
// Optional fields also admit `null` (validate.ts reads it as absent), so clients with strict schemas may send it.
import { toJsonSchema } from "@valibot/to-json-schema";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
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
      inputSchema: withNullableOptionals(inputSchema) as McpTool["inputSchema"],
      annotations: tool.annotations,
    };
  });
}

type JsonSchema = Record<string, unknown>;

/** Every property outside `required` also accepts `null`, at every depth (objects in list items too). */
function withNullableOptionals(schema: JsonSchema): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const items = schema.items as JsonSchema | undefined;
  const out: JsonSchema = { ...schema };
  if (items) out.items = withNullableOptionals(items);
  if (properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, property]) => {
        const inner = withNullableOptionals(property);
        return [key, required.has(key) ? inner : nullable(inner)];
      }),
    );
  }
  return out;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: "null" }] };
  const out: JsonSchema = { ...schema };
  if (Array.isArray(schema.enum)) out.enum = [...schema.enum, null];
  if (typeof schema.type === "string") out.type = [schema.type, "null"];
  return out;
}
