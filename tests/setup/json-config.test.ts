// Splicing lapp's entry into JSON configurations: layout kept, other content byte-identical, idempotent.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { upsertJsonServer } from "../../src/setup/json-config.ts";

import { merging } from "../support/setup-calls.ts";

const ENTRY = { type: "stdio", command: "lapp", args: ["--root", "/work/p"] };

function upsert(text: string, entry: Record<string, string | string[]> = ENTRY) {
  const result = upsertJsonServer(text, "lapp", merging(entry), "config.json");
  if (!result.ok) throw new Error(`${result.problem.code}: ${result.problem.message}`);
  return result.value;
}

describe("upsertJsonServer", () => {
  test("an empty or missing file becomes a two-space config holding only lapp", () => {
    for (const text of ["", "  \n"]) {
      const change = upsert(text);
      expect(change.changed).toBe(true);
      expect(change.previous).toBeUndefined();
      expect(change.text).toBe(`${JSON.stringify({ mcpServers: { lapp: ENTRY } }, null, 2)}\n`);
    }
  });

  test("adds lapp after the other servers, keeping every other byte", () => {
    const text =
      '{\n  "numStartups": 12,\n  "mcpServers": {\n    "other": { "command": "x" }\n  },\n  "tail": true\n}\n';
    const change = upsert(text);
    expect(change.text).toBe(
      '{\n  "numStartups": 12,\n  "mcpServers": {\n    "other": { "command": "x" },\n    "lapp": {\n' +
        '      "type": "stdio",\n      "command": "lapp",\n      "args": [\n        "--root",\n        "/work/p"\n' +
        '      ]\n    }\n  },\n  "tail": true\n}\n',
    );
  });

  test("adds mcpServers when there is none", () => {
    const change = upsert('{\n    "theme": "dark"\n}');
    expect(change.text).toStartWith('{\n    "theme": "dark",\n    "mcpServers": {\n        "lapp": {\n');
    expect(change.text.endsWith("}")).toBe(true); // no final newline before, none after
    expect(JSON.parse(change.text)).toEqual({ theme: "dark", mcpServers: { lapp: ENTRY } });
  });

  test("fills an empty mcpServers object", () => {
    const change = upsert('{\n  "mcpServers": {}\n}\n');
    expect(change.text).toBe(`${JSON.stringify({ mcpServers: { lapp: ENTRY } }, null, 2)}\n`);
  });

  test("updates lapp's own keys and keeps the others (env, timeouts)", () => {
    const text = JSON.stringify(
      { mcpServers: { lapp: { command: "/old/lapp", env: { LAPP_LIMIT: "500" }, args: [] } } },
      null,
      2,
    );
    const change = upsert(text);
    expect(change.previous).toEqual({ command: "/old/lapp", env: { LAPP_LIMIT: "500" }, args: [] });
    expect(JSON.parse(change.text).mcpServers.lapp).toEqual({ ...ENTRY, env: { LAPP_LIMIT: "500" } });
  });

  test("an entry that is already right changes nothing, whatever the layout", () => {
    const text =
      '{"mcpServers":{"lapp":{"args":["--root","/work/p"],"command":"lapp","type":"stdio","env":{}}}}';
    const change = upsert(text);
    expect(change.changed).toBe(false);
    expect(change.text).toBe(text);
  });

  test("keeps numbers a double cannot hold, tabs, CRLF and compact JSON as they are", () => {
    const tabs = '{\r\n\t"id": 12345678901234567890,\r\n\t"mcpServers": {\r\n\t}\r\n}\r\n';
    const tabbed = upsert(tabs).text;
    expect(tabbed).toStartWith(
      '{\r\n\t"id": 12345678901234567890,\r\n\t"mcpServers": {\r\n\t\t"lapp": {\r\n\t\t\t"type"',
    );
    expect(tabbed).not.toMatch(/[^\r]\n/);
    const compact = upsert('{"id":12345678901234567890}').text;
    expect(compact).toBe(`{"id":12345678901234567890,"mcpServers":{"lapp":${JSON.stringify(ENTRY)}}}`);
  });

  test("with duplicate keys, edits the one JSON.parse keeps (the last)", () => {
    const text = '{"mcpServers":{"lapp":{"command":"a"}},"mcpServers":{"lapp":{"command":"b"}}}';
    const change = upsert(text);
    expect(change.previous).toEqual({ command: "b" });
    expect(change.text.startsWith('{"mcpServers":{"lapp":{"command":"a"}},')).toBe(true);
  });

  test("strings holding braces and escaped quotes do not confuse the splice", () => {
    const text = '{"a":"}{\\"mcpServers\\":[","mcpServers":{"x":{"command":"\\\\\\"}"}}}';
    const change = upsert(text);
    expect(JSON.parse(change.text)).toEqual({
      a: '}{"mcpServers":[',
      mcpServers: { x: { command: '\\"}' }, lapp: ENTRY },
    });
  });

  test.each([
    ["{ not json", "CONFIG_INVALID"],
    ['{"a": 1,}', "CONFIG_INVALID"],
    ["[1, 2]", "CONFIG_SHAPE"],
    ['"text"', "CONFIG_SHAPE"],
    ['{"mcpServers": []}', "CONFIG_SHAPE"],
    ['{"mcpServers": "none"}', "CONFIG_SHAPE"],
  ])("%s is refused with %s", (text, code) => {
    const result = upsertJsonServer(text, "lapp", merging(ENTRY), "config.json");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.code).toBe(code as never);
      expect(result.problem.message).toContain("config.json");
    }
  });
});

test("property: any JSON object in any layout gets exactly the entry, other content unchanged, then is stable", () => {
  const key = fc.string({ maxLength: 6 });
  const rest = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 });
  const servers = fc.option(fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), {
    nil: undefined,
  });
  const layout = fc.constantFrom<string | number>(0, 2, 4, "\t");
  fc.assert(
    fc.property(rest, servers, layout, fc.boolean(), (others, mcpServers, indent, crlf) => {
      const generated: Record<string, unknown> = { ...others };
      if (mcpServers !== undefined) generated.mcpServers = mcpServers;
      let text = JSON.stringify(generated, null, indent);
      if (crlf) text = text.replaceAll("\n", "\r\n");
      const doc = JSON.parse(text); // what the file means (-0 is written as 0, and so on)
      const first = upsertJsonServer(text, "lapp", merging(ENTRY), "c.json");
      if (!first.ok) throw new Error(first.problem.message);
      const previous = doc.mcpServers?.lapp;
      const merged =
        typeof previous === "object" && previous !== null && !Array.isArray(previous)
          ? { ...previous, ...ENTRY }
          : ENTRY;
      expect(JSON.parse(first.value.text)).toEqual({
        ...doc,
        mcpServers: { ...doc.mcpServers, lapp: merged },
      });
      const second = upsertJsonServer(first.value.text, "lapp", merging(ENTRY), "c.json");
      expect(second.ok && second.value.changed).toBe(false);
    }),
    { numRuns: 300 },
  );
});
