// Reads a tool's valibot schema the way a model needs it: what a field expects, in words ("whole number ≥ 1",
// `"text" | "structured"`, "string or list of strings"), and which fields are optional (so `null` means absent).

/** The parts of valibot's schema objects this module reads (they are plain objects with these fields). */
export interface SchemaNode {
  type: string;
  wrapped?: SchemaNode;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  options?: readonly (SchemaNode | string | number)[];
  pipe?: readonly { type: string; kind?: string; requirement?: unknown }[];
}

const OBJECT_TYPES = new Set(["object", "strict_object", "loose_object"]);

export function isObjectSchema(node: SchemaNode): boolean {
  return OBJECT_TYPES.has(node.type) && node.entries !== undefined;
}

/** `node` itself, or what an optional wraps. */
export function unwrapOptional(node: SchemaNode): SchemaNode {
  return node.type === "optional" || node.type === "nullish" ? unwrapOptional(node.wrapped!) : node;
}

/** The schema at an issue's path (`edits`, 2, `anchor`), or undefined when the path leaves the schema. */
export function schemaAt(root: SchemaNode, path: readonly unknown[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    const inner: SchemaNode = unwrapOptional(node);
    node = typeof key === "number" ? inner.item : inner.entries?.[String(key)];
  }
  return node;
}

/** What a value of this schema looks like, in words a model reads. */
export function describeSchema(node: SchemaNode): string {
  const inner = unwrapOptional(node);
  switch (inner.type) {
    case "string":
      return "string";
    case "boolean":
      return "true or false";
    case "number":
      return numberWords(inner);
    case "picklist":
      return (inner.options ?? []).map((option) => JSON.stringify(option)).join(" | ");
    case "union":
      return (inner.options ?? []).map((option) => describeSchema(option as SchemaNode)).join(" or ");
    case "array":
      return `list of ${plural(describeSchema(inner.item!))}`;
    default:
      return isObjectSchema(inner) ? `object with ${fieldList(inner)}` : inner.type;
  }
}

/** `{"path":"string","offset":"whole number ≥ 1, optional"}`: the shape of a tool's arguments. */
export function argumentShape(root: SchemaNode): Record<string, string> {
  const shape: Record<string, string> = {};
  for (const [key, entry] of Object.entries(unwrapOptional(root).entries ?? {})) {
    shape[key] = `${describeSchema(entry)}${entry.type === "optional" ? ", optional" : ""}`;
  }
  return shape;
}

export function fieldList(node: SchemaNode): string {
  return Object.keys(unwrapOptional(node).entries ?? {}).join(", ");
}

/**
 * The value with every `null` given for an optional field removed, in nested objects and list items too:
 * clients that make schemas strict send `null` for "absent".
 */
export function withoutNullOptionals(node: SchemaNode, value: unknown): unknown {
  const inner = unwrapOptional(node);
  if (Array.isArray(value)) {
    return inner.type === "array" && inner.item
      ? value.map((item) => withoutNullOptionals(inner.item!, item))
      : value;
  }
  if (!isObjectSchema(inner) || typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const entry = inner.entries![key];
    if (entry === undefined) out[key] = field;
    else if (field === null && entry.type === "optional") continue;
    else out[key] = withoutNullOptionals(entry, field);
  }
  return out;
}

function numberWords(node: SchemaNode): string {
  const actions = node.pipe ?? [];
  const whole = actions.some((action) => action.type === "safe_integer" || action.type === "integer");
  const min = actions.find((action) => action.type === "min_value")?.requirement;
  const max = actions.find((action) => action.type === "max_value")?.requirement;
  const base = whole ? "whole number" : "number";
  if (min !== undefined && max !== undefined) return `${base} from ${min} to ${max}`;
  if (min !== undefined) return `${base} ≥ ${min}`;
  if (max !== undefined) return `${base} ≤ ${max}`;
  return base;
}

function plural(words: string): string {
  if (words === "true or false") return "true/false values";
  if (words.startsWith("object with")) return `objects with${words.slice("object with".length)}`;
  return /^(string|number|whole number)\b/.test(words) ? words.replace(/^(\w+(?: number)?)/, "$1s") : words;
}
