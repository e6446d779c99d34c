// End to end over real stdio (docs/format.md, "When the content is wrong"): a refused content mistake leaves the
// file byte for byte as it was and the retry its error names passes; a warned repeat's refs count as shown, so they
// still name their lines after a later edit moved them; lapp_replace_block applies the same rules to a block.
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

const JS = [
  "class Cart {",
  "  total() {",
  "    return 0;",
  "  }",
  "",
  "  clear() {",
  "    this.items = [];",
  "  }",
  "}",
];
const body = (name: string) => readFileSync(join(lapp.root, name), "utf8");
const ref = (line: number) => refOf(line, JS[line - 1]!);

describe("lapp_edit", () => {
  test("a range whose content repeats the line after it: refused, nothing written, the named retry passes", async () => {
    writeFileSync(join(lapp.root, "cart.js"), `${JS.join("\r\n")}\r\n`);
    const before = body("cart.js");
    const refused = await lapp.call("lapp_edit", {
      path: "cart.js",
      edits: [{ type: "replace", start: ref(2), end: ref(3), content: "  total() {\n    return 1;\n  }" }],
    });
    expect(errorCode(refused.text)).toBe("INVALID_EDIT");
    expect(refused.text).toContain(`>>> ${ref(4)}:  }`);
    expect(body("cart.js")).toBe(before);
    const retried = await lapp.call("lapp_edit", {
      path: "cart.js",
      edits: [{ type: "replace", start: ref(2), end: ref(3), content: "  total() {\n    return 1;" }],
    });
    expect(retried.isError).toBe(false);
    expect(body("cart.js")).toBe(before.replace("return 0;", "return 1;"));
  });

  test("some lines with copied prefixes: refused, nothing written", async () => {
    writeFileSync(join(lapp.root, "prefixed.js"), `${JS.join("\n")}\n`);
    const refused = await lapp.call("lapp_edit", {
      path: "prefixed.js",
      edits: [
        { type: "replace", start: ref(2), end: ref(3), content: `${ref(2)}:  total() {\n    return 2;` },
      ],
    });
    expect(errorCode(refused.text)).toBe("INVALID_EDIT");
    expect(refused.text).toContain(`line 1 "${ref(2)}:" (text: "  total() {")`);
    expect(body("prefixed.js")).toBe(`${JS.join("\n")}\n`);
  });

  test("a warned repeat's refs count as shown: after an insert above, they still name their lines", async () => {
    writeFileSync(join(lapp.root, "warned.js"), `${JS.join("\n")}\n`);
    // A blank line after the blank line 5: applied, with a warning naming both blank lines.
    const warned = await lapp.call("lapp_edit", {
      path: "warned.js",
      edits: [{ type: "insert_before", anchor: ref(6), content: "\n  // clear" }],
    });
    expect(warned.isError).toBe(false);
    const match = /delete (\d+#[A-Z]{2})/.exec(warned.text);
    expect(match).not.toBeNull();
    const copy = match![1]!;
    expect(refsByLine(warned.text).get(Number(copy.split("#")[0]))).toBe(copy);
    // Two lines inserted at the top move every line down by two.
    const moved = await lapp.call("lapp_edit", {
      path: "warned.js",
      edits: [{ type: "insert_after", anchor: "0:", content: "// a\n// b" }],
    });
    expect(moved.isError).toBe(false);
    // The copy's ref from the warning still deletes that blank line (now two lines lower).
    const undone = await lapp.call("lapp_edit", {
      path: "warned.js",
      edits: [{ type: "delete", anchor: copy }],
    });
    expect(undone.isError).toBe(false);
    expect(body("warned.js")).toBe(
      `${["// a", "// b", ...JS.slice(0, 5), "  // clear", ...JS.slice(5)].join("\n")}\n`,
    );
  });

  test("after a read, the delete a repeat's warning names is never ambiguous (the later copy is named)", async () => {
    // Line 5 is blank: a blank line's ref comes from its number, so the copy put at 5 carries the ref the read showed
    // for the original blank line, now at 6. Deleting the later one is unambiguous and undoes the repeat alike.
    const text = `${JS.join("\n")}\n`;
    writeFileSync(join(lapp.root, "after-read.js"), text);
    await lapp.call("lapp_read", { path: "after-read.js" });
    const warned = await lapp.call("lapp_edit", {
      path: "after-read.js",
      edits: [{ type: "replace", anchor: ref(4), content: "  }\n\n" }],
    });
    expect(warned.isError).toBe(false);
    const match = /delete (\d+#[A-Z]{2})/.exec(warned.text);
    expect(match?.[1]).toBe(refOf(6, ""));
    const undone = await lapp.call("lapp_edit", {
      path: "after-read.js",
      edits: [{ type: "delete", anchor: match![1]! }],
    });
    expect(undone.isError).toBe(false);
    expect(body("after-read.js")).toBe(text);
  });
});

describe("lapp_replace_block", () => {
  test("a new block that repeats the line after the block: refused, nothing written", async () => {
    writeFileSync(join(lapp.root, "block.js"), `${JS.join("\n")}\n`);
    const refused = await lapp.call("lapp_replace_block", {
      path: "block.js",
      anchor: ref(6),
      content: "  clear() {\n    this.items.length = 0;\n  }\n}",
    });
    expect(errorCode(refused.text)).toBe("INVALID_EDIT");
    expect(refused.text).toContain(`lapp_replace_block: the last line of content repeats ${ref(9)}`);
    expect(body("block.js")).toBe(`${JS.join("\n")}\n`);
  });

  test("a new block with a copied prefix on some lines: refused, nothing written", async () => {
    writeFileSync(join(lapp.root, "block2.js"), `${JS.join("\n")}\n`);
    const refused = await lapp.call("lapp_replace_block", {
      path: "block2.js",
      anchor: ref(6),
      content: `  clear() {\n${ref(7)}:    this.items = [];\n  }`,
    });
    expect(errorCode(refused.text)).toBe("INVALID_EDIT");
    expect(refused.text).toContain("lapp_replace_block content: a content line starts with a row prefix");
    expect(body("block2.js")).toBe(`${JS.join("\n")}\n`);
  });
});
