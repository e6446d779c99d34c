// The single validation chokepoint: raw MCP arguments → a tool's typed input, or INVALID_ARGUMENTS naming the field.
import * as v from "valibot";
import { fail, ok, type Result } from "../errors.ts";
import type { Tool } from "../tools/tool.ts";

export function validateArguments<S extends v.GenericSchema>(
  tool: Tool<S>,
  args: unknown,
): Result<v.InferOutput<S>> {
  const parsed = v.safeParse(tool.schema, args ?? {});
  if (parsed.success) return ok(parsed.output);
  const lines = parsed.issues.slice(0, 5).map((issue) => `- ${fieldOf(issue)}: ${explain(issue)}`);
  const first = parsed.issues[0]!;
  return fail(
    "INVALID_ARGUMENTS",
    `${tool.name}: ${fieldOf(first)}: ${explain(first)}`,
    `${lines.join("\n")}\nExpected arguments: ${JSON.stringify(exampleShape(tool))}`,
  );
}

/** `edits[2].anchor`-style path of an issue; `(arguments)` for the top level. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  const path = issue.path ?? [];
  if (path.length === 0) return "(arguments)";
  let out = "";
  for (const item of path) {
    const key = (item as { key?: unknown }).key;
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function explain(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === "schema" && issue.received === "undefined")
    return `is required (${issue.expected ?? "value"})`;
  return issue.message.replace(/^Invalid /, "invalid ");
}

function exampleShape(tool: Tool): Record<string, string> {
  const schema = tool.schema as unknown as {
    entries?: Record<string, { type: string; wrapped?: { type: string } }>;
  };
  const shape: Record<string, string> = {};
  for (const [key, entry] of Object.entries(schema.entries ?? {})) {
    const optional = entry.type === "optional";
    shape[key] =
      `${optional ? (entry.wrapped?.type ?? "value") : entry.type}${optional ? " (optional)" : ""}`;
  }
  return shape;
}
