// The shapes shared by the harness's tool sessions: a tool as the model sees it (OpenAI function form) and
// the text a call returns.

export interface ModelTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
}

export interface ToolResult {
  text: string;
  isError: boolean;
}
