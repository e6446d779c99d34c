// The default output budget follows the client named at initialize: 20,000 estimated tokens for Claude Code, 10,000
// for Codex (which keeps 10,000 tokens counted as UTF-8 bytes / 4) and for clients lapp does not know;
// --max-output-tokens overrides it for every client.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { estimateTokens } from "../../src/budget/estimate.ts";
import { budgetForClient, CLIENT_BUDGETS, UNKNOWN_CLIENT_BUDGET } from "../../src/server/client-budget.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { startRaw } from "../support/raw-session.ts";

let root: string;

beforeAll(() => {
  root = makeTempRoot("lapp-client-budget-");
  const code = Array.from(
    { length: 12_000 },
    (_, index) => `export function step${index}(input: number): number { return input * ${index} + 1; }`,
  );
  writeFileSync(join(root, "steps.ts"), `${code.join("\n")}\n`);
  // Deep indentation is cheap for tokenizers but not for a count of bytes / 4.
  const indented = Array.from({ length: 12_000 }, (_, index) => `${" ".repeat(48)}value_${index},`);
  writeFileSync(join(root, "indented.txt"), `${indented.join("\n")}\n`);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The text of a lapp_read through dist/lapp for a client named `name`, with extra server flags. */
async function readAs(client: string, args: Record<string, unknown>, flags: string[] = []): Promise<string> {
  const lapp = await startRaw(root, flags, { name: client, version: "1.0" });
  try {
    await lapp.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "lapp_read", arguments: args },
    });
    const answer = (await lapp.until(1)).at(-1)!;
    const content = (answer.result as { content: { text: string }[] }).content;
    return content.map((block) => block.text).join("\n");
  } finally {
    await lapp.close();
  }
}

const rows = { path: "steps.ts", offset: 1, limit: 12_000 };

describe("the default budget by client", () => {
  test("the table: Claude Code 20,000, Codex 10,000, anyone else 10,000 (a missing or odd clientInfo too)", () => {
    expect(budgetForClient({ name: "claude-code", version: "2.1.332" })).toBe(20_000);
    expect(budgetForClient({ name: "codex-mcp-client", version: "0.171.0" })).toBe(10_000);
    for (const other of [{ name: "cursor-vscode" }, {}, null, undefined, "claude-code", { name: 7 }])
      expect(budgetForClient(other)).toBe(UNKNOWN_CLIENT_BUDGET);
    expect(CLIENT_BUDGETS.map((client) => client.clientName)).toEqual(["claude-code", "codex-mcp-client"]);
  });

  test("Claude Code gets pages up to 20,000 estimated tokens", async () => {
    const text = await readAs("claude-code", rows);
    expect(estimateTokens(text)).toBeLessThanOrEqual(20_000);
    expect(estimateTokens(text)).toBeGreaterThan(18_000);
    expect(text).toMatch(/continue with offset=\d+\]$/);
  });

  test("Codex gets pages up to 10,000, and at most 40,000 UTF-8 bytes even on deeply indented text", async () => {
    for (const args of [rows, { path: "indented.txt", offset: 1, limit: 12_000 }, { path: "steps.ts" }]) {
      const text = await readAs("codex-mcp-client", args);
      expect(estimateTokens(text)).toBeLessThanOrEqual(10_000);
      expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(40_000);
      expect(estimateTokens(text)).toBeGreaterThan(8_000);
    }
  });

  test("an unknown client gets 10,000", async () => {
    const text = await readAs("some-editor", rows);
    expect(estimateTokens(text)).toBeLessThanOrEqual(10_000);
    expect(estimateTokens(text)).toBeGreaterThan(8_000);
  });

  test("--max-output-tokens overrides the client's default, both ways (its variable too: tests/config.test.ts)", async () => {
    const small = await readAs("claude-code", rows, ["--max-output-tokens", "4000"]);
    expect(estimateTokens(small)).toBeLessThanOrEqual(4_000);
    expect(estimateTokens(small)).toBeGreaterThan(3_000);
    const large = await readAs("codex-mcp-client", rows, ["--max-output-tokens=30000"]);
    expect(estimateTokens(large)).toBeGreaterThan(25_000);
  });
});
