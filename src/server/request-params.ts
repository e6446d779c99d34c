// The params of the four methods lapp serves, checked by hand: a request that fails here is answered -32602 with
// a sentence naming each problem (never a validator dump). Other methods' params are not looked at.

type Params = Record<string, unknown> | undefined;
type Check = (params: Params) => string[];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `params.<path>` must be present and of `expected` kind. */
function required(params: Params, path: string, expected: string, ok: (value: unknown) => boolean): string[] {
  const value = valueAt(params, path);
  if (value === undefined) return [`${path} is required (expected ${expected})`];
  return ok(value) ? [] : [`${path} is invalid (expected ${expected})`];
}

/** `params.<path>` may be absent; when present it must be of `expected` kind. */
function optional(params: Params, path: string, expected: string, ok: (value: unknown) => boolean): string[] {
  const value = valueAt(params, path);
  return value === undefined || ok(value) ? [] : [`${path} is invalid (expected ${expected})`];
}

function valueAt(params: Params, path: string): unknown {
  let value: unknown = params;
  for (const key of path.split(".")) {
    if (!isObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

const isString = (value: unknown) => typeof value === "string";
const isToken = (value: unknown) =>
  typeof value === "string" || (typeof value === "number" && Number.isInteger(value));

const meta: Check = (params) => [
  ...optional(params, "_meta", "object", isObject),
  ...optional(params, "_meta.progressToken", "string or integer", isToken),
];

const CHECKS: Record<string, Check> = {
  initialize: (params) =>
    params === undefined
      ? ["params is required (expected object)"]
      : [
          ...required(params, "protocolVersion", "string", isString),
          ...required(params, "capabilities", "object", isObject),
          ...required(params, "clientInfo", "object", isObject),
          ...(isObject(params.clientInfo)
            ? [
                ...required(params, "clientInfo.name", "string", isString),
                ...required(params, "clientInfo.version", "string", isString),
              ]
            : []),
          ...meta(params),
        ],
  ping: meta,
  "tools/list": (params) => [...optional(params, "cursor", "string", isString), ...meta(params)],
  "tools/call": (params) =>
    params === undefined
      ? ["params is required (expected object)"]
      : [
          ...required(params, "name", "string", isString),
          ...optional(params, "arguments", "object", isObject),
          ...meta(params),
        ],
};

/** The problems of a served method's params (at most three); empty when they are fine or the method is not served. */
export function paramProblems(method: string, params: Params): string[] {
  return CHECKS[method]?.(params).slice(0, 3) ?? [];
}
