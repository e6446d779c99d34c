// End to end over real stdio: blocks named by their text (old_content in lapp_find_block / lapp_replace_block,
// anchor_content in lapp_insert_block) — whitespace differences, every candidate of an ambiguous text, the closest
// region of a text found nowhere, encodings kept, and the answer's rows used as refs by the next lapp_edit.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";
import { rootFiles } from "../support/root-files.ts";

let lapp: LappSession;
let root: string;

const CART = [
  "class Cart:",
  "    def total(self):",
  "        subtotal = sum(self.items)",
  "        return subtotal",
  "",
  "class Order:",
  "    def total(self):",
  "        subtotal = sum(self.items)",
  "        return subtotal",
  "",
  "class Invoice:",
  "    def total(self):",
  "        subtotal = sum(self.items)",
  "        return subtotal",
  "",
].join("\n");

const { put, read } = rootFiles(() => root);

beforeAll(async () => {
  root = makeTempRoot();
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

describe("lapp_replace_block by old_content", () => {
  test("old text copied without the file's indentation, with trailing spaces: found, and the new text moved with it", async () => {
    put("calc.py", "def main():\n    if ready:\n        total = compute(a, b)\n        print(total)\n");
    const replaced = await lapp.call("lapp_replace_block", {
      path: "calc.py",
      old_content: "total = compute(a, b)   \nprint(total)",
      content: "total = compute(a, b, c)\nlog(total)\nprint(total)",
    });
    expect(replaced.isError).toBe(false);
    expect(read("calc.py")).toBe(
      "def main():\n    if ready:\n        total = compute(a, b, c)\n        log(total)\n        print(total)\n",
    );
    expect(replaced.text).toContain("the new lines were moved by the same amount");
  });

  test("normalize_whitespace:false takes only the exact text", async () => {
    put("calc.py", "def main():\n    go()\n");
    const refused = await lapp.call("lapp_replace_block", {
      path: "calc.py",
      old_content: "go()",
      content: "stop()",
      normalize_whitespace: false,
    });
    expect(errorCode(refused.text)).toBe("BLOCK_NOT_FOUND");
    expect(read("calc.py")).toBe("def main():\n    go()\n");
  });

  test("a text at several places is refused with every candidate; occurrence or an anchor from the error picks one", async () => {
    put("cart.py", CART);
    const oldText = "    def total(self):\n        subtotal = sum(self.items)\n        return subtotal";
    const refused = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      old_content: oldText,
      content: "    def total(self):\n        return 0",
    });
    expect(errorCode(refused.text)).toBe("AMBIGUOUS");
    expect(read("cart.py")).toBe(CART);
    const lines = CART.split("\n");
    for (const [occurrence, start] of [
      [1, 2],
      [2, 7],
      [3, 12],
    ] as const) {
      expect(refused.text).toContain(
        `occurrence ${occurrence}: ${refOf(start, lines[start - 1]!)}..${refOf(start + 2, lines[start + 1]!)}, under ${refOf(start - 1, lines[start - 2]!)}:${lines[start - 2]}`,
      );
    }
    const second = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      old_content: oldText,
      occurrence: 2,
      content: "    def total(self):\n        return 2",
    });
    expect(second.isError).toBe(false);
    // The ref of Invoice's block as the refusal showed it, though the edit above moved it up one line.
    const third = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      old_content: oldText,
      anchor: refOf(12, lines[11]!),
      content: "    def total(self):\n        return 3",
    });
    expect(third.isError).toBe(false);
    expect(read("cart.py")).toBe(
      CART.replace(
        /class Order:\n[^\n]*\n[^\n]*\n[^\n]*\n/,
        "class Order:\n    def total(self):\n        return 2\n",
      ).replace(
        /class Invoice:\n[^\n]*\n[^\n]*\n[^\n]*\n/,
        "class Invoice:\n    def total(self):\n        return 3\n",
      ),
    );
  });

  test("a text found nowhere shows the closest rows, whose refs the next lapp_edit takes", async () => {
    put("cart.py", CART);
    const refused = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      old_content: "class Invoice:\n    def total(self):\n        subtotal = sum(self.lines)",
      content: "class Invoice:\n    pass",
    });
    expect(errorCode(refused.text)).toBe("BLOCK_NOT_FOUND");
    expect(refused.text).toContain(
      'line 3 of old_content is not there: "        subtotal = sum(self.lines)"',
    );
    const refs = refsByLine(refused.text);
    expect(refs.get(13)).toBe(refOf(13, "        subtotal = sum(self.items)"));
    const edited = await lapp.call("lapp_edit", {
      path: "cart.py",
      edits: [{ type: "replace", anchor: refs.get(13)!, content: "        subtotal = sum(self.lines)" }],
    });
    expect(edited.isError).toBe(false);
    const at = CART.lastIndexOf("sum(self.items)");
    expect(read("cart.py")).toBe(
      `${CART.slice(0, at)}sum(self.lines)${CART.slice(at + "sum(self.items)".length)}`,
    );
  });

  test("new_content is content's other name; both disagreeing, or neither, is refused", async () => {
    put("n.py", "a = 1\n");
    const alias = await lapp.call("lapp_replace_block", {
      path: "n.py",
      old_content: "a = 1",
      new_content: "a = 2",
    });
    expect(alias.isError).toBe(false);
    expect(read("n.py")).toBe("a = 2\n");
    const both = await lapp.call("lapp_replace_block", {
      path: "n.py",
      old_content: "a = 2",
      content: "a = 3",
      new_content: "a = 4",
    });
    expect(errorCode(both.text)).toBe("INVALID_ARGUMENTS");
    const neither = await lapp.call("lapp_replace_block", { path: "n.py", old_content: "a = 2" });
    expect(errorCode(neither.text)).toBe("INVALID_ARGUMENTS");
    const withPattern = await lapp.call("lapp_replace_block", {
      path: "n.py",
      old_content: "a = 2",
      pattern: "a",
      content: "b",
    });
    expect(errorCode(withPattern.text)).toBe("INVALID_ARGUMENTS");
    expect(read("n.py")).toBe("a = 2\n");
  });

  test("the answer's rows are refs the next lapp_edit takes", async () => {
    put("r.js", "function a() {\n  return 1;\n}\n");
    const replaced = await lapp.call("lapp_replace_block", {
      path: "r.js",
      old_content: "  return 1;",
      content: "  const x = 1;\n  return x;",
    });
    const refs = refsByLine(replaced.text);
    expect(refs.get(3)).toBe(refOf(3, "  return x;"));
    const edited = await lapp.call("lapp_edit", {
      path: "r.js",
      edits: [{ type: "insert_after", anchor: refs.get(3)!, content: "  // done" }],
    });
    expect(edited.isError).toBe(false);
    expect(read("r.js")).toBe("function a() {\n  const x = 1;\n  return x;\n  // done\n}\n");
  });
});

