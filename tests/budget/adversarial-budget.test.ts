// The output budget holds by o200k (the real encoder, from devDependencies) for every answer, on the text classes
// that fooled the old estimate: random letters (counted 2.1-2.3 times too low), control characters (1.4 times),
// capitals, hex, letter-digit and letter-space alternations, CJK, emoji, long digit runs, base64, minified code —
// and on searches whose matches lie close together (one merged group of rows, which used to be shown whole).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { estimateTokens } from "../../src/budget/estimate.ts";
import { startInProcess } from "../support/in-process.ts";
import type { LappSession } from "../support/lapp-session.ts";

/** A small deterministic generator: the same texts on every run. */
function generator(seed: number) {
  let state = seed;
  return (alphabet: string, count: number) => {
    let out = "";
    for (let index = 0; index < count; index++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      out += alphabet[(state >>> 8) % alphabet.length];
    }
    return out;
  };
}

const pick = generator(2026);
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();
const DIGITS = "0123456789";
const CONTROLS = Array.from({ length: 31 }, (_, index) => String.fromCharCode(index + 1))
  .filter((char) => char !== "\n" && char !== "\t" && char !== "\r")
  .join("");
const PRINTABLE = Array.from({ length: 95 }, (_, index) => String.fromCharCode(index + 32)).join("");
const words = (count: number, length: number, alphabet: string, separator = " ") =>
  Array.from({ length: count }, () => pick(alphabet, length)).join(separator);

const CLASSES: Record<string, string> = {
  "random lower-case letters": pick(LOWER, 20_000),
  "random capitals": pick(UPPER, 20_000),
  "random mixed-case letters": pick(LOWER + UPPER, 20_000),
  "random letters and digits": pick(LOWER + UPPER + DIGITS, 20_000),
  "random printable ASCII": pick(PRINTABLE, 20_000),
  "control characters": pick(CONTROLS, 20_000),
  "control characters between letters": words(6_000, 2, LOWER, "\x01"),
  "one letter, one space": words(10_000, 1, LOWER),
  "one letter, one digit": Array.from({ length: 10_000 }, () => pick(LOWER, 1) + pick(DIGITS, 1)).join(""),
  "random three-letter words": words(5_000, 3, LOWER),
  "random three-capital words": words(5_000, 3, UPPER),
  "random words on lines": words(5_000, 4, LOWER, "\n"),
  "upper-case hex": pick("0123456789ABCDEF", 20_000),
  "long digit runs": pick(DIGITS, 20_000),
  base64: Buffer.from(pick(PRINTABLE, 15_000)).toString("base64"),
  CJK: Array.from({ length: 8_000 }, (_, index) =>
    String.fromCharCode(0x4e00 + ((index * 7919) % 20_000)),
  ).join(""),
  emoji: Array.from({ length: 4_000 }, (_, index) =>
    String.fromCodePoint(0x1f300 + ((index * 37) % 700)),
  ).join(""),
};

describe("the estimate is never below the o200k count", () => {
  for (const [name, text] of Object.entries(CLASSES)) {
    test(name, () => {
      expect(estimateTokens(text)).toBeGreaterThanOrEqual(encode(text).length);
    });
  }
});

describe("every answer stays within the budget by o200k", () => {
  const BUDGET = 4_000;
  let lapp: LappSession;
  beforeAll(async () => {
    lapp = await startInProcess({ config: { maxOutputTokens: BUDGET } });
    const lines = (count: number, make: () => string) =>
      Array.from({ length: count }, make).join("\n") + "\n";
    writeFileSync(
      join(lapp.root, "letters.txt"),
      lines(2_000, () => pick(LOWER, 60)),
    );
    writeFileSync(
      join(lapp.root, "controls.txt"),
      lines(2_000, () => pick(CONTROLS + LOWER, 60)),
    );
    // 1,500 matches, one every 4th line: with context 2 they form one group of rows.
    writeFileSync(
      join(lapp.root, "close.txt"),
      Array.from({ length: 6_000 }, (_, index) =>
        index % 4 === 0 ? `hit ${pick(LOWER, 50)}` : pick(LOWER, 50),
      ).join("\n") + "\n",
    );
  });
  afterAll(() => lapp.close());

  const within = (text: string) => expect(encode(text).length).toBeLessThanOrEqual(BUDGET);

  test("a read of random letters, and of control characters", async () => {
    for (const path of ["letters.txt", "controls.txt"])
      within((await lapp.call("lapp_read", { path, offset: 1 })).text);
  });

  test("a search whose matches lie close together (one merged group), in both formats", async () => {
    for (const args of [
      { pattern: "^hit", path: "close.txt" },
      { pattern: "^hit", path: "close.txt", max_results: 5_000, context: 0 },
      { pattern: "^hit", path: "close.txt", format: "structured" },
    ]) {
      const result = await lapp.call("lapp_grep", args);
      within(result.text);
      expect(result.text).toContain(args.format === "structured" ? '"truncated":true' : "cut at");
    }
  });
});
