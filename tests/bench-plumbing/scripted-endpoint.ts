// PLUMBING ONLY: an OpenAI-compatible chat-completions server on loopback that replays fixed tool calls, so the
// agent harness can be tested without a model. Nothing it produces is a benchmark result.

export interface ScriptedTurn {
  content?: string;
  toolCalls?: Array<{ name: string; arguments: Record<string, unknown> | string }>;
}

export interface ScriptedEndpoint {
  baseUrl: string;
  /** Every request body received, in order. */
  requests: Array<{
    model: string;
    messages: Array<Record<string, unknown>>;
    tools: Array<{ function: { name: string } }>;
  }>;
  stop(): void;
}

/**
 * `scripts` maps a model name to its turns; the turn answered is the number of assistant messages already in the
 * request, so the server is stateless. Model `slow` never answers in time; model `bad-request` answers HTTP 400.
 * Turn n reports usage prompt_tokens = 100·(n+1), completion_tokens = 10·(n+1).
 */
export function startScriptedEndpoint(scripts: Record<string, ScriptedTurn[]>): ScriptedEndpoint {
  const requests: ScriptedEndpoint["requests"] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/chat/completions")
        return new Response("not found", { status: 404 });
      const body = (await request.json()) as ScriptedEndpoint["requests"][number];
      requests.push(body);
      if (body.model === "slow") {
        await Bun.sleep(5_000);
        return new Response("too late", { status: 504 });
      }
      if (body.model === "bad-request")
        return Response.json({ error: { message: "unsupported parameter" } }, { status: 400 });
      const script = scripts[body.model];
      if (!script)
        return Response.json({ error: { message: `unknown model ${body.model}` } }, { status: 404 });
      const step = body.messages.filter((message) => message.role === "assistant").length;
      const turn = script[step] ?? { content: "Done." };
      const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({
        id: `call_${step}_${index}`,
        type: "function",
        function: {
          name: call.name,
          arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
        },
      }));
      return Response.json({
        id: `scripted-${step}`,
        object: "chat.completion",
        model: body.model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: turn.content ?? null,
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
            finish_reason: toolCalls.length ? "tool_calls" : "stop",
          },
        ],
        usage: {
          prompt_tokens: 100 * (step + 1),
          completion_tokens: 10 * (step + 1),
          total_tokens: 110 * (step + 1),
        },
      });
    },
  });
  return { baseUrl: `http://127.0.0.1:${server.port}/v1`, requests, stop: () => server.stop(true) };
}
