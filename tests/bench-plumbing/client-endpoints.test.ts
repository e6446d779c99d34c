// PLUMBING: the scripted models bench:clients drives Claude Code and Codex with. Each answers with a well-formed
// event stream carrying the script's text and tool calls, picks the turn from the conversation it is sent, and
// records every request.
import { expect, test } from "bun:test";
import { startMessagesModel, startResponsesModel } from "../../bench/clients/endpoints.ts";

/** The `data:` objects of a server-sent event stream, each with its `event:` name checked against its type. */
async function events(response: Response): Promise<Record<string, any>[]> {
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const blocks = (await response.text()).split("\n\n").filter(Boolean);
  return blocks.map((block) => {
    const [event, data] = block.split("\n");
    const parsed = JSON.parse(data!.slice("data: ".length));
    expect(event).toBe(`event: ${parsed.type}`);
    return parsed;
  });
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

test("Messages API: a tool call streamed as input_json_delta, the turn counted from assistant messages", async () => {
  const model = startMessagesModel((step) =>
    step === 0
      ? { calls: [{ name: "mcp__lapp__lapp_read", input: { path: "a.ts" } }] }
      : { text: `step ${step}` },
  );
  try {
    const tools = [1, 2, 3, 4].map((n) => ({ name: `t${n}` }));
    const first = await events(
      await post(`${model.baseUrl}/v1/messages`, { model: "m", tools, messages: [] }),
    );
    expect(first.map((event) => event.type)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(first[1]!.content_block).toMatchObject({ type: "tool_use", name: "mcp__lapp__lapp_read" });
    expect(JSON.parse(first[2]!.delta.partial_json)).toEqual({ path: "a.ts" });
    expect(first[4]!.delta.stop_reason).toBe("tool_use");

    const messages = [{ role: "user" }, { role: "assistant" }, { role: "user" }];
    const second = await events(await post(`${model.baseUrl}/v1/messages`, { model: "m", tools, messages }));
    expect(second[2]!.delta).toEqual({ type: "text_delta", text: "step 1" });
    // Claude Code's own small requests (no tool list) get a short text, not the script.
    const side = await events(await post(`${model.baseUrl}/v1/messages`, { model: "m", messages: [] }));
    expect(side[2]!.delta.text).toBe("ok");
    const counted = await post(`${model.baseUrl}/v1/messages/count_tokens`, { model: "m", messages: [] });
    expect(((await counted.json()) as { input_tokens: number }).input_tokens).toBeGreaterThan(0);
    expect(model.requests.map((request) => request.path)).toEqual([
      "/v1/messages",
      "/v1/messages",
      "/v1/messages",
      "/v1/messages/count_tokens",
    ]);
  } finally {
    model.stop();
  }
});

test("Responses API: namespaced function calls, a raw-string argument kept, the step read from earlier call ids", async () => {
  const model = startResponsesModel((step) =>
    step === 0
      ? { calls: [{ namespace: "mcp__lapp", name: "lapp_read", input: '{"path":"a","offset":"2"}' }] }
      : { text: `step ${step}` },
  );
  try {
    const first = await events(await post(`${model.baseUrl}/responses`, { input: [] }));
    expect(first.map((event) => event.type)).toEqual([
      "response.created",
      "response.output_item.added",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(first[2]!.item).toMatchObject({
      type: "function_call",
      namespace: "mcp__lapp",
      name: "lapp_read",
      call_id: "call_0_0",
      arguments: '{"path":"a","offset":"2"}',
    });
    const input = [
      { type: "function_call", call_id: "call_0_0" },
      { type: "function_call_output", call_id: "call_0_0" },
    ];
    const second = await events(await post(`${model.baseUrl}/responses`, { input }));
    expect(second.find((event) => event.type === "response.output_text.delta")!.delta).toBe("step 1");
    expect(second.at(-1)!.response.usage.total_tokens).toBe(110);
  } finally {
    model.stop();
  }
});
