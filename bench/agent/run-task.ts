// One agent run: a model, a strategy and a task in a fresh workspace; the chat loop runs until the model stops
// calling tools, the turn limit or the timeout; the file left behind is scored against the reference.

import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { decodeDocument } from "../../src/text/codec.ts";
import type { Outcome } from "../mistakes/outcome.ts";
import { classifyEditCalls, countOutcomes, isEditTool, type ToolEvent } from "./call-outcomes.ts";
import { argumentTokens, tokens } from "../costs/tool-calls.ts";
import { harnessErrors, systemPrompt, taskPrompt } from "./messages.ts";
import { chat, ChatHttpError, type ChatMessage, type Endpoint } from "./openai-client.ts";
import { lineDice, patchSimilarity } from "./similarity.ts";
import type { Strategy } from "./strategies.ts";
import type { AgentTask } from "./tasks.ts";
import { openToolSession, type ToolSession } from "./tool-sessions.ts";

export interface AgentRunOptions {
  endpoint: Endpoint;
  model: string;
  strategy: Strategy;
  task: AgentTask;
  timeoutMs: number;
  maxTurns: number;
  temperature?: number;
}

export type StopReason = "done" | "timeout" | "max_turns" | "error";

export interface AgentRun {
  model: string;
  strategy: Strategy["id"];
  task: string;
  /** Patch similarity to the reference change, 0..1. */
  correctness: number;
  exact: boolean;
  fileSimilarity: number;
  wallMs: number;
  turns: number;
  /** Sums of the endpoint's usage fields; undefined when it reported none. */
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  toolCalls: number;
  toolErrors: number;
  /** o200k tokens of the tool-call arguments the model wrote (comparable across models). */
  toolArgumentTokens: number;
  /** Every edit call by outcome class, as bench:mistakes counts them (call-outcomes.ts). */
  editCalls: Record<Outcome, number>;
  stop: StopReason;
  error?: string;
}

export type AgentOutcome =
  AgentRun | { skipped: string; model: string; strategy: Strategy["id"]; task: string };

export async function runAgentTask(options: AgentRunOptions): Promise<AgentOutcome> {
  const { task, strategy, model } = options;
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "lapp-agent-")));
  const filePath = join(workspace, task.path);
  mkdirSync(dirname(filePath), { recursive: true });
  writeFileSync(filePath, task.oldBytes);
  const session = await openToolSession(strategy, workspace);
  if ("missing" in session) {
    rmSync(workspace, { recursive: true, force: true });
    return {
      skipped: `this lapp build does not list ${session.missing.join(", ")}`,
      model,
      strategy: strategy.id,
      task: task.id,
    };
  }

  const started = performance.now();
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const messages: ChatMessage[] = [
    { role: "system", content: systemPrompt(strategy.id) },
    { role: "user", content: taskPrompt(task.path, task.patch) },
  ];
  const tools = session.tools.map((tool) => ({ type: "function" as const, function: tool }));
  const totals = {
    turns: 0,
    input: 0,
    output: 0,
    usage: false,
    toolCalls: 0,
    toolErrors: 0,
    argumentTokens: 0,
  };
  const events: ToolEvent[] = [];
  const linesNow = () => decodeDocument(readFileSync(filePath)).lines;
  let stop: StopReason = "max_turns";
  let error: string | undefined;
  try {
    for (let turn = 0; turn < options.maxTurns; turn++) {
      const response = await chat(
        options.endpoint,
        {
          model,
          messages,
          tools,
          tool_choice: "auto",
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        },
        deadline,
      );
      totals.turns++;
      if (response.usage) {
        totals.usage = true;
        totals.input += response.usage.promptTokens;
        totals.output += response.usage.completionTokens;
      }
      const calls = response.message.tool_calls;
      messages.push({
        role: "assistant",
        content: response.message.content,
        ...(calls.length ? { tool_calls: calls } : {}),
      });
      if (calls.length === 0) {
        stop = "done";
        break;
      }
      for (const call of calls) {
        totals.toolCalls++;
        const edit = isEditTool(call.function.name);
        const before = edit ? linesNow() : undefined;
        const result = await runToolCall(session, call.function.name, call.function.arguments);
        events.push({
          name: call.function.name,
          isError: result.isError,
          text: result.text,
          ...(edit ? { before, after: linesNow() } : {}),
        });
        totals.argumentTokens += result.argumentTokens;
        if (result.isError) totals.toolErrors++;
        messages.push({ role: "tool", tool_call_id: call.id, content: result.text });
      }
      if (deadline.aborted) {
        stop = "timeout";
        break;
      }
    }
  } catch (caught) {
    if (deadline.aborted) stop = "timeout";
    else {
      stop = "error";
      error = caught instanceof ChatHttpError || caught instanceof Error ? caught.message : String(caught);
    }
  } finally {
    await session.close();
  }
  const wallMs = performance.now() - started;

  const resultBytes = readFileSync(filePath);
  rmSync(workspace, { recursive: true, force: true });
  const original = decodeDocument(task.oldBytes).lines;
  const reference = decodeDocument(task.newBytes).lines;
  const result = decodeDocument(resultBytes).lines;
  return {
    model,
    strategy: strategy.id,
    task: task.id,
    correctness: round(patchSimilarity(original, reference, result)),
    exact: Buffer.compare(resultBytes, Buffer.from(task.newBytes)) === 0,
    fileSimilarity: round(lineDice(reference, result)),
    wallMs: Math.round(wallMs),
    turns: totals.turns,
    inputTokens: totals.usage ? totals.input : undefined,
    outputTokens: totals.usage ? totals.output : undefined,
    toolCalls: totals.toolCalls,
    toolErrors: totals.toolErrors,
    toolArgumentTokens: totals.argumentTokens,
    editCalls: countOutcomes(classifyEditCalls(events, original, reference)),
    stop,
    ...(error ? { error } : {}),
  };
}

async function runToolCall(
  session: ToolSession,
  name: string,
  rawArguments: string,
): Promise<{ text: string; isError: boolean; argumentTokens: number }> {
  let args: Record<string, unknown>;
  try {
    const parsed: unknown = rawArguments.trim() === "" ? {} : JSON.parse(rawArguments);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new Error("not a JSON object");
    args = parsed as Record<string, unknown>;
  } catch (caught) {
    return {
      text: harnessErrors.badArguments(name, (caught as Error).message),
      isError: true,
      argumentTokens: tokens(rawArguments),
    };
  }
  const result = await session.call(name, args);
  return { ...result, argumentTokens: argumentTokens(args) };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
