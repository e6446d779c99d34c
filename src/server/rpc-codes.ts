// The JSON-RPC 2.0 error codes lapp answers with (the values MCP uses; written here so the server loads no SDK code).

export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;
