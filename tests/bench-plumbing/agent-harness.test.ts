// PLUMBING TEST of `npm run bench:agent`: the harness runs against a scripted OpenAI-compatible server on loopback
// that replays fixed tool calls. It checks the loop, the tools and the metrics — its numbers are never results.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { runAgentTask, type AgentOutcome, type AgentRun } from "../../bench/agent/run-task.ts";
import { STRATEGIES, type StrategyId } from "../../bench/agent/strategies.ts";
import { makeAgentTask } from "../../bench/agent/tasks.ts";
import { listedLappTools } from "../../bench/agent/tool-sessions.ts";
import { argumentTokens } from "../../bench/costs/tool-calls.ts";
import { startScriptedEndpoint, type ScriptedTurn } from "./scripted-endpoint.ts";

const OLD = `"""Invoice helpers."""


def subtotal(items):
    total = 0
    for item in items:
        total += item.price * item.qty
    return total


def render(invoice):
    lines = []
    for item in invoice.items:
        lines.append(f"{item.name}: {item.price}")
    lines.append("total: " + str(subtotal(invoice.items)))
    return "\\n".join(lines)
`;
const NEW_RENDER = `def render(invoice):
    lines = ["INVOICE"]
    for item in invoice.items:
        lines.append(f"{item.name} x{item.qty}: {item.price}")
    lines.append("total: " + str(subtotal(invoice.items)))
    lines.append("items: " + str(len(invoice.items)))
    return "\\n".join(lines)
`;
const NEW = OLD.slice(0, OLD.indexOf("def render")) + NEW_RENDER;
const PATH = "billing/invoice.py";
const task = makeAgentTask("plumbing-invoice", PATH, OLD, NEW);
const oldLines = OLD.split("\n");
const ref = (needle: string) => {
  const index = oldLines.findIndex((line) => line.includes(needle));
  return refOf(index + 1, oldLines[index]!);
};
const lappEdits = {
  path: PATH,
  edits: [
    { type: "replace", anchor: ref("lines = []"), content: '    lines = ["INVOICE"]' },
    {
      type: "replace",
      anchor: ref("item.name"),
      content: '        lines.append(f"{item.name} x{item.qty}: {item.price}")',
    },
    {
      type: "insert_after",
      anchor: ref('"total: "'),
      content: '    lines.append("items: " + str(len(invoice.items)))',
    },
  ],
};
const strReplaces = [
  { file_path: PATH, old_string: "    lines = []", new_string: '    lines = ["INVOICE"]' },
  {
    file_path: PATH,
    old_string: 'lines.append(f"{item.name}: {item.price}")',
    new_string: 'lines.append(f"{item.name} x{item.qty}: {item.price}")',
  },
  {
    file_path: PATH,
    old_string: '    lines.append("total: " + str(subtotal(invoice.items)))',
    new_string:
      '    lines.append("total: " + str(subtotal(invoice.items)))\n    lines.append("items: " + str(len(invoice.items)))',
  },
];

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  native: [
    { toolCalls: [{ name: "read_file", arguments: { file_path: PATH } }] },
    { toolCalls: strReplaces.map((args) => ({ name: "str_replace", arguments: args })) },
    { content: "Applied." },
  ],
  "native-ambiguous": [
    { toolCalls: [{ name: "read_file", arguments: { file_path: PATH } }] },
    {
      toolCalls: [
        {
          name: "str_replace",
          arguments: { file_path: PATH, old_string: "    for item in ", new_string: "    for it in " },
        },
      ],
    },
    { content: "I give up." },
  ],
  "native-unread": [
    { toolCalls: [{ name: "str_replace", arguments: strReplaces[0]! }] },
    { content: "Done." },
  ],
  "lapp-edit": [
    { toolCalls: [{ name: "lapp_read", arguments: { path: PATH } }] },
    { toolCalls: [{ name: "lapp_edit", arguments: lappEdits }] },
    { content: "Applied." },
  ],
  "lapp-grep-edit": [
    { toolCalls: [{ name: "lapp_grep", arguments: { pattern: "lines", path: PATH, format: "structured" } }] },
    { toolCalls: [{ name: "lapp_edit", arguments: lappEdits }] },
    { content: "Applied." },
  ],
  "lapp-replace-block": [
    {
      toolCalls: [
        { name: "lapp_find_block", arguments: { path: PATH, pattern: "def render", literal: true } },
      ],
    },
    {
      toolCalls: [
        {
          name: "lapp_replace_block",
          arguments: { path: PATH, pattern: "def render", literal: true, content: NEW_RENDER },
        },
      ],
    },
    { content: "Applied." },
  ],
  "broken-json": [{ toolCalls: [{ name: "lapp_read", arguments: '{"path": ' }] }, { content: "Done." }],
  "wrong-tool": [{ toolCalls: [{ name: "str_replace", arguments: strReplaces[0]! }] }, { content: "Done." }],
};

