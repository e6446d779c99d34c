// PLUMBING TEST of the outcome classes `npm run bench:agent` reports for every edit call (bench/agent/call-outcomes.ts):
// scripted models on a loopback endpoint make the documented mistakes through the real tools, and each call lands in
// the class bench:mistakes would give it. Its numbers are never results.
import { afterAll, describe, expect, test } from "bun:test";
import { refOf } from "../../src/hashline/hash.ts";
import { classifyEditCalls } from "../../bench/agent/call-outcomes.ts";
import { renderAgentMarkdown, type AgentResults } from "../../bench/agent/report.ts";
import { runAgentTask, type AgentRun } from "../../bench/agent/run-task.ts";
import { STRATEGIES, type StrategyId } from "../../bench/agent/strategies.ts";
import { makeAgentTask } from "../../bench/agent/tasks.ts";
import { startScriptedEndpoint, type ScriptedTurn } from "./scripted-endpoint.ts";

const OLD = [
  "def area(shape):",
  "    if shape.kind == 'square':",
  "        return shape.side ** 2",
  "    return 0",
  "",
].join("\n");
const NEW = OLD.replace("        return shape.side ** 2", "        return shape.side * shape.side");
const PATH = "geometry.py";
const task = makeAgentTask("plumbing-outcomes", PATH, OLD, NEW);
const lines = OLD.split("\n");
const ref = (line: number) => refOf(line, lines[line - 1]!);
const meant = {
  path: PATH,
  edits: [{ type: "replace", anchor: ref(3), content: "        return shape.side * shape.side" }],
};
/** The same change, its content repeating the line after it (line 4). */
const echoed = {
  path: PATH,
  edits: [
    { type: "replace", anchor: ref(3), content: "        return shape.side * shape.side\n    return 0" },
  ],
};
const mistyped = {
  path: PATH,
  edits: [{ ...meant.edits[0]!, anchor: `3#${ref(3).endsWith("Z") ? "ZP" : "ZZ"}` }],
};

const SCRIPTS: Record<string, ScriptedTurn[]> = {
  "echo-then-fix": [
    { toolCalls: [{ name: "lapp_read", arguments: { path: PATH } }] },
    { toolCalls: [{ name: "lapp_edit", arguments: echoed }] },
    { toolCalls: [{ name: "lapp_edit", arguments: meant }] },
    { content: "Done." },
  ],
  "stale-then-read": [
    { toolCalls: [{ name: "lapp_edit", arguments: mistyped }] },
    { toolCalls: [{ name: "lapp_read", arguments: { path: PATH } }] },
    { toolCalls: [{ name: "lapp_edit", arguments: meant }] },
    { content: "Done." },
  ],
  "native-echo": [
    { toolCalls: [{ name: "read_file", arguments: { file_path: PATH } }] },
    {
      toolCalls: [
        {
          name: "str_replace",
          arguments: {
            file_path: PATH,
            old_string: "        return shape.side ** 2",
            new_string: "        return shape.side * shape.side\n    return 0",
          },
        },
      ],
    },
    { content: "Done." },
  ],
};

const endpoint = startScriptedEndpoint(SCRIPTS);
afterAll(() => endpoint.stop());

async function run(model: string, strategy: StrategyId): Promise<AgentRun> {
  const outcome = await runAgentTask({
    endpoint: { baseUrl: endpoint.baseUrl, apiKey: undefined },
    model,
    strategy: STRATEGIES[strategy],
    task,
    timeoutMs: 20_000,
    maxTurns: 8,
  });
  if ("skipped" in outcome) throw new Error(outcome.skipped);
  return outcome;
}

const nonZero = (counts: Record<string, number>) =>
  Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));

describe("every edit call of a real run is classed (scripted endpoint — never reported as results)", () => {
  test("a repeat refused by lapp, then fixed without a read: refused-fixable, then as meant", async () => {
    const result = await run("echo-then-fix", "lapp-edit");
    expect(nonZero(result.editCalls)).toEqual({ "refused-fixable": 1, "as-meant": 1 });
    expect(result.exact).toBe(true);
  });

  test("a stale ref refused, then a read before the retry: refused-needs-read", async () => {
    const result = await run("stale-then-read", "lapp-edit");
    expect(nonZero(result.editCalls)).toEqual({ "refused-needs-read": 1, "as-meant": 1 });
  });

  test("the same repeat through the native str_replace: applied silently other than meant", async () => {
    const result = await run("native-echo", "native");
    expect(nonZero(result.editCalls)).toEqual({ "silently-wrong": 1 });
  });

  test("the report's table counts every class per model and strategy", async () => {
    const runs = [await run("echo-then-fix", "lapp-edit"), await run("native-echo", "native")];
    const results = {
      kind: "lapp-bench-agent",
      date: "2026-01-01",
      startedAt: "",
      durationSeconds: 0,
      machine: { label: "plumbing", cpu: "", cores: 1, memoryGiB: 1, os: "", loadAverage: 0 },
      versions: {
        lapp: "",
        bun: "",
        node: undefined,
        commit: undefined,
        dirty: undefined,
        ripgrep: undefined,
      },
      endpointHost: "127.0.0.1",
      models: ["echo-then-fix", "native-echo"],
      settings: { timeoutSeconds: 20, maxTurns: 8, temperature: undefined, repeats: 1 },
      tasks: [],
      runs,
    } satisfies AgentResults;
    const markdown = renderAgentMarkdown(results);
    expect(markdown).toContain("| echo-then-fix | lapp edit | 1 | 1 | 0 | 0 | 0 | 0 |");
    expect(markdown).toContain("| native-echo | native edit (str_replace) | 0 | 0 | 0 | 0 | 1 | 0 |");
  });
});

describe("classes without a model", () => {
  const original = ["a", "b", "c"];
  const reference = ["a", "B", "c"];
  test("a warned call other than meant, and a refusal that changed the file", () => {
    const outcomes = classifyEditCalls(
      [
        {
          name: "lapp_edit",
          isError: false,
          text: "edited\nwarning: x",
          before: original,
          after: ["a", "B", "B", "c"],
        },
        { name: "lapp_edit", isError: true, text: "error", before: original, after: ["a", "c"] },
        { name: "lapp_read", isError: false, text: "" },
      ],
      original,
      reference,
    );
    expect(outcomes).toEqual(["warned", "refused-but-changed"]);
  });
  test("a refusal the run never recovers from needs a read", () => {
    const outcomes = classifyEditCalls(
      [{ name: "str_replace", isError: true, text: "Error", before: original, after: original }],
      original,
      reference,
    );
    expect(outcomes).toEqual(["refused-needs-read"]);
  });
});
