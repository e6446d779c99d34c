// Test support: lapp's server built in-process by createLappServer and reached over the SDK's InMemoryTransport —
// the same tools, session and protocol as dist/lapp, without a process per test (fast property tests).
import { rmSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { DEFAULT_BLOCK_PATTERNS, TOOL_NAMES, type Config } from "../../src/config.ts";
import { DEFAULT_MAX_OUTPUT_TOKENS } from "../../src/budget/budget.ts";
import { DEFAULT_READ_LIMIT } from "../../src/limits.ts";
import { createLappServer } from "../../src/server/create.ts";
import { callForText, makeTempRoot, type LappSession } from "./lapp-session.ts";

export async function startInProcess(
  options: { root?: string; config?: Partial<Config> } = {},
): Promise<LappSession> {
  const ownsRoot = options.root === undefined;
  const root = options.root ?? makeTempRoot("lapp-inproc-");
  const config: Config = {
    root,
    limit: DEFAULT_READ_LIMIT,
    maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
    block: [...DEFAULT_BLOCK_PATTERNS],
    allow: [],
    onlyTools: [...TOOL_NAMES],
    logFile: undefined,
    // A test that names a budget gets it; otherwise the budget follows the client, as in dist/lapp.
    maxOutputTokensGiven: options.config?.maxOutputTokens !== undefined,
    ...options.config,
  };
  const { server } = createLappServer(config, () => {});
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "lapp-tests-inproc", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    client,
    root,
    stderr: () => "",
    call: (name, args) => callForText(client, name, args),
    async close() {
      await client.close();
      await server.close();
      if (ownsRoot) rmSync(root, { recursive: true, force: true });
    },
  };
}
