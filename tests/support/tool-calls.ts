// Test support: arguments that make any listed lapp tool act on a given path, so safety tests iterate over the
// tools the server actually lists (tools added later are covered without editing the tests).
import type { Tool } from "@modelcontextprotocol/sdk/types.js";

/** What a call should try to do to `path`: every tool gets the most intrusive arguments it accepts. */
export function argumentsFor(tool: Tool, path: string, marker = "PWNED"): Record<string, unknown> {
  switch (tool.name) {
    case "lapp_read":
      return { path };
    case "lapp_edit":
      return { path, edits: [{ type: "insert_after", anchor: "0:", content: marker }] };
    case "lapp_write":
      return { path, content: `${marker}\n` };
    case "lapp_grep":
      return { path, pattern: "." };
    case "lapp_find_block":
      return { path, pattern: "." };
    case "lapp_replace_block":
      return { path, pattern: ".", content: marker };
    case "lapp_insert_block":
      return { path, pattern: ".", position: "before", content: marker };
    case "lapp_apply_patch":
      return { path, patch: `*** Begin Patch\n*** Update File: ${path}\n@@\n+${marker}\n*** End Patch` };
  }
  // An unknown tool: fill its required fields by type, `path` with the path.
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  const args: Record<string, unknown> = {};
  for (const name of tool.inputSchema.required ?? []) {
    const type = properties[name]?.type;
    args[name] =
      name === "path"
        ? path
        : type === "array"
          ? []
          : type === "number" || type === "integer"
            ? 1
            : type === "boolean"
              ? false
              : marker;
  }
  args.path = path;
  return args;
}

/** Tools that take a `path` argument. */
export function pathTools(tools: readonly Tool[]): Tool[] {
  return tools.filter((tool) => "path" in ((tool.inputSchema.properties ?? {}) as object));
}
