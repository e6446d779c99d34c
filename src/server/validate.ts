// The single validation chokepoint: raw MCP arguments → a tool's typed input, or INVALID_ARGUMENTS naming the field
// in a model's words. `null` for an optional field means the field is absent, at every depth; the one leniency in
// types (JSON in a string for a list or object, digits in a string for a whole number) is lenient-arguments.ts.
import * as v from "valibot";
import { fail, ok, type Result } from "../errors.ts";
import type { Tool } from "../tools/tool.ts";
import { asClientsSendThem } from "./lenient-arguments.ts";
import { argumentsNotObject, fieldIssue, invalidArguments, type IssueWords } from "./validation-messages.ts";
import {
  argumentShape,
  describeSchema,
  fieldList,
  schemaAt,
  withoutNullOptionals,
  type SchemaNode,
} from "./schema-words.ts";

export function validateArguments<S extends v.GenericSchema>(
  tool: Tool<S>,
  args: unknown,
): Result<v.InferOutput<S>> {
  const root = tool.schema as unknown as SchemaNode;
  const input = args ?? {};
  const parsed = v.safeParse(tool.schema, withoutNullOptionals(root, asClientsSendThem(root, input)));
  if (parsed.success) return ok(parsed.output);
  const problems = parsed.issues.slice(0, 5).map((issue) => {
    const path = keysOf(issue);
    return path.length === 0
      ? argumentsNotObject(received(issue))
      : fieldIssue(fieldName(path), wordsOf(root, path, issue));
  });
  const { summary, details } = invalidArguments(tool.name, problems, argumentShape(root));
  return fail("INVALID_ARGUMENTS", summary, details);
}

function keysOf(issue: v.BaseIssue<unknown>): unknown[] {
  return (issue.path ?? []).map((item) => (item as { key?: unknown }).key);
}

/** `edits[2].anchor`-style name of a field. */
function fieldName(path: readonly unknown[]): string {
  let out = "";
  for (const key of path)
    out += typeof key === "number" ? `[${key}]` : out === "" ? String(key) : `.${String(key)}`;
  return out;
}

function wordsOf(root: SchemaNode, path: readonly unknown[], issue: v.BaseIssue<unknown>): IssueWords {
  const schema = schemaAt(root, path);
  const got = received(issue);
  if (schema === undefined) {
    // A key the schema does not have: a strict object refused it.
    const parent = schemaAt(root, path.slice(0, -1));
    return { kind: "unknown-field", known: parent ? fieldList(parent) : "" };
  }
  if (issue.kind === "schema") {
    if (got === "undefined") return { kind: "required", expected: describeSchema(schema) };
    return { kind: "wrong-type", expected: describeSchema(schema), got };
  }
  const requirement = (issue as { requirement?: unknown }).requirement;
  const isList = (issue.input as unknown) instanceof Array;
  switch (issue.type) {
    case "min_length":
      return { kind: "too-short", min: Number(requirement), unit: isList ? "item" : "character", got };
    case "max_length":
      return { kind: "too-long", max: Number(requirement), unit: isList ? "item" : "character", got };
    case "min_value":
      return { kind: "too-small", min: String(requirement), got };
    case "max_value":
      return { kind: "too-large", max: String(requirement), got };
    case "safe_integer":
    case "integer":
      return { kind: "not-whole", got };
    default:
      // A tool's own check carries its own sentence; valibot's defaults start with "Invalid …: Expected".
      return /^Invalid \w+: Expected/.test(issue.message)
        ? { kind: "wrong-type", expected: describeSchema(schema), got }
        : { kind: "custom", message: issue.message };
  }
}

/** valibot's rendering of the value it got (`null`, `"x"`, `5`, `Array`); long strings are cut. */
function received(issue: v.BaseIssue<unknown>): string {
  const got = issue.received;
  return got.length > 60 ? `${got.slice(0, 57)}…` : got;
}
