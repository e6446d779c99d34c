// lapp never asks the client for input (MCP elicitation), so the SDK's JSON Schema validator for elicitation
// answers is never needed. The SDK's default builds an Ajv instance with all formats at every start (~9 ms of
// the startup budget); this one costs nothing and fails loudly if that assumption ever breaks.
import type { jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";

export const noElicitationValidator: jsonSchemaValidator = {
  getValidator() {
    throw new Error("lapp sends no elicitation requests, so it validates no elicitation answers");
  },
};
