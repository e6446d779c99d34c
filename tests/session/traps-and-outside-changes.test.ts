// Refs across calls against the binary an agent runs (dist/lapp over stdio): the traps where a line number alone
// would land on the wrong line (a blank line, a lone `}`, a repeated statement), changes made outside lapp that
// move a line (refused, the fresh ref named, nothing written), a re-read after them, and parallel edits.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { errorCode, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let lapp: LappSession;
beforeAll(async () => {
  lapp = await startLapp();
});
afterAll(() => lapp.close());

async function readOnce(name: string, text: string): Promise<Map<number, string>> {
  writeFileSync(join(lapp.root, name), text);
  return refsByLine((await lapp.call("lapp_read", { path: name })).text);
}

const body = (name: string) => readFileSync(join(lapp.root, name), "utf8");

describe("a ref from before your own edit names the line it showed", () => {
  // Line 6 is a blank line, a `}` or a repeated statement; after three lines are inserted above, line 6 holds a
  // line with the same text (and so the same ID), while the line the model meant is line 9.
  for (const [trap, filler] of [
    ["blank line", ""],
    ["closing brace", "}"],
    ["repeated statement", "  count++;"],
  ] as const) {
    test(`${trap}: an insert above, then an edit of the old line 6, edits the line now at 9`, async () => {
      const lines = ["a()", filler, filler, filler, filler, filler, "z()", filler, filler];
      const name = `trap-${trap.replace(/ /g, "-")}.js`;
      const refs = await readOnce(name, `${lines.join("\n")}\n`);
      const first = await lapp.call("lapp_edit", {
        path: name,
        edits: [
          { type: "insert_after", anchor: refs.get(1), content: `${[filler, filler, filler].join("\n")}\n` },
        ],
      });
      expect(first.isError).toBe(false);
      expect(refOf(6, filler)).toBe(refs.get(6)!); // the trap: line 6 now carries the same ref
      const second = await lapp.call("lapp_edit", {
        path: name,
        edits: [{ type: "insert_before", anchor: refs.get(7), content: "// marker" }],
      });
      expect(second.isError).toBe(false);
      expect(second.text).toContain(`refs from before your last edit were mapped: ${refs.get(7)}→10`);
      const third = await lapp.call("lapp_edit", {
        path: name,
        edits: [{ type: "replace", anchor: refs.get(6), content: "// was line 6" }],
      });
      expect(third.isError).toBe(false);
      const expected = [
        "a()",
        filler,
        filler,
        filler,
        filler,
        filler,
        filler,
        filler,
        "// was line 6",
        "// marker",
        "z()",
        filler,
        filler,
      ];
      expect(body(name)).toBe(`${expected.join("\n")}\n`);
    });
  }
});

test("a ref shown again by an edit's result for a line an edit then deleted is AMBIGUOUS_REF, never a guess", async () => {
  // Lone braces take their ID from their line number: after two lines are inserted above, the `}` of old line 2
  // is shown at line 4 by the insert's result, under the ref the read gave old line 4's `}`.
  const name = "replaced-showing.js";
  const refs = await readOnce(name, "a();\n}\nb();\n}\nc();\n");
  const insert = await lapp.call("lapp_edit", {
    path: name,
    edits: [{ type: "insert_after", anchor: refs.get(1), content: "x();\ny();" }],
  });
  expect(insert.text).toContain(`${refs.get(4)}-}`);
  const deleted = await lapp.call("lapp_edit", {
    path: name,
    edits: [{ type: "delete", anchor: refs.get(2) }],
  });
  expect(deleted.isError).toBe(false);
  const before = body(name);
  // The model may mean the `}` of its read (now line 5) or the one the result showed, which it just deleted.
  const refused = await lapp.call("lapp_edit", {
    path: name,
    edits: [{ type: "replace", anchor: refs.get(4), content: "} // end" }],
  });
  expect(errorCode(refused.text)).toBe("AMBIGUOUS_REF");
  expect(refused.text).toContain(`>>> ${refOf(5, "}")}:}`);
  expect(refused.text).toContain("and for a line an earlier edit replaced");
  expect(body(name)).toBe(before);
  // A read settles it.
  const fresh = refsByLine((await lapp.call("lapp_read", { path: name })).text);
  const settled = await lapp.call("lapp_edit", {
    path: name,
    edits: [{ type: "replace", anchor: fresh.get(5), content: "} // end" }],
  });
  expect(settled.isError).toBe(false);
  expect(body(name)).toBe("a();\nx();\ny();\nb();\n} // end\nc();\n");
});

