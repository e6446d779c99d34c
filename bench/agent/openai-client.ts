// A minimal client of the OpenAI-compatible chat-completions API with function tools: one request, typed,
// with the caller's deadline as an abort signal and a couple of retries on 429 / 5xx.

export interface ChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string };

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools: Array<{
    type: "function";
    function: { name: string; description: string; parameters: Record<string, unknown> };
  }>;
  tool_choice?: "auto";
  temperature?: number;
}

export interface ChatResponse {
  message: { content: string | null; tool_calls: ChatToolCall[] };
  finishReason: string | undefined;
  usage: { promptTokens: number; completionTokens: number } | undefined;
}

export interface Endpoint {
  baseUrl: string;
  apiKey: string | undefined;
}

export class ChatHttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 300)}`);
  }
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);

export function chatCompletionsUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
}

export async function chat(
  endpoint: Endpoint,
  request: ChatRequest,
  signal: AbortSignal,
): Promise<ChatResponse> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(chatCompletionsUrl(endpoint.baseUrl), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify(request),
      signal,
    });
    if (!response.ok) {
      const body = await response.text();
      if (RETRYABLE.has(response.status) && attempt < 2) {
        await Bun.sleep(1000 * 2 ** attempt);
        continue;
      }
      throw new ChatHttpError(response.status, body);
    }
    return parseResponse(await response.json());
  }
}

function parseResponse(json: unknown): ChatResponse {
  const body = json as {
    choices?: Array<{
      message?: { content?: string | null; tool_calls?: ChatToolCall[] };
      finish_reason?: string;
    }>;
    usage?: { prompt_tokens?: number; completion_tokens?: number };
  };
  const choice = body.choices?.[0];
  if (!choice?.message)
    throw new Error(
      `the endpoint answered without choices[0].message: ${JSON.stringify(json).slice(0, 300)}`,
    );
  const usage =
    typeof body.usage?.prompt_tokens === "number" && typeof body.usage.completion_tokens === "number"
      ? { promptTokens: body.usage.prompt_tokens, completionTokens: body.usage.completion_tokens }
      : undefined;
  return {
    message: { content: choice.message.content ?? null, tool_calls: choice.message.tool_calls ?? [] },
    finishReason: choice.finish_reason,
    usage,
  };
}