describe("encodings and line endings through a replace by content", () => {
  const cases: Array<[string, Uint8Array, Uint8Array]> = [
    ["CRLF", Buffer.from("a\r\n  b\r\nc\r\n"), Buffer.from("a\r\n  B\r\n  B2\r\nc\r\n")],
    [
      "UTF-8 BOM, no final newline",
      Buffer.from("\uFEFFa\n  b\nc", "utf8"),
      Buffer.from("\uFEFFa\n  B\n  B2\nc", "utf8"),
    ],
    [
      "UTF-16 LE with BOM, CRLF",
      Buffer.from("\uFEFFa\r\n  b\r\nc\r\n", "utf16le"),
      Buffer.from("\uFEFFa\r\n  B\r\n  B2\r\nc\r\n", "utf16le"),
    ],
    ["Latin-1", Buffer.from("caf\xe9\n  b\n", "latin1"), Buffer.from("caf\xe9\n  B\n  B2\n", "latin1")],
  ];
  for (const [name, before, after] of cases) {
    test(name, async () => {
      put("enc.txt", before);
      const replaced = await lapp.call("lapp_replace_block", {
        path: "enc.txt",
        old_content: "b",
        content: "B\nB2",
      });
      expect(replaced.isError).toBe(false);
      expect(readFileSync(join(root, "enc.txt"))).toEqual(Buffer.from(after));
    });
  }
});

