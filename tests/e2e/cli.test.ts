// The binary as a command: --version/--help without the server, exit code 2 for bad flags and roots,
// nothing but JSON-RPC on stdout, and no autoloading of a hostile bunfig.toml or .env from the working directory.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import pkg from "../../package.json";
import { LAPP_BINARY, makeTempRoot, startLapp } from "../support/lapp-session.ts";

let dir: string;
beforeAll(() => {
  dir = makeTempRoot();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[], cwd = dir) => {
  const result = Bun.spawnSync([LAPP_BINARY, ...args], {
    cwd,
    stdin: "ignore",
    env: { PATH: process.env.PATH ?? "" },
  });
  return { code: result.exitCode, stdout: result.stdout.toString(), stderr: result.stderr.toString() };
};

describe("lapp as a command", () => {
  test("--version prints the package version", () => {
    const { code, stdout } = run(["--version"]);
    expect(code).toBe(0);
    expect(stdout).toStartWith(`lapp ${pkg.version} `);
  });

  test("--help lists every flag and env var", () => {
    const { code, stdout } = run(["--help"]);
    expect(code).toBe(0);
    for (const flag of [
      "--root",
      "--limit",
      "--block",
      "--allow",
      "--only-tools",
      "--log-file",
      "--version",
      "--help",
    ]) {
      expect(stdout).toContain(flag);
    }
    for (const env of [
      "LAPP_ROOT",
      "LAPP_LIMIT",
      "LAPP_BLOCK",
      "LAPP_ALLOW",
      "LAPP_ONLY_TOOLS",
      "LAPP_LOG_FILE",
    ]) {
      expect(stdout).toContain(env);
    }
  });

  test("an unknown flag exits 2 with a message", () => {
    const { code, stderr, stdout } = run(["--frobnicate"]);
    expect(code).toBe(2);
    expect(stderr).toContain("--frobnicate");
    expect(stdout).toBe("");
  });

  test("a missing root exits 2 with a message", () => {
    const { code, stderr } = run(["--root", join(dir, "does-not-exist")]);
    expect(code).toBe(2);
    expect(stderr).toContain("does not exist");
  });

  test("a bad --limit and an unknown tool exit 2", () => {
    expect(run(["--limit", "zero"]).code).toBe(2);
    expect(run(["--only-tools", "read,teleport"]).code).toBe(2);
  });

  test("a hostile bunfig.toml and .env in the working directory have no effect", async () => {
    const marker = join(dir, "preload-ran");
    writeFileSync(
      join(dir, "evil.ts"),
      `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "pwned");`,
    );
    writeFileSync(join(dir, "bunfig.toml"), `preload = ["./evil.ts"]\n[run]\npreload = ["./evil.ts"]\n`);
    writeFileSync(join(dir, ".env"), "LAPP_ROOT=/\nLAPP_ONLY_TOOLS=lapp_write\nLAPP_LIMIT=1\n");
    expect(run(["--version"]).code).toBe(0);
    const lapp = await startLapp({ root: dir, cwd: dir });
    try {
      const { tools } = await lapp.client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("lapp_read");
      writeFileSync(join(dir, "two.txt"), "a\nb\n");
      const read = await lapp.call("lapp_read", { path: "two.txt" });
      expect(read.text.split("\n")).toHaveLength(2);
    } finally {
      await lapp.close();
    }
    expect(existsSync(marker)).toBe(false);
  });

  test("--only-tools limits the tool list", async () => {
    const lapp = await startLapp({ args: ["--only-tools", "read,lapp_edit"] });
    try {
      const { tools } = await lapp.client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(["lapp_edit", "lapp_read"]);
    } finally {
      await lapp.close();
    }
  });

  test("--log-file receives one line per tool call", async () => {
    const logFile = join(dir, "calls.log");
    const lapp = await startLapp({ args: ["--log-file", logFile] });
    try {
      await lapp.call("lapp_read", { path: "missing.txt" });
    } finally {
      await lapp.close();
    }
    expect(Bun.file(logFile).size).toBeGreaterThan(0);
    // The call's line; the walk before the first search (search/warm-walk.ts) writes one of its own.
    const lines = (await Bun.file(logFile).text()).split("\n").filter((line) => line.includes("lapp_read"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/lapp_read missing\.txt NOT_FOUND \d+\.\dms$/);
  });
});

describe("stdout carries only JSON-RPC", () => {
  test("every line the server prints is a JSON-RPC 2.0 message", async () => {
    writeFileSync(join(dir, "rpc.txt"), "one\ntwo\n");
    const child = Bun.spawn([LAPP_BINARY, "--root", dir], { stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
    });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    send({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "lapp_read", arguments: { path: "rpc.txt" } },
    });
    send({
      jsonrpc: "2.0",
      id: 4,
      method: "tools/call",
      params: { name: "lapp_read", arguments: { path: "../x" } },
    });
    send({
      jsonrpc: "2.0",
      id: 5,
      method: "tools/call",
      params: { name: "lapp_edit", arguments: { path: 3 } },
    });
    await child.stdin.end();
    const stdout = await new Response(child.stdout).text();
    expect(await child.exited).toBe(0);
    const lines = stdout.split("\n").filter((line) => line !== "");
    expect(lines.length).toBe(5);
    for (const line of lines) {
      const message = JSON.parse(line);
      expect(message.jsonrpc).toBe("2.0");
      expect(typeof message.id).toBe("number");
    }
  });
});
