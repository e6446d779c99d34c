// The token estimate is an upper bound of o200k counts across a varied corpus (real code, bundles, minified code,
// declaration files, prose, CJK, base64, hex, emoji), and it does not drift far above it on ordinary code.
import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { clipToBudget, TokenBudget } from "../../src/budget/budget.ts";
import { estimateTokens } from "../../src/budget/estimate.ts";

const modules = resolve(import.meta.dir, "../../node_modules");
const file = (path: string) => readFileSync(resolve(modules, path), "utf8");
const pick = (count: number, alphabet: string) =>
  Array.from(
    { length: count },
    (_, index) => alphabet[(index * 7919 + (index >> 3) * 104729) % alphabet.length],
  ).join("");

const typescript = file("typescript/lib/typescript.js");
const corpus: Record<string, string> = {
  "lib.es5.d.ts": file("typescript/lib/lib.es5.d.ts"),
  "typescript.js (bundle)": typescript.slice(0, 400_000),
  "valibot (minified)": file("valibot/dist/index.min.mjs"),
  "sdk types.js": file("@modelcontextprotocol/sdk/dist/esm/types.js"),
  "prettier README": readFileSync(resolve(import.meta.dir, "../../README.md"), "utf8"),
  base64: randomBytes(30_000).toString("base64"),
  "base64 lines": (
    randomBytes(30_000)
      .toString("base64")
      .match(/.{1,76}/g) ?? []
  ).join("\n"),
  hex: randomBytes(20_000).toString("hex"),
  digits: pick(20_000, "0123456789"),
  punctuation: pick(20_000, "!\"#$%&'()*+,-./:;<=>?@[\\]^`{|}~"),
  cjk: Array.from({ length: 8_000 }, (_, index) =>
    String.fromCharCode(0x4e00 + ((index * 7919) % 20_000)),
  ).join(""),
  "chinese prose": "这是一个用于测试的中文句子，包含常见的汉字和标点符号。".repeat(200),
  emoji: Array.from({ length: 4_000 }, (_, index) =>
    String.fromCodePoint(0x1f300 + ((index * 37) % 700)),
  ).join(""),
  cyrillic: "Съешь же ещё этих мягких французских булок, да выпей чаю. ".repeat(300),
};

describe("estimateTokens", () => {
  for (const [name, text] of Object.entries(corpus)) {
    test(`is at least the o200k count: ${name}`, () => {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(encode(text).length);
    });
  }

  test("holds on every 200-line window of a bundle and of a declaration file", () => {
    for (const text of [typescript.slice(400_000, 1_400_000), corpus["lib.es5.d.ts"]!]) {
      const lines = text.split("\n");
      for (let start = 0; start < lines.length; start += 200) {
        const window = lines.slice(start, start + 200).join("\n");
        expect(estimateTokens(window)).toBeGreaterThanOrEqual(encode(window).length);
      }
    }
  });

  test("is at least a quarter of the UTF-8 bytes (how Codex counts), indentation-heavy text included", () => {
    const indented = Array.from({ length: 2_000 }, (_, index) => `${" ".repeat(4 * (index % 12))}x${index};`);
    const texts = { ...corpus, indented: indented.join("\n"), "blank lines": " ".repeat(64).repeat(500) };
    for (const text of Object.values(texts)) {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(Buffer.byteLength(text, "utf8") / 4);
    }
  });

  test("stays within 2.5× of o200k on ordinary code (pages are not needlessly small)", () => {
    for (const name of ["lib.es5.d.ts", "typescript.js (bundle)", "valibot (minified)"]) {
      const text = corpus[name]!;
      expect(estimateTokens(text)).toBeLessThan(2.5 * encode(text).length);
    }
  });

  test("a whole never estimates more than its rows plus one per newline", () => {
    const lines = corpus["sdk types.js"]!.split("\n").slice(0, 500);
    const parts = lines.reduce((sum, line) => sum + estimateTokens(line), 0) + lines.length - 1;
    expect(estimateTokens(lines.join("\n"))).toBeLessThanOrEqual(parts);
  });
});

describe("TokenBudget and clipToBudget", () => {
  test("take stops before the row that would pass the limit, but always lets a first row through", () => {
    const budget = new TokenBudget(10);
    expect(budget.take("x".repeat(400), true)).toBe(true);
    expect(budget.take("y")).toBe(false);
  });

  test("clipToBudget keeps short texts whole and cuts long ones at a line, naming what was shown", () => {
    expect(clipToBudget("a\nb", 2_000, () => "cut")).toBe("a\nb");
    const long = Array.from({ length: 5_000 }, (_, index) => `line ${index} of a long answer`).join("\n");
    const clipped = clipToBudget(long, 2_000, (shown, total) => `[${shown} of ${total}]`);
    expect(estimateTokens(clipped)).toBeLessThanOrEqual(2_000);
    expect(clipped.split("\n").at(-1)).toMatch(/^\[\d+ of 5000\]$/);
  });
});