const endpoint = startScriptedEndpoint(SCRIPTS);
const scratch = mkdtempSync(join(tmpdir(), "lapp-plumbing-"));
const listed = await listedLappTools(scratch);
afterAll(() => {
  endpoint.stop();
  rmSync(scratch, { recursive: true, force: true });
});

async function run(
  model: string,
  strategy: StrategyId,
  options: { timeoutMs?: number; maxTurns?: number } = {},
) {
  const before = endpoint.requests.length;
  const outcome = await runAgentTask({
    endpoint: { baseUrl: endpoint.baseUrl, apiKey: "plumbing-key" },
    model,
    strategy: STRATEGIES[strategy],
    task,
    timeoutMs: options.timeoutMs ?? 20_000,
    maxTurns: options.maxTurns ?? 10,
  });
  return { outcome, requests: endpoint.requests.slice(before) };
}

function asRun(outcome: AgentOutcome): AgentRun {
  if ("skipped" in outcome) throw new Error(`unexpectedly skipped: ${outcome.skipped}`);
  return outcome;
}

function expectPerfect(run: AgentRun, toolCalls: number) {
  expect(run.stop).toBe("done");
  expect(run.correctness).toBe(1);
  expect(run.exact).toBe(true);
  expect(run.fileSimilarity).toBe(1);
  expect(run.turns).toBe(3);
  // Scripted usage: turn n reports 100·n prompt and 10·n completion tokens.
  expect(run.inputTokens).toBe(600);
  expect(run.outputTokens).toBe(60);
  expect(run.toolCalls).toBe(toolCalls);
  expect(run.toolErrors).toBe(0);
}

const toolNames = (request: { tools: Array<{ function: { name: string } }> }) =>
  request.tools.map((tool) => tool.function.name).sort();