describe("changes made outside lapp", () => {
  for (const inserted of [7, 50]) {
    test(`${inserted} lines inserted above a ref: refused, nothing written, the moved line's fresh ref named`, async () => {
      const lines = Array.from({ length: 80 }, (_, index) => `const line${index + 1} = ${index + 1};`);
      const name = `outside-${inserted}.js`;
      const refs = await readOnce(name, `${lines.join("\n")}\n`);
      const outside = [
        ...lines.slice(0, 10),
        ...Array.from({ length: inserted }, (_, k) => `// added ${k}`),
        ...lines.slice(10),
      ];
      writeFileSync(join(lapp.root, name), `${outside.join("\n")}\n`);
      const before = body(name);

      for (const line of [20, 40, 80]) {
        const result = await lapp.call("lapp_edit", {
          path: name,
          edits: [{ type: "replace", anchor: refs.get(line), content: "changed();" }],
        });
        expect(errorCode(result.text)).toBe("HASH_MISMATCH");
        const fresh = refOf(line + inserted, lines[line - 1]!);
        expect(result.text).toContain(`>>> ${fresh}:`);
        expect(result.text).toContain(`${refs.get(line)} is now ${fresh}`);
        expect(body(name)).toBe(before);
      }
      // A line above the change did not move: its ref still works.
      const above = await lapp.call("lapp_edit", {
        path: name,
        edits: [{ type: "replace", anchor: refs.get(5), content: "const line5 = 5; // kept" }],
      });
      expect(above.isError).toBe(false);
      // The retry with the fresh ref named in the refusal is one call.
      const retried = await lapp.call("lapp_edit", {
        path: name,
        edits: [{ type: "replace", anchor: refOf(40 + inserted, lines[39]!), content: "changed();" }],
      });
      expect(retried.isError).toBe(false);
      expect(body(name).split("\n")[40 + inserted - 1]).toBe("changed();");
    });
  }

  test("a re-read after an outside change gives refs that work, and old refs of moved lines stay refused", async () => {
    const lines = Array.from({ length: 30 }, (_, index) => (index % 3 === 2 ? "" : `item(${index + 1});`));
    const name = "reread.js";
    const old = await readOnce(name, `${lines.join("\n")}\n`);
    writeFileSync(join(lapp.root, name), `// header\n// more\n${lines.join("\n")}\n`);
    const fresh = refsByLine((await lapp.call("lapp_read", { path: name })).text);
    const result = await lapp.call("lapp_edit", {
      path: name,
      edits: [{ type: "replace", anchor: fresh.get(12), content: "item(10, true);" }],
    });
    expect(result.isError).toBe(false);
    expect(body(name).split("\n")[11]).toBe("item(10, true);");
    const stale = await lapp.call("lapp_edit", {
      path: name,
      edits: [{ type: "replace", anchor: old.get(20), content: "nope();" }],
    });
    expect(["HASH_MISMATCH", "AMBIGUOUS_REF"]).toContain(errorCode(stale.text)!);
  });

  test("an outside edit that duplicates the line a ref named is AMBIGUOUS_REF listing both, nothing written", async () => {
    const lines = ["start()", "}", "middle()", "}", "end()"];
    const name = "dup.js";
    const refs = await readOnce(name, `${lines.join("\n")}\n`);
    // `}` repeated around a rewritten middle: lapp cannot tell which brace is the one it showed as row 4.
    writeFileSync(join(lapp.root, name), "start()\n}\nother()\n}\n}\nend()\n");
    const before = body(name);
    const result = await lapp.call("lapp_edit", {
      path: name,
      edits: [{ type: "delete", anchor: refs.get(4) }],
    });
    expect(errorCode(result.text)).toBe("AMBIGUOUS_REF");
    expect(result.text.match(/^>>> /gm)?.length).toBeGreaterThan(1);
    expect(body(name)).toBe(before);
  });
});

test("40 parallel edits of one file, each with a ref of the same read, all apply", async () => {
  const lines = Array.from({ length: 80 }, (_, index) => `row ${index + 1}`);
  const name = "parallel.txt";
  const refs = await readOnce(name, `${lines.join("\n")}\n`);
  const results = await Promise.all(
    Array.from({ length: 40 }, (_, k) =>
      lapp.call("lapp_edit", {
        path: name,
        edits: [{ type: "replace", anchor: refs.get(2 * k + 1), content: `changed ${2 * k + 1}` }],
      }),
    ),
  );
  expect(results.filter((result) => result.isError).map((result) => result.text)).toEqual([]);
  const expected = lines.map((line, index) => (index % 2 === 0 ? `changed ${index + 1}` : line));
  expect(body(name)).toBe(`${expected.join("\n")}\n`);
});

test("parallel inserts with refs of one read: each applies at the line it named, or is refused with nothing written", async () => {
  const lines = Array.from({ length: 60 }, (_, index) => `entry ${index + 1}`);
  const name = "parallel-inserts.txt";
  const refs = await readOnce(name, `${lines.join("\n")}\n`);
  const results = await Promise.all(
    Array.from({ length: 30 }, (_, k) =>
      lapp.call("lapp_edit", {
        path: name,
        edits: [{ type: "insert_after", anchor: refs.get(2 * k + 1), content: `after ${2 * k + 1}` }],
      }),
    ),
  );
  // A ref shown for two lines (a 1-in-256 ID collision with a row an earlier result showed) is refused; no call
  // fails for being queued behind another, and every insert that applied sits right after the line it named.
  const refused = results.filter((result) => result.isError);
  for (const result of refused) expect(errorCode(result.text)).toBe("AMBIGUOUS_REF");
  const final = body(name).split("\n");
  for (const [k, result] of results.entries()) {
    if (result.isError) continue;
    const at = final.indexOf(`after ${2 * k + 1}`);
    expect(final[at - 1]).toBe(`entry ${2 * k + 1}`);
  }
  expect(final.length - 1).toBe(60 + results.length - refused.length);
});
