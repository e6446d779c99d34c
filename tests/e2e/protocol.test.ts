// JSON-RPC exactly, against the compiled binary over raw stdio: every malformed line gets the error JSON-RPC and
// MCP 2025-11-25 prescribe (-32700, -32600, -32602, -32601), with the right id, and the session goes on after each.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_MESSAGE_BYTES } from "../../src/limits.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { startRaw, type RawSession } from "../support/raw-session.ts";

let root: string;
let lapp: RawSession;

beforeAll(async () => {
  root = makeTempRoot("lapp-protocol-");
  writeFileSync(join(root, "a.txt"), "one\ntwo\n");
  lapp = await startRaw(root);
});

afterAll(async () => {
  expect(await lapp.close()).toBe(0);
  rmSync(root, { recursive: true, force: true });
});

/** Sends one raw line, then a ping: returns what came before the ping's answer (which proves the session lives). */
async function answersTo(line: string | Uint8Array): Promise<ReturnType<RawSession["pingAfter"]>> {
  await lapp.write(typeof line === "string" ? `${line}\n` : line);
  return lapp.pingAfter();
}

const cases: [name: string, line: string, code: number, id: string | number | null][] = [
  ["unparsable JSON", "{bad", -32700, null],
  ["a truncated message", '{"jsonrpc":"2.0","id":3,"method":"pi', -32700, null],
  ["a BOM-prefixed line", '\uFEFF{"jsonrpc":"2.0","id":4,"method":"ping"}', -32700, null],
  ["a batch", '[{"jsonrpc":"2.0","id":5,"method":"ping"}]', -32600, null],
  ["an empty batch", "[]", -32600, null],
  ["a bare string", '"hello"', -32600, null],
  ["a bare number", "42", -32600, null],
  ["null", "null", -32600, null],
  ['"jsonrpc":"1.0"', '{"jsonrpc":"1.0","id":6,"method":"ping"}', -32600, 6],
  ["no jsonrpc member", '{"id":7,"method":"ping"}', -32600, 7],
  ["an object id", '{"jsonrpc":"2.0","id":{},"method":"ping"}', -32600, null],
  ["a boolean id", '{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600, null],
  ["a fractional id", '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', -32600, null],
  ["a null id", '{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600, null],
  ["a numeric method", '{"jsonrpc":"2.0","id":8,"method":5}', -32600, 8],
  ["neither request nor response", '{"jsonrpc":"2.0","id":9}', -32600, 9],
  ["tools/call without params", '{"jsonrpc":"2.0","id":10,"method":"tools/call"}', -32602, 10],
  ["tools/call with list params", '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":[]}', -32602, 11],
  [
    "tools/call with a numeric name",
    '{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":5}}',
    -32602,
    12,
  ],
  [
    "tools/call with list arguments",
    '{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"lapp_read","arguments":[]}}',
    -32602,
    13,
  ],
  [
    "an unknown tool",
    '{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"rm_rf"}}',
    -32602,
    14,
  ],
  ["initialize without params", '{"jsonrpc":"2.0","id":15,"method":"initialize"}', -32602, 15],
  ["an unknown method", '{"jsonrpc":"2.0","id":"m","method":"resources/frobnicate"}', -32601, "m"],
];

describe("every malformed line is answered and the session goes on", () => {
  for (const [name, line, code, id] of cases) {
    test(`${name} → ${code}`, async () => {
      const before = await answersTo(line);
      expect(before).toHaveLength(1);
      const [reply] = before;
      expect(reply!.jsonrpc).toBe("2.0");
      expect(reply!.error?.code).toBe(code);
      expect(reply!.id).toBe(id);
      // The message is a sentence, never a validator dump.
      expect(reply!.error?.message).not.toContain('"code"');
      expect(reply!.error?.message).not.toContain("invalid_type");
    });
  }

  test("an unknown tool lists the tools that exist", async () => {
    const [reply] = await answersTo(
      '{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"nope"}}',
    );
    expect(reply!.error?.message).toContain('Unknown tool "nope"');
    expect((reply!.error?.data as { available: string[] }).available).toContain("lapp_read");
  });

  test("a numeric id JSON cannot hold exactly is named for what it is, never as null", async () => {
    const said = async (id: string) => {
      const [reply] = await answersTo(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expect(reply!.error?.code).toBe(-32600);
      expect(reply!.id).toBe(null);
      return reply!.error!.message;
    };
    const infinite = await said("1e400");
    expect(infinite).not.toContain("got null");
    expect(infinite).toContain("infinity");
    expect(await said("9007199254740993")).toContain("an integer too large to be held exactly");
    expect(await said("1.5")).toContain("got 1.5, a number with a fraction");
  });

  test("blank lines and malformed notifications get no answer", async () => {
    expect(await answersTo("")).toEqual([]);
    expect(await answersTo("   \r")).toEqual([]);
    expect(await answersTo('{"jsonrpc":"2.0","method":"notifications/whatever","params":5}')).toEqual([]);
    expect(await answersTo('{"jsonrpc":"2.0","id":99,"result":"not an object"}')).toEqual([]);
  });

  test("a CRLF-terminated request is answered", async () => {
    await lapp.write('{"jsonrpc":"2.0","id":"crlf","method":"ping"}\r\n');
    expect(await lapp.until("crlf")).toEqual([{ jsonrpc: "2.0", id: "crlf", result: {} }]);
  });

  test('"arguments": null means no arguments, and null optional fields mean absent', async () => {
    await lapp.send({
      jsonrpc: "2.0",
      id: 30,
      method: "tools/call",
      params: { name: "lapp_read", arguments: null },
    });
    const [missing] = await lapp.until(30);
    const missingText = (missing!.result!.content as { text: string }[])[0]!.text;
    expect(missingText).toStartWith("error INVALID_ARGUMENTS: lapp_read: path: is required (string)");

    await lapp.send({
      jsonrpc: "2.0",
      id: 31,
      method: "tools/call",
      params: { name: "lapp_read", arguments: { path: "a.txt", offset: null, limit: null } },
    });
    const [read] = await lapp.until(31);
    expect(read!.result!.isError).toBeUndefined();
    expect((read!.result!.content as { text: string }[])[0]!.text).toContain(":two");
  });
});

describe("a line over the message limit", () => {
  test("is answered with -32600 naming its id and skipped; nothing is written; the session goes on", async () => {
    const envelope = (content: string) =>
      `{"method":"tools/call","params":{"name":"lapp_write","arguments":{"path":"big.txt","content":"${content}"}},"jsonrpc":"2.0","id":41}\n`;
    const filler = "x".repeat(MAX_MESSAGE_BYTES);
    const before = await answersTo(envelope(filler));
    expect(before).toHaveLength(1);
    expect(before[0]!.id).toBe(41);
    expect(before[0]!.error?.code).toBe(-32600);
    expect(before[0]!.error?.data).toEqual({ size: envelope(filler).length - 1, limit: MAX_MESSAGE_BYTES });
    expect(existsSync(join(root, "big.txt"))).toBe(false);
  });

  test("without a recognizable id, it is answered with id null", async () => {
    const before = await answersTo(`[${"1,".repeat(MAX_MESSAGE_BYTES / 2)}1]\n`);
    expect(before.map((reply) => [reply.id, reply.error?.code])).toEqual([[null, -32600]]);
  });

  test("a line just under the limit is read as usual", async () => {
    const content = "y".repeat(1024 * 1024);
    await lapp.send({
      jsonrpc: "2.0",
      id: 42,
      method: "tools/call",
      params: { name: "lapp_write", arguments: { path: "mid.txt", content } },
    });
    const [reply] = await lapp.until(42);
    expect(reply!.result!.isError).toBeUndefined();
    expect(Bun.file(join(root, "mid.txt")).size).toBe(content.length);
  });
});

test("a message that ends without a newline is still answered when stdin closes", async () => {
  const session = await startRaw(root);
  await session.write('{"jsonrpc":"2.0","id":"last","method":"ping"}');
  session.child.stdin.end();
  expect(await session.until("last")).toEqual([{ jsonrpc: "2.0", id: "last", result: {} }]);
  expect(await session.child.exited).toBe(0);
});