describe("lapp_find_block by old_content", () => {
  test("answers the lines the text occupies, as a block heading and rows", async () => {
    put("cart.py", CART);
    const found = await lapp.call("lapp_find_block", {
      path: "cart.py",
      old_content: "class Order:\n    def total(self):",
    });
    const lines = CART.split("\n");
    expect(found.text).toBe(
      [
        `block ${refOf(6, lines[5]!)}..${refOf(7, lines[6]!)} (2 lines)`,
        `${refOf(6, lines[5]!)}:class Order:`,
        `${refOf(7, lines[6]!)}:    def total(self):`,
      ].join("\n"),
    );
  });

  test("ambiguous text: every candidate, and nothing else is guessed", async () => {
    put("cart.py", CART);
    const found = await lapp.call("lapp_find_block", { path: "cart.py", old_content: "return subtotal" });
    expect(errorCode(found.text)).toBe("AMBIGUOUS");
    expect(found.text.match(/^occurrence \d+:/gm)).toHaveLength(3);
    expect(found.text).not.toContain("nothing was written");
  });
});

describe("lapp_insert_block", () => {
  test("after a block named by its text, in the indentation the text was found at", async () => {
    put("cart.py", CART);
    const inserted = await lapp.call("lapp_insert_block", {
      path: "cart.py",
      anchor_content:
        "class Order:\n    def total(self):\n        subtotal = sum(self.items)\n        return subtotal",
      position: "after",
      content: "\n    def count(self):\n        return len(self.items)",
    });
    expect(inserted.isError).toBe(false);
    expect(read("cart.py")).toBe(
      CART.replace(
        "class Order:\n    def total(self):\n        subtotal = sum(self.items)\n        return subtotal\n",
        "class Order:\n    def total(self):\n        subtotal = sum(self.items)\n        return subtotal\n\n    def count(self):\n        return len(self.items)\n",
      ),
    );
    // The rows of the answer are refs for the next edit.
    const refs = refsByLine(inserted.text);
    const countLine = 11; // after line 9, the end of Order.total: a blank line, then def count
    expect(refs.get(countLine)).toBe(refOf(countLine, "    def count(self):"));
  });

  test("before the block an anchor ref names, shifted to its header's indentation", async () => {
    put("cart.py", CART);
    const lines = CART.split("\n");
    const inserted = await lapp.call("lapp_insert_block", {
      path: "cart.py",
      anchor: refOf(8, lines[7]!),
      position: "before",
      content: "@cached\n",
    });
    expect(inserted.isError).toBe(false);
    expect(read("cart.py")).toBe(
      CART.replace("class Order:\n    def total", "class Order:\n    @cached\n    def total"),
    );
    expect(inserted.text).toContain("every line was shifted to match");
  });

  test("an anchor text at several places is refused with every candidate, and nothing is written", async () => {
    put("cart.py", CART);
    const refused = await lapp.call("lapp_insert_block", {
      path: "cart.py",
      anchor_content: "def total(self):",
      position: "after",
      content: "x",
    });
    expect(errorCode(refused.text)).toBe("AMBIGUOUS");
    expect(refused.text.match(/^occurrence \d+:/gm)).toHaveLength(3);
    expect(read("cart.py")).toBe(CART);
  });
});

describe("listing", () => {
  test("the new tools are listed with their annotations, and content is no longer required", async () => {
    const { tools } = await lapp.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get("lapp_insert_block")?.annotations?.destructiveHint).toBe(true);
    expect(byName.get("lapp_insert_block")?.inputSchema.required).toEqual(["path", "position", "content"]);
    expect(byName.get("lapp_replace_block")?.inputSchema.required).toEqual(["path"]);
    expect(Object.keys(byName.get("lapp_find_block")?.inputSchema.properties ?? {})).toContain("old_content");
  });

  test("--only-tools knows the new names", async () => {
    const only = await startLapp({ root, args: ["--only-tools", "insert_block,lapp_apply_patch"] });
    try {
      const { tools } = await only.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["lapp_insert_block", "lapp_apply_patch"]);
    } finally {
      await only.close();
    }
  });
});
