// The one leniency in argument types, for values as some clients pass them from a model unrepaired (Codex sends
// what the model wrote; Claude Code repairs the same mistakes on its side): a string holding JSON where a list or an
// object is expected (`"edits": "[{…}]"`), and a string of digits where a whole number is expected
// (`"offset": "3"`). Anything else is left as it is, for validation to refuse as before.
import { isObjectSchema, unwrapOptional, type SchemaNode } from "./schema-words.ts";

const WHOLE_NUMBER = /^-?\d+$/;

function isWholeNumberSchema(node: SchemaNode): boolean {
  return (
    node.type === "number" &&
    (node.pipe ?? []).some((action) => action.type === "safe_integer" || action.type === "integer")
  );
}

/** `value` with the leniency applied at every depth of `node` (in list items and nested objects too). */
export function asClientsSendThem(node: SchemaNode, value: unknown): unknown {
  const inner = unwrapOptional(node);
  if (typeof value === "string") {
    if (isWholeNumberSchema(inner) && WHOLE_NUMBER.test(value)) return Number(value);
    if (inner.type === "array" || isObjectSchema(inner)) {
      const parsed = parseJson(value);
      const fits = inner.type === "array" ? Array.isArray(parsed) : isPlainObject(parsed);
      return fits ? descend(inner, parsed) : value;
    }
    return value;
  }
  return descend(inner, value);
}

function descend(inner: SchemaNode, value: unknown): unknown {
  if (Array.isArray(value))
    return inner.type === "array" && inner.item
      ? value.map((item) => asClientsSendThem(inner.item!, item))
      : value;
  if (!isPlainObject(value) || !isObjectSchema(inner)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const entry = inner.entries![key];
    out[key] = entry === undefined ? field : asClientsSendThem(entry, field);
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
