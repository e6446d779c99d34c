// Fuzzing the server over MCP: random argument shapes for every listed tool (wrong types, unknown keys, huge and
// odd strings, stale and garbage refs). The server always answers, never with INTERNAL_ERROR, and a call that
// fails never changes the file.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

const FILE = "target.js";
const ORIGINAL = "function a() {\n  return 1;\n}\n\nconst b = 2;\n";
let root: string;
let lapp: LappSession;
let toolNames: string[];

beforeAll(async () => {
  root = makeTempRoot("lapp-fuzz-");
  writeFileSync(join(root, FILE), ORIGINAL);
  lapp = await startLapp({ root });
  toolNames = (await lapp.client.listTools()).tools.map((tool) => tool.name);
});
afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

const oddString = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "\0",
    "../x",
    "/etc/passwd",
    FILE,
    `${FILE}\0`,
    "0:",
    "EOF:",
    "1#ZZ",
    "x".repeat(5000),
    "🙂",
    "\\\\?\\C:\\x",
  ),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    oddString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("type", "anchor", "start", "end", "content", "x"), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;
const editLike = fc.record(
  {
    type: fc.constantFrom("replace", "insert_after", "insert_before", "delete", "nope"),
    anchor: fc.oneof(oddString, fc.constantFrom("1#ZZ", "2#QQ", "99#KT", "0:", "EOF:")),
    start: oddString,
    end: oddString,
    content: oddString,
  },
  { requiredKeys: ["type"] },
);
const args = fc.record(
  {
    path: fc.oneof(fc.constant(FILE), oddString, fc.integer()),
    edits: fc.oneof(fc.array(editLike, { maxLength: 4 }), value),
    content: oddString,
    offset: fc.oneof(fc.integer({ min: -5, max: 10 }), value),
    limit: fc.oneof(fc.integer({ min: -5, max: 10 }), value),
    pattern: oddString,
    dry_run: value,
    extra: value,
  },
  { requiredKeys: [] },
);

test("random calls never crash the server, never INTERNAL_ERROR, and failed calls change nothing", async () => {
  let calls = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...toolNames), args, async (name, input) => {
      // Keep the file as it was before every call, so any change is this call's.
      writeFileSync(join(root, FILE), ORIGINAL);
      const result = await lapp.call(name, input as Record<string, unknown>);
      calls++;
      if (result.isError) {
        expect(errorCode(result.text)).toMatch(/^[A-Z_]+$/);
        expect(errorCode(result.text)).not.toBe("INTERNAL_ERROR");
        expect(readFileSync(join(root, FILE), "utf8")).toBe(ORIGINAL);
      }
    }),
    { numRuns: 250 },
  );
  // Still alive and correct after all of that: a valid edit works. Its ref comes from a read now: random calls
  // that succeeded (an insert at "0:") and the rewrites between them are changes a ref from before must not
  // survive (docs/format.md, changes made outside lapp); under one seed, a ref read before the run was refused.
  writeFileSync(join(root, FILE), ORIGINAL);
  const validRef = refsByLine((await lapp.call("lapp_read", { path: FILE })).text).get(5)!;
  const edited = await lapp.call("lapp_edit", {
    path: FILE,
    edits: [{ type: "replace", anchor: validRef, content: "const b = 3;" }],
  });
  expect(edited.isError).toBe(false);
  expect(readFileSync(join(root, FILE), "utf8")).toBe(ORIGINAL.replace("b = 2", "b = 3"));
  expect(readdirSync(root).filter((name) => name.includes(".lapp-"))).toEqual([]);
  expect(calls).toBe(250);
}, 60_000);
