// The block list over MCP: every default pattern through every tool that takes a path (the tools come from
// tools/list), searches and listings never name or show a blocked file, links to blocked files are blocked too,
// and --allow unblocks exactly what it names.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { DEFAULT_PATTERN_CASES } from "../support/blocked-cases.ts";
import { errorCode, makeTempRoot, startLapp, type LappSession } from "../support/lapp-session.ts";
import { argumentsFor, pathTools } from "../support/tool-calls.ts";

const LEAK = "LEAKED-SECRET";
let root: string;
let lapp: LappSession;
let tools: Tool[];
let allTools: Tool[];

/** Every blocked case path, each holding a line with the leak marker and its own name. */
const blockedPaths = Object.values(DEFAULT_PATTERN_CASES)
  .flatMap((cases) => cases.blocked)
  // On a case-insensitive filesystem `.ENV` and `.env` are one file; keep the lowercase spelling then.
  .filter(
    (path, index, all) => all.findIndex((other) => other.toLowerCase() === path.toLowerCase()) === index,
  );

function put(relative: string, content: string) {
  mkdirSync(dirname(join(root, relative)), { recursive: true });
  writeFileSync(join(root, relative), content);
}

beforeAll(async () => {
  root = makeTempRoot("lapp-blocked-");
  for (const path of blockedPaths) put(path, `${LEAK} in ${path}\nfunction f() {\n}\n`);
  put("src/app.ts", "export const ok = 1;\n");
  symlinkSync(".env", join(root, "innocent-name"));
  symlinkSync("config", join(root, "config-link"));
  mkdirSync(join(root, "config"), { recursive: true });
  put("config/app.json", "{}\n");
  put("config/secrets.json", `${LEAK} nested\n`);
  lapp = await startLapp({ root });
  allTools = (await lapp.client.listTools()).tools;
  tools = pathTools(allTools);
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

describe("every default pattern through every tool", () => {
  for (const pattern of DEFAULT_BLOCK_PATTERNS) {
    test(pattern, async () => {
      for (const path of DEFAULT_PATTERN_CASES[pattern].blocked.filter((p) => blockedPaths.includes(p))) {
        const before = readFileSync(join(root, path));
        for (const tool of tools) {
          const result = await lapp.call(tool.name, argumentsFor(tool, path));
          expect({ tool: tool.name, path, code: errorCode(result.text) }).toEqual({
            tool: tool.name,
            path,
            code: "PATH_BLOCKED",
          });
          expect(result.text).not.toContain(LEAK);
        }
        expect(readFileSync(join(root, path))).toEqual(before);
      }
    });
  }

  test("creating a new file under a blocked name is refused", async () => {
    for (const path of ["new/.env", ".env.staging", "keys/new.pem", "secrets.toml", "x/.aws/credentials"]) {
      const result = await lapp.call("lapp_write", { path, content: "A=1\n" });
      expect({ path, code: errorCode(result.text) }).toEqual({ path, code: "PATH_BLOCKED" });
      expect(existsSync(join(root, path))).toBe(false);
    }
  });

  test("an innocent name that is a symlink to a blocked file is blocked, and so is a blocked file via a linked dir", async () => {
    for (const tool of tools) {
      for (const path of ["innocent-name", "config-link/secrets.json"]) {
        const result = await lapp.call(tool.name, argumentsFor(tool, path));
        expect({ tool: tool.name, path, code: errorCode(result.text) }).toEqual({
          tool: tool.name,
          path,
          code: "PATH_BLOCKED",
        });
      }
    }
  });
});

describe("searches and listings never show a blocked file", () => {
  test("reading directories lists no blocked entry", async () => {
    for (const directory of [".", "config", "app", ".aws", "certs"]) {
      if (!existsSync(join(root, directory))) continue;
      const result = await lapp.call("lapp_read", { path: directory });
      expect(errorCode(result.text)).toBe("IS_DIRECTORY");
      for (const line of result.text.split("\n").slice(1)) {
        const name = line.trim().replace(/\/$/, "");
        if (name === "" || name.startsWith("…") || name.startsWith("Read ")) continue;
        const relative = directory === "." ? name : `${directory}/${name}`;
        expect({ relative, listed: blockedPaths.includes(relative) }).toEqual({ relative, listed: false });
      }
    }
  });

  test("a search of the whole root finds no blocked file, in text or structured form", async () => {
    if (!allTools.some((tool) => tool.name === "lapp_grep")) return; // covered once grep is listed
    for (const format of ["text", "structured"]) {
      for (const args of [
        { pattern: LEAK },
        { pattern: "function f", path: "." },
        { pattern: "LEAKED", literal: true, glob: "**" },
      ]) {
        const result = await lapp.call("lapp_grep", { ...args, format });
        expect(result.isError).toBe(false);
        expect(result.text).not.toContain(LEAK);
        for (const path of blockedPaths) {
          const shown = format === "structured" ? `"${path}"` : `\n${path}\n`;
          expect({ path, shown: `\n${result.text}\n`.includes(shown) }).toEqual({ path, shown: false });
        }
      }
    }
  });
});

describe("--allow", () => {
  test("--allow '**/*.pem' and '**/.env.local' unblock exactly those", async () => {
    const allowed = await startLapp({ root, args: ["--allow", "**/*.pem", "--allow", "**/.env.local"] });
    try {
      for (const path of ["server.pem", "certs/ca.pem", ".env.local"]) {
        const result = await allowed.call("lapp_read", { path });
        expect({ path, error: result.isError }).toEqual({ path, error: false });
        expect(result.text).toContain(LEAK);
      }
      for (const path of [".env", ".env.production", "secrets.json", "server.key"]) {
        expect({ path, code: errorCode((await allowed.call("lapp_read", { path })).text) }).toEqual({
          path,
          code: "PATH_BLOCKED",
        });
      }
      if ((await allowed.client.listTools()).tools.some((tool) => tool.name === "lapp_grep")) {
        const found = await allowed.call("lapp_grep", { pattern: LEAK });
        expect(found.text).toContain("server.pem");
        expect(found.text).not.toContain("server.key");
      }
    } finally {
      await allowed.close();
    }
  });

  test("LAPP_ALLOW works like --allow", async () => {
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { LAPP_BINARY, serverEnv } = await import("../support/lapp-session.ts");
    const transport = new StdioClientTransport({
      command: LAPP_BINARY,
      args: ["--root", root],
      env: serverEnv({ LAPP_ALLOW: "**/*.key:**/.env" }),
      stderr: "pipe",
    });
    const client = new Client({ name: "allow-env", version: "1" });
    await client.connect(transport);
    try {
      const read = async (path: string) =>
        (await client.callTool({ name: "lapp_read", arguments: { path } })) as { isError?: boolean };
      expect((await read("server.key")).isError).toBeFalsy();
      expect((await read(".env")).isError).toBeFalsy();
      expect((await read("server.pem")).isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