describe("agent harness plumbing (scripted endpoint — never reported as results)", () => {
  test("native: read_file then three str_replace calls in one turn reproduce the reference", async () => {
    const { outcome, requests } = await run("native", "native");
    const result = asRun(outcome);
    expectPerfect(result, 4);
    expect(result.toolArgumentTokens).toBe(
      argumentTokens({ file_path: PATH }) + strReplaces.reduce((sum, args) => sum + argumentTokens(args), 0),
    );
    expect(requests).toHaveLength(3);
    expect(toolNames(requests[0]!)).toEqual(["read_file", "str_replace"]);
    expect(requests[0]!.messages[0]!.role).toBe("system");
    expect(String(requests[0]!.messages[1]!.content)).toContain(`+++ b/${PATH}`);
    const toolMessage = requests[1]!.messages.find((message) => message.role === "tool")!;
    expect(toolMessage.tool_call_id).toBe("call_0_0");
    expect(String(toolMessage.content)).toContain("    12\t    lines = []");
    expect(requests[2]!.messages.filter((message) => message.role === "tool")).toHaveLength(4);
  });

  test("native: a non-unique old_string is refused, counted, and scores what was (not) done", async () => {
    const result = asRun((await run("native-ambiguous", "native")).outcome);
    expect(result.stop).toBe("done");
    expect(result.toolErrors).toBe(1);
    expect(result.correctness).toBe(0);
    expect(result.exact).toBe(false);
    expect(result.fileSimilarity).toBeLessThan(1);
  });

  test("native: editing a file that was not read first is refused, as Claude Code does", async () => {
    const { outcome, requests } = await run("native-unread", "native");
    const result = asRun(outcome);
    expect(result.toolErrors).toBe(1);
    expect(result.correctness).toBe(0);
    const toolMessage = requests[1]!.messages.find((message) => message.role === "tool")!;
    expect(String(toolMessage.content)).toMatch(/^Error: read .* before editing/);
  });

  test("lapp edit: lapp_read then one lapp_edit with three refs reproduce the reference", async () => {
    const { outcome, requests } = await run("lapp-edit", "lapp-edit");
    expectPerfect(asRun(outcome), 2);
    expect(toolNames(requests[0]!)).toEqual(["lapp_edit", "lapp_read"]);
    const readResult = requests[1]!.messages.find((message) => message.role === "tool")!;
    expect(String(readResult.content)).toContain(`${ref("lines = []")}:    lines = []`);
    const editResult = requests[2]!.messages.filter((message) => message.role === "tool").at(-1)!;
    expect(String(editResult.content)).toStartWith(`edited ${PATH}: 3 edits`);
  });

  test.skipIf(!listed.has("lapp_grep"))("lapp structured-grep → edit reproduces the reference", async () => {
    const { outcome, requests } = await run("lapp-grep-edit", "lapp-grep-edit");
    expectPerfect(asRun(outcome), 2);
    expect(toolNames(requests[0]!)).toEqual(["lapp_edit", "lapp_grep"]);
    const grepResult = requests[1]!.messages.find((message) => message.role === "tool")!;
    expect(JSON.parse(String(grepResult.content)).matches.length).toBeGreaterThan(0);
  });

  test.skipIf(!(listed.has("lapp_find_block") && listed.has("lapp_replace_block")))(
    "lapp replace-block reproduces the reference",
    async () => {
      const { outcome, requests } = await run("lapp-replace-block", "lapp-replace-block");
      expectPerfect(asRun(outcome), 2);
      expect(toolNames(requests[0]!)).toEqual([
        "lapp_edit",
        "lapp_find_block",
        "lapp_read",
        "lapp_replace_block",
      ]);
      const found = requests[1]!.messages.find((message) => message.role === "tool")!;
      expect(String(found.content)).toMatch(/^block \d+#[A-Z]{2}\.\.\d+#[A-Z]{2} \(6 lines\)/);
    },
  );

  test("a strategy whose lapp tools this build lacks is skipped, not run", async () => {
    const before = endpoint.requests.length;
    const outcome = await runAgentTask({
      endpoint: { baseUrl: endpoint.baseUrl, apiKey: undefined },
      model: "lapp-edit",
      strategy: { ...STRATEGIES["lapp-edit"], lappTools: ["lapp_read", "lapp_teleport"] },
      task,
      timeoutMs: 5_000,
      maxTurns: 3,
    });
    expect("skipped" in outcome && outcome.skipped).toContain("lapp_teleport");
    expect(endpoint.requests.length).toBe(before);
  });

  test("arguments that are not JSON and tools outside the strategy come back as tool errors", async () => {
    const broken = asRun((await run("broken-json", "lapp-edit")).outcome);
    expect(broken.toolErrors).toBe(1);
    const wrong = await run("wrong-tool", "lapp-edit");
    expect(asRun(wrong.outcome).toolErrors).toBe(1);
    const message = wrong.requests[1]!.messages.find((item) => item.role === "tool")!;
    expect(String(message.content)).toContain("there is no tool str_replace");
  });

  test("the turn limit, the timeout and an HTTP error each stop the run with their reason", async () => {
    const limited = asRun((await run("lapp-edit", "lapp-edit", { maxTurns: 1 })).outcome);
    expect(limited.stop).toBe("max_turns");
    expect(limited.turns).toBe(1);
    expect(limited.correctness).toBe(0);

    const slow = asRun((await run("slow", "native", { timeoutMs: 400 })).outcome);
    expect(slow.stop).toBe("timeout");
    expect(slow.wallMs).toBeLessThan(3_000);
    expect(slow.turns).toBe(0);

    const refused = asRun((await run("bad-request", "native")).outcome);
    expect(refused.stop).toBe("error");
    expect(refused.error).toContain("HTTP 400");
  });

  test("the API key is sent as a bearer token", async () => {
    let authorization: string | null = null;
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch(request) {
        authorization = request.headers.get("authorization");
        return Response.json({
          choices: [{ message: { role: "assistant", content: "Done." }, finish_reason: "stop" }],
        });
      },
    });
    try {
      const outcome = await runAgentTask({
        endpoint: { baseUrl: `http://127.0.0.1:${server.port}/v1/`, apiKey: "secret-for-plumbing" },
        model: "any",
        strategy: STRATEGIES.native,
        task,
        timeoutMs: 5_000,
        maxTurns: 3,
      });
      expect(authorization!).toBe("Bearer secret-for-plumbing");
      // No usage in the answer: the run says so instead of inventing numbers.
      expect(asRun(outcome).inputTokens).toBeUndefined();
    } finally {
      server.stop(true);
    }
  });
});

describe("bench:agent command line", () => {
  test("without an endpoint it exits non-zero and names LAPP_BENCH_BASE_URL", () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
    };
    const result = Bun.spawnSync([process.execPath, resolve(import.meta.dir, "../../bench/agent.ts")], {
      env,
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr.toString()).toContain("LAPP_BENCH_BASE_URL");
    expect(result.stdout.toString()).toBe("");
  });
});
