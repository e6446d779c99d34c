// The compiled server runs with the heap setting (src/server/heap-setting.ts): it replaced itself by execve, so the
// process the client started (same id, same pipes) answers with the variable in its environment; a value the user
// set is kept as it is. Linux only: /proc tells a process's environment.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { HEAP_RAM_BYTES, HEAP_RAM_VARIABLE } from "../../src/server/heap-setting.ts";
import { LAPP_BINARY, makeTempRoot, serverEnv } from "../support/lapp-session.ts";

const onLinux = process.platform === "linux";

/** Starts the binary, lists its tools, and returns the environment of the process that answered. */
async function environmentOfServer(extraEnv: Record<string, string>): Promise<Map<string, string>> {
  const root = makeTempRoot("lapp-heap-");
  const transport = new StdioClientTransport({
    command: LAPP_BINARY,
    args: ["--root", root],
    cwd: root,
    stderr: "pipe",
    env: serverEnv({ HOME: root, ...extraEnv }),
  });
  const client = new Client({ name: "lapp-tests", version: "1.0.0" });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("lapp_grep");
    const environment = readFileSync(`/proc/${transport.pid}/environ`, "utf8").split("\0");
    return new Map(
      environment.map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
  } finally {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  }
}

const heapVariableOfServer = async (extraEnv: Record<string, string>) =>
  (await environmentOfServer(extraEnv)).get(HEAP_RAM_VARIABLE);

test.skipIf(!onLinux)("the server the client started answers with the heap setting in effect", async () => {
  expect(await heapVariableOfServer({})).toBe(String(HEAP_RAM_BYTES));
});

test.skipIf(!onLinux)("a value the user set is kept (0: the runtime's own sizing)", async () => {
  expect(await heapVariableOfServer({ [HEAP_RAM_VARIABLE]: "0" })).toBe("0");
  expect(await heapVariableOfServer({ [HEAP_RAM_VARIABLE]: "268435456" })).toBe("268435456");
  // Another runtime setting (a heap's growth, README: Flags) reaches the relaunched server with the heap setting.
  const growth = await environmentOfServer({ BUN_JSC_smallHeapGrowthFactor: "1.5" });
  expect(growth.get("BUN_JSC_smallHeapGrowthFactor")).toBe("1.5");
  expect(growth.get(HEAP_RAM_VARIABLE)).toBe(String(HEAP_RAM_BYTES));
});
