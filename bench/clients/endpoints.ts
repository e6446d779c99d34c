// PLUMBING ONLY: scripted models on loopback for real clients. Claude Code speaks Anthropic's Messages API and
// Codex OpenAI's Responses API, both streamed as server-sent events; each endpoint answers every request from a
// script that sees the whole request (the tool results the client sends back included), and records the requests.
// Nothing a scripted model says is a benchmark result: what is measured is what the clients do around it.

export interface ToolCall {
  name: string;
  /** Codex: the tool's namespace (`mcp__lapp`); the name is then the bare tool name. */
  namespace?: string;
  /** Sent as the arguments JSON; a string is sent as it is (a model that writes bad JSON types). */
  input: Record<string, unknown> | string;
}

export interface Turn {
  text?: string;
  calls?: ToolCall[];
}

export interface RecordedRequest {
  path: string;
  body: Record<string, unknown>;
}

export interface ScriptedModel {
  baseUrl: string;
  requests: RecordedRequest[];
  stop(): void;
}

/** `script(step, body)`: the turn to answer with; `step` counts the model's earlier turns in this conversation. */
export type Script = (step: number, body: Record<string, unknown>) => Turn;

const sse = (events: [string, Record<string, unknown>][]) =>
  new Response(
    events.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`).join(""),
    {
      headers: { "content-type": "text/event-stream" },
    },
  );

const argumentsOf = (call: ToolCall) =>
  typeof call.input === "string" ? call.input : JSON.stringify(call.input);

/** A loopback server that records every request (path and JSON body) before `answer` replies to it. */
function serveRecorded(
  suffix: string,
  answer: (path: string, body: Record<string, unknown>, raw: string) => Response,
): ScriptedModel {
  const requests: RecordedRequest[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const raw = await request.text();
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      requests.push({ path, body });
      return answer(path, body, raw);
    },
  });
  return { baseUrl: `http://127.0.0.1:${server.port}${suffix}`, requests, stop: () => server.stop(true) };
}

/**
 * Anthropic Messages API for Claude Code (ANTHROPIC_BASE_URL). Requests without lapp's conversation (Claude Code's
 * own small calls: titles, checks) get a short text; token counting answers bytes / 4.
 */
export function startMessagesModel(script: Script): ScriptedModel {
  let answered = 0;
  return serveRecorded("", (path, body, raw) => {
    if (path.endsWith("/count_tokens")) return Response.json({ input_tokens: Math.ceil(raw.length / 4) });
    if (!path.endsWith("/messages")) return new Response("not found", { status: 404 });
    const messages = (body.messages ?? []) as { role: string }[];
    const main = ((body.tools ?? []) as unknown[]).length > 3;
    const step = messages.filter((message) => message.role === "assistant").length;
    const turn = main ? script(step, body) : { text: "ok" };
    const events: [string, Record<string, unknown>][] = [
      [
        "message_start",
        {
          message: {
            id: `msg_${++answered}`,
            type: "message",
            role: "assistant",
            model: body.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 100, output_tokens: 1 },
          },
        },
      ],
    ];
    let index = 0;
    if (turn.text) {
      events.push(["content_block_start", { index, content_block: { type: "text", text: "" } }]);
      events.push(["content_block_delta", { index, delta: { type: "text_delta", text: turn.text } }]);
      events.push(["content_block_stop", { index }]);
      index++;
    }
    for (const call of turn.calls ?? []) {
      const block = { type: "tool_use", id: `toolu_${step}_${index}`, name: call.name, input: {} };
      events.push(["content_block_start", { index, content_block: block }]);
      events.push([
        "content_block_delta",
        { index, delta: { type: "input_json_delta", partial_json: argumentsOf(call) } },
      ]);
      events.push(["content_block_stop", { index }]);
      index++;
    }
    const stop = turn.calls?.length ? "tool_use" : "end_turn";
    events.push([
      "message_delta",
      { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } },
    ]);
    events.push(["message_stop", {}]);
    return sse(events);
  });
}

/** OpenAI Responses API for Codex (a custom model provider with `wire_api = "responses"`). */
export function startResponsesModel(script: Script): ScriptedModel {
  let answered = 0;
  return serveRecorded("/v1", (path, body) => {
    if (!path.endsWith("/responses")) return new Response("not found", { status: 404 });
    // Our call ids carry the step that made them, so the next step is one past the highest seen.
    const input = (body.input ?? []) as { type?: string; call_id?: string }[];
    const steps = input
      .filter((item) => item.type === "function_call")
      .map((item) => Number(/^call_(\d+)_/.exec(item.call_id ?? "")?.[1] ?? -1));
    const step = steps.length === 0 ? 0 : Math.max(...steps) + 1;
    const turn = script(step, body);
    const id = `resp_${++answered}`;
    const events: [string, Record<string, unknown>][] = [["response.created", { response: { id } }]];
    let index = 0;
    for (const call of turn.calls ?? []) {
      const item = {
        type: "function_call",
        id: `fc_${step}_${index}`,
        call_id: `call_${step}_${index}`,
        name: call.name,
        ...(call.namespace ? { namespace: call.namespace } : {}),
        arguments: argumentsOf(call),
      };
      events.push(["response.output_item.added", { output_index: index, item }]);
      events.push(["response.output_item.done", { output_index: index, item }]);
      index++;
    }
    if (turn.text) {
      const item = {
        type: "message",
        id: `msg_${step}`,
        role: "assistant",
        content: [{ type: "output_text", text: turn.text, annotations: [] }],
      };
      events.push(["response.output_item.added", { output_index: index, item }]);
      events.push([
        "response.output_text.delta",
        { output_index: index, content_index: 0, item_id: item.id, delta: turn.text },
      ]);
      events.push(["response.output_item.done", { output_index: index, item }]);
    }
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 10,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 110,
    };
    events.push(["response.completed", { response: { id, usage } }]);
    return sse(events);
  });
}
