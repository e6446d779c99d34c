// End to end over real stdio: lapp_find_block and lapp_replace_block on real files in a temp root.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let lapp: LappSession;
let root: string;

const PYTHON = [
  "import os", //                              1
  "", //                                       2
  "", //                                       3
  "class Cart:", //                            4
  "    def __init__(self, items):", //         5
  "        self.items = items", //             6
  "", //                                       7
  "    @property", //                          8
  "    def total(self):", //                   9
  '        """Sum of prices.', //              10
  "", //                                       11
  'Prices are in cents."""', //                12
  "        return sum(", //                    13
  "            item.price for item in self.items", // 14
  "        )", //                              15
  "", //                                       16
  "", //                                       17
  "def helper(x):", //                         18
  "    return x", //                           19
  "", //                                       20
  "", //                                       21
  "def helper(x, y):", //                      22
  "    return helper(x) + y", //               23
  "",
].join("\n");

const JS =
  "function alpha() {\r\n  return '}';\r\n}\r\n\r\nfunction beta(a,\r\n    b) {\r\n  return a / b;\r\n}\r\n";

const lines = (text: string): string[] => text.split(/\r?\n/).slice(0, -1);
const row = (text: string, line: number): string =>
  `${refOf(line, lines(text)[line - 1]!)}:${lines(text)[line - 1]}`;
const heading = (text: string, start: number, end: number): string =>
  `block ${refOf(start, lines(text)[start - 1]!)}..${refOf(end, lines(text)[end - 1]!)} (${end - start + 1} lines)`;

beforeAll(async () => {
  root = makeTempRoot();
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

describe("lapp_find_block", () => {
  test("is listed as read-only, lapp_replace_block as destructive", async () => {
    const { tools } = await lapp.client.listTools();
    const find = tools.find((tool) => tool.name === "lapp_find_block");
    const replace = tools.find((tool) => tool.name === "lapp_replace_block");
    expect(find?.annotations?.readOnlyHint).toBe(true);
    expect(replace?.annotations?.destructiveHint).toBe(true);
    // content (or its other name new_content) is checked by the tool: the schema requires only the path.
    expect(replace?.inputSchema.required).toEqual(["path"]);
  });

  test("by pattern: the block heading, then the block's rows", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const found = await lapp.call("lapp_find_block", { path: "cart.py", pattern: "def total" });
    expect(found.isError).toBe(false);
    const expected = [
      heading(PYTHON, 9, 15),
      ...Array.from({ length: 7 }, (_, index) => row(PYTHON, 9 + index)),
    ];
    expect(found.text).toBe(expected.join("\n"));
  });

  test("by anchor on the header, on a decorator and on a line inside", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const header = await lapp.call("lapp_find_block", { path: "cart.py", anchor: refOf(4, "class Cart:") });
    expect(header.text.split("\n")[0]).toBe(heading(PYTHON, 4, 15));
    const decorator = await lapp.call("lapp_find_block", {
      path: "cart.py",
      anchor: refOf(8, "    @property"),
    });
    expect(decorator.text.split("\n")[0]).toBe(heading(PYTHON, 8, 15));
    const inside = await lapp.call("lapp_find_block", {
      path: "cart.py",
      anchor: refOf(6, "        self.items = items"),
    });
    expect(inside.text.split("\n")[0]).toBe(heading(PYTHON, 5, 6));
  });

  test("a twice-defined name is AMBIGUOUS with each candidate's ref; occurrence picks one", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const ambiguous = await lapp.call("lapp_find_block", { path: "cart.py", pattern: "def helper" });
    expect(ambiguous.isError).toBe(true);
    expect(errorCode(ambiguous.text)).toBe("AMBIGUOUS");
    expect(ambiguous.text).toContain(row(PYTHON, 18));
    expect(ambiguous.text).toContain(row(PYTHON, 22));
    const second = await lapp.call("lapp_find_block", {
      path: "cart.py",
      pattern: "def helper",
      occurrence: 2,
    });
    expect(second.text.split("\n")[0]).toBe(heading(PYTHON, 22, 23));
    // A call of the name does not compete with the definitions.
    const byName = await lapp.call("lapp_find_block", { path: "cart.py", pattern: "helper", occurrence: 1 });
    expect(byName.text.split("\n")[0]).toBe(heading(PYTHON, 18, 19));
  });

  test("brace rules skip strings and regex-like text; CRLF files work", async () => {
    writeFileSync(join(root, "math.js"), JS);
    const alpha = await lapp.call("lapp_find_block", { path: "math.js", pattern: "alpha" });
    expect(alpha.text.split("\n")[0]).toBe(heading(JS, 1, 3));
    const beta = await lapp.call("lapp_find_block", { path: "math.js", anchor: refOf(6, "    b) {") });
    expect(beta.text.split("\n")[0]).toBe(heading(JS, 5, 8));
  });

  test("errors: no locator, both, nothing matching, no block, stale anchor", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const none = await lapp.call("lapp_find_block", { path: "cart.py" });
    expect(errorCode(none.text)).toBe("INVALID_ARGUMENTS");
    const both = await lapp.call("lapp_find_block", { path: "cart.py", pattern: "x", anchor: "1#ZZ" });
    expect(errorCode(both.text)).toBe("INVALID_ARGUMENTS");
    const nothing = await lapp.call("lapp_find_block", { path: "cart.py", pattern: "def missing" });
    expect(errorCode(nothing.text)).toBe("BLOCK_NOT_FOUND");
    const topLevel = await lapp.call("lapp_find_block", { path: "cart.py", anchor: refOf(1, "import os") });
    expect(errorCode(topLevel.text)).toBe("BLOCK_NOT_FOUND");
    const stale = await lapp.call("lapp_find_block", {
      path: "cart.py",
      anchor: refOf(9, "    def old(self):"),
    });
    expect(errorCode(stale.text)).toBe("HASH_MISMATCH");
    expect(stale.text).toContain(`>>> ${row(PYTHON, 9)}`);
  });

  test("a long block is capped like a read, with a continuation", async () => {
    const session = await startLapp({ root, args: ["--limit", "3"] });
    try {
      writeFileSync(join(root, "cart.py"), PYTHON);
      const found = await session.call("lapp_find_block", { path: "cart.py", pattern: "^class Cart" });
      const shown = found.text.split("\n");
      expect(shown[0]).toBe(heading(PYTHON, 4, 15));
      expect(shown.slice(1, 4)).toEqual([row(PYTHON, 4), row(PYTHON, 5), row(PYTHON, 6)]);
      expect(shown[4]).toContain("offset=7");
      expect(shown).toHaveLength(5);
    } finally {
      await session.close();
    }
  });
});

