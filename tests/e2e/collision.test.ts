// The collision guard (docs/format.md): a ref whose 2-letter ID happens to match a line changed behind lapp's back is
// still refused when lapp showed the older content — and the fresh ref from that refusal is then accepted.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lineId } from "../../src/hashline/hash.ts";
import { errorCode, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let lapp: LappSession;
beforeAll(async () => {
  lapp = await startLapp();
});
afterAll(() => lapp.close());

/** A different text with the same ID on the same line: 1 in 256 by chance, found by search here. */
function collidingText(line: number, original: string): string {
  const target = lineId(line, original);
  for (let attempt = 0; ; attempt++) {
    const candidate = `const value = ${attempt};`;
    if (candidate !== original && lineId(line, candidate) === target) return candidate;
  }
}

test("an ID collision with a changed line is caught by the record of shown rows, and the retry works", async () => {
  const path = join(lapp.root, "collide.js");
  const lines = ["// header", "const value = -1;", "export { value };"];
  writeFileSync(path, `${lines.join("\n")}\n`);
  const read = await lapp.call("lapp_read", { path: "collide.js" });
  const staleRef = refsByLine(read.text).get(2)!;

  const changed = collidingText(2, lines[1]!);
  writeFileSync(path, `${lines[0]}\n${changed}\n${lines[2]}\n`);
  expect(`2#${lineId(2, changed)}`).toBe(staleRef); // the ID alone cannot tell the difference

  const refused = await lapp.call("lapp_edit", {
    path: "collide.js",
    edits: [{ type: "replace", anchor: staleRef, content: "const value = 42;" }],
  });
  expect(errorCode(refused.text)).toBe("HASH_MISMATCH");
  expect(readFileSync(path, "utf8")).toBe(`${lines[0]}\n${changed}\n${lines[2]}\n`);

  // The payload shows the current line (same ref spelling); having been shown, it is now accepted.
  const fresh = refsByLine(refused.text).get(2)!;
  const retried = await lapp.call("lapp_edit", {
    path: "collide.js",
    edits: [{ type: "replace", anchor: fresh, content: "const value = 42;" }],
  });
  expect(retried.isError).toBe(false);
  expect(readFileSync(path, "utf8")).toBe(`${lines[0]}\nconst value = 42;\n${lines[2]}\n`);
});

test("unknown keys in an edit are INVALID_ARGUMENTS naming the field", async () => {
  writeFileSync(join(lapp.root, "keys.txt"), "one\n");
  const ref = refsByLine((await lapp.call("lapp_read", { path: "keys.txt" })).text).get(1);
  const result = await lapp.call("lapp_edit", {
    path: "keys.txt",
    edits: [{ type: "replace", anchor: ref, new_content: "two" }],
  });
  expect(errorCode(result.text)).toBe("INVALID_ARGUMENTS");
  expect(result.text).toContain("new_content");
});

test("after an edit shifts lines, an old ref whose ID collides with the line now at its number edits the line it named", async () => {
  // Lines with letters hash without their line number, so a collision found for line 4 holds wherever they sit.
  const kept = "const kept = true;";
  const target = collidingText(4, kept);
  const path = join(lapp.root, "shift.js");
  writeFileSync(path, `// top\nconst other = 0;\n${kept}\n${target}\n// end\n`);
  const read = await lapp.call("lapp_read", { path: "shift.js" });
  const oldRefOfTarget = refsByLine(read.text).get(4)!;

  // Insert below line 1: `kept` moves to line 4, and its ID equals the old ID of line 4 (`target`).
  const inserted = await lapp.call("lapp_edit", {
    path: "shift.js",
    edits: [{ type: "insert_after", anchor: refsByLine(read.text).get(1), content: "const inserted = 1;" }],
  });
  expect(inserted.isError).toBe(false);
  expect(`4#${lineId(4, kept)}`).toBe(oldRefOfTarget);

  // The model meant `target` (now on line 5); by ID alone the ref would hit `kept`. lapp carried the ref with the
  // line through its own edit, so it edits `target` and says where it went.
  const result = await lapp.call("lapp_edit", {
    path: "shift.js",
    edits: [{ type: "replace", anchor: oldRefOfTarget, content: "const replaced = 2;" }],
  });
  expect(result.isError).toBe(false);
  expect(result.text).toContain(`refs from before your last edit were mapped: ${oldRefOfTarget}→5`);
  expect(readFileSync(path, "utf8")).toBe(
    `// top\nconst inserted = 1;\nconst other = 0;\n${kept}\nconst replaced = 2;\n// end\n`,
  );
});
