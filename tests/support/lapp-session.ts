// Test support: spawns the compiled dist/lapp on a temp root and speaks MCP to it with the SDK's client.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The binary `npm run build` makes (Bun names it `lapp.exe` on Windows). */
export const LAPP_BINARY = resolve(
  import.meta.dir,
  process.platform === "win32" ? "../../dist/lapp.exe" : "../../dist/lapp",
);

export interface LappSession {
  client: Client;
  root: string;
  stderr: () => string;
  /** Calls a tool and returns its text (all text blocks joined) and error flag. */
  call(
    name: string,
    args: Record<string, unknown>,
  ): Promise<{ text: string; isError: boolean; result: CallToolResult }>;
  close(): Promise<void>;
}

/**
 * The switches that pick lapp's code paths (`LAPP_NO_NATIVE_FS`, `LAPP_NO_NATIVE_SEARCH`): set for the test run,
 * they reach every server the tests start, so the whole suite can run on the fallback paths (.ci/run does).
 */
export function passedThroughEnv(): Record<string, string> {
  const passed: Record<string, string> = {};
  for (const name of ["LAPP_NO_NATIVE_FS", "LAPP_NO_NATIVE_SEARCH"]) {
    const value = process.env[name];
    if (value !== undefined) passed[name] = value;
  }
  return passed;
}

/** The environment of a server a test starts: a clean one plus the code-path switches (passedThroughEnv). */
export function serverEnv(extra: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", ...passedThroughEnv(), ...extra };
}

export function makeTempRoot(prefix = "lapp-test-"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

export async function startLapp(
  options: {
    root?: string;
    args?: string[];
    cwd?: string;
    wrapper?: string[];
    /** Extra environment variables for the server. */
    env?: Record<string, string>;
  } = {},
): Promise<LappSession> {
  const ownsRoot = options.root === undefined;
  const root = options.root ?? makeTempRoot();
  // `wrapper` runs the binary through another command (e.g. setpriv to run it as another user).
  const [command, ...prefix] = [...(options.wrapper ?? []), LAPP_BINARY];
  const transport = new StdioClientTransport({
    command: command!,
    args: [...prefix, "--root", root, ...(options.args ?? [])],
    cwd: options.cwd ?? root,
    stderr: "pipe",
    env: serverEnv({ HOME: process.env.HOME ?? root, ...options.env }),
  });
  let stderrText = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderrText += chunk.toString()));
  const client = new Client({ name: "lapp-tests", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    root,
    stderr: () => stderrText,
    call: (name, args) => callForText(client, name, args),
    async close() {
      await client.close();
      if (ownsRoot) rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Calls a tool and returns its text blocks joined, its error flag and the raw result. */
export async function callForText(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content
    .filter((block) => block.type === "text")
    .map((block) => (block as { text: string }).text)
    .join("\n");
  return { text, isError: result.isError === true, result };
}

/** The error code of an error result text (`error CODE: …`). */
export function errorCode(text: string): string | undefined {
  return /^error ([A-Z_]+):/.exec(text)?.[1];
}

/** Refs of every row `N#ID:text` in a text, by line number. */
export function refsByLine(text: string): Map<number, string> {
  const refs = new Map<number, string>();
  for (const match of text.matchAll(/^(?:>>> |\s*)?(\d+)#([A-Z]{2})[:-]/gm))
    refs.set(Number(match[1]), `${match[1]}#${match[2]}`);
  return refs;
}
