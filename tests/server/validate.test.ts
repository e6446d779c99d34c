// The validation chokepoint in a model's words: no validator internals in INVALID_ARGUMENTS, `null` for an optional
// field read as absent at every depth, and tool schemas that say optional fields may be null.
import { expect, test } from "bun:test";
import { TOOL_NAMES } from "../../src/config.ts";
import { describeTools } from "../../src/server/tool-list.ts";
import { validateArguments } from "../../src/server/validate.ts";
import { selectTools } from "../../src/tools/registry.ts";

const tools = new Map(selectTools([...TOOL_NAMES]).map((tool) => [tool.name as string, tool]));

function check(name: string, args: unknown) {
  return validateArguments(tools.get(name)!, args);
}

function message(name: string, args: unknown): string {
  const result = check(name, args);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(args)}`);
  expect(result.error.code).toBe("INVALID_ARGUMENTS");
  return result.error.render();
}

test("null for every optional field is absent, in edits too", () => {
  expect(check("lapp_read", { path: "a", offset: null, limit: null })).toEqual({
    ok: true,
    value: { path: "a" },
  });
  const grep = check("lapp_grep", {
    pattern: "x",
    literal: null,
    format: null,
    path: null,
    context: null,
    glob: null,
    ignore_case: null,
    max_results: null,
  });
  expect(grep).toEqual({ ok: true, value: { pattern: "x" } });
  const edit = check("lapp_edit", {
    path: "a",
    edits: [{ type: "delete", anchor: "1#AB", start: null, end: null, content: null }],
    dry_run: null,
  });
  expect(edit).toEqual({ ok: true, value: { path: "a", edits: [{ type: "delete", anchor: "1#AB" }] } });
  expect(
    check("lapp_find_block", { path: "a", anchor: null, pattern: "f", literal: null, occurrence: null }),
  ).toEqual({
    ok: true,
    value: { path: "a", pattern: "f" },
  });
});

test("null for a required field is still an error", () => {
  expect(message("lapp_read", { path: null })).toContain("path: must be string, got null");
});

test("messages say what is expected in words, never validator internals", () => {
  const grep = message("lapp_grep", { pattern: "x", format: "html", glob: 5 });
  expect(grep).toContain('format: must be "text" | "structured", got "html"');
  expect(grep).toContain("glob: must be string or list of strings, got 5");
  expect(message("lapp_read", {})).toStartWith(
    "error INVALID_ARGUMENTS: lapp_read: path: is required (string)",
  );
  expect(message("lapp_read", { path: "a", offset: 0 })).toContain("offset: must be ≥ 1, got 0");
  expect(message("lapp_read", { path: "a", limit: 2.5 })).toContain("limit: must be a whole number, got 2.5");
  expect(message("lapp_read", { path: "" })).toContain("path: must not be empty");
  expect(message("lapp_edit", { path: "a", edits: [] })).toContain("edits: must have at least 1 item");
  expect(message("lapp_edit", { path: "a", edits: [{ type: "replace", new_content: "x" }] })).toContain(
    "edits[0].new_content: is not a known field (known: type, anchor, start, end, content)",
  );
  expect(message("lapp_read", "a.txt")).toContain("arguments must be an object");
  for (const [name, args] of [
    ["lapp_grep", { pattern: "x", format: 1, glob: {}, context: 99 }],
    ["lapp_edit", { path: 1, edits: [{ type: "nope" }] }],
    ["lapp_read", { offset: "x" }],
  ] as const) {
    const text = message(name, args);
    expect(text).not.toMatch(/picklist|union|optional\)|safe_integer|strict_object|Invalid type/);
  }
});

test("the expected-arguments line describes each field", () => {
  expect(message("lapp_read", {})).toContain(
    'Expected arguments: {"path":"string","offset":"whole number ≥ 1, optional","limit":"whole number ≥ 1, optional","outline":"true or false, optional"}',
  );
});

test("tool schemas keep plain types for optional fields (clients convert values by type)", () => {
  const listed = describeTools([...tools.values()]);
  const grep = listed.find((tool) => tool.name === "lapp_grep")!.inputSchema as any;
  expect(grep.properties.context.type).toBe("integer");
  expect(grep.properties.format.enum).toEqual(["text", "structured"]);
});

test("the one leniency: JSON in a string where a list or object is expected, digits where a whole number is", () => {
  const edits = [{ type: "replace", anchor: "1#AB", content: "x" }];
  // Codex passes what the model wrote: the list as a JSON string, numbers as strings.
  expect(check("lapp_edit", { path: "a", edits: JSON.stringify(edits) })).toEqual({
    ok: true,
    value: { path: "a", edits },
  });
  expect(check("lapp_edit", { path: "a", edits: [JSON.stringify(edits[0])] })).toEqual({
    ok: true,
    value: { path: "a", edits },
  });
  expect(check("lapp_read", { path: "a", offset: "3", limit: "20" })).toEqual({
    ok: true,
    value: { path: "a", offset: 3, limit: 20 },
  });
  expect(check("lapp_grep", { pattern: "x", context: "0", max_results: "5" })).toEqual({
    ok: true,
    value: { pattern: "x", context: 0, max_results: 5 },
  });
  // Nulls inside the JSON still mean absent; the value is then checked as if sent typed.
  expect(
    check("lapp_edit", { path: "a", edits: '[{"type":"delete","anchor":"2#KT","content":null}]' }),
  ).toEqual({
    ok: true,
    value: { path: "a", edits: [{ type: "delete", anchor: "2#KT" }] },
  });
  expect(message("lapp_read", { path: "a", offset: "0" })).toContain("offset: must be ≥ 1, got 0");
});

test("anything else stays refused: strings that are no JSON of the right kind, other numbers, other types", () => {
  expect(message("lapp_edit", { path: "a", edits: "[{type: replace}]" })).toContain(
    'edits: must be list of objects with type, anchor, start, end, content, got "[{type: replace}]"',
  );
  expect(message("lapp_edit", { path: "a", edits: '{"type":"delete","anchor":"1#AB"}' })).toContain(
    "edits: must be list of objects",
  );
  for (const offset of ["3.0", "3.5", " 3", "3 ", "three", "1e3", "0x10", ""])
    expect(message("lapp_read", { path: "a", offset })).toContain("offset: must be whole number ≥ 1, got");
  expect(message("lapp_read", { path: "a", outline: "true" })).toContain("outline: must be true or false");
  expect(message("lapp_read", { path: 5 })).toContain("path: must be string, got 5");
  // A string where a string is expected is never parsed: content that happens to be JSON stays text.
  expect(check("lapp_write", { path: "a.json", content: "[1, 2]" })).toEqual({
    ok: true,
    value: { path: "a.json", content: "[1, 2]" },
  });
  expect(check("lapp_grep", { pattern: "x", glob: '["*.ts"]' })).toEqual({
    ok: true,
    value: { pattern: "x", glob: '["*.ts"]' },
  });
});