describe("lapp_replace_block", () => {
  test("round trip on a Python method: re-indented to the header, fresh refs in the result", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const content = "def total(self):\n    return sum(item.price * item.count for item in self.items)\n";
    const replaced = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      pattern: "def total",
      content,
    });
    expect(replaced.isError).toBe(false);
    expect(replaced.text).toStartWith("edited cart.py:");
    expect(replaced.text).toContain(
      "warning: content started at no indentation but the block's header has 4 spaces",
    );
    const after = readFileSync(join(root, "cart.py"), "utf8");
    const expected = PYTHON.replace(
      lines(PYTHON).slice(8, 15).join("\n"),
      "    def total(self):\n        return sum(item.price * item.count for item in self.items)",
    );
    expect(after).toBe(expected);
    // The refs in the result are those a read shows now.
    const read = await lapp.call("lapp_read", { path: "cart.py" });
    const fresh = refsByLine(replaced.text);
    const current = refsByLine(read.text);
    expect(fresh.size).toBeGreaterThan(0);
    for (const [line, ref] of fresh) expect(current.get(line)).toBe(ref);
    // The block found again is the new one.
    const again = await lapp.call("lapp_find_block", { path: "cart.py", anchor: fresh.get(10) });
    expect(again.text.split("\n")[0]).toBe(heading(after, 9, 10));
  });

  test("by anchor on a brace language; CRLF kept", async () => {
    writeFileSync(join(root, "math.js"), JS);
    const replaced = await lapp.call("lapp_replace_block", {
      path: "math.js",
      anchor: refOf(5, "function beta(a,"),
      content: "function beta(a, b) {\n  return a * b;\n}",
    });
    expect(replaced.isError).toBe(false);
    expect(readFileSync(join(root, "math.js"), "utf8")).toBe(
      "function alpha() {\r\n  return '}';\r\n}\r\n\r\nfunction beta(a, b) {\r\n  return a * b;\r\n}\r\n",
    );
  });

  test("a stale anchor writes nothing and shows fresh refs; the retry with them passes", async () => {
    writeFileSync(join(root, "math.js"), JS);
    const staleRef = refOf(1, "function alpha() {");
    const changed = JS.replace("function alpha() {", "function alpha(x) {");
    writeFileSync(join(root, "math.js"), changed);
    const refused = await lapp.call("lapp_replace_block", {
      path: "math.js",
      anchor: staleRef,
      content: "function alpha() {\n  return 0;\n}",
    });
    expect(errorCode(refused.text)).toBe("HASH_MISMATCH");
    expect(readFileSync(join(root, "math.js"), "utf8")).toBe(changed);
    const retry = await lapp.call("lapp_replace_block", {
      path: "math.js",
      anchor: refsByLine(refused.text).get(1),
      content: "function alpha() {\n  return 0;\n}",
    });
    expect(retry.isError).toBe(false);
    expect(readFileSync(join(root, "math.js"), "utf8")).toStartWith(
      "function alpha() {\r\n  return 0;\r\n}\r\n\r\n",
    );
  });

  test("dry_run previews and writes nothing; AMBIGUOUS writes nothing", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const preview = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      pattern: "def helper",
      occurrence: 2,
      content: "def helper(x, y):\n    return x + y",
      dry_run: true,
    });
    expect(preview.isError).toBe(false);
    expect(preview.text).toContain("+    return x + y");
    expect(preview.text).toContain(`-${row(PYTHON, 23)}`);
    const ambiguous = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      pattern: "def helper",
      content: "x = 1",
    });
    expect(errorCode(ambiguous.text)).toBe("AMBIGUOUS");
    expect(readFileSync(join(root, "cart.py"), "utf8")).toBe(PYTHON);
  });

  test("content that leaves a bracket open is written with a warning", async () => {
    writeFileSync(join(root, "math.js"), JS);
    const replaced = await lapp.call("lapp_replace_block", {
      path: "math.js",
      pattern: "function alpha",
      content: "function alpha() {\n  return 2;",
    });
    expect(replaced.isError).toBe(false);
    expect(replaced.text).toContain("warning: the new block leaves 1 bracket open");
  });

  test("the same block again is NO_CHANGE", async () => {
    writeFileSync(join(root, "cart.py"), PYTHON);
    const same = await lapp.call("lapp_replace_block", {
      path: "cart.py",
      pattern: "def helper",
      occurrence: 1,
      content: "def helper(x):\n    return x\n",
    });
    expect(errorCode(same.text)).toBe("NO_CHANGE");
  });
});
