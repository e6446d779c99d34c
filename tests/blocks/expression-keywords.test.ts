import { describe, expect, test } from "bun:test";
import { isExpressionKeyword } from "../../src/blocks/brace/expression-keywords.ts";

const KEYWORDS =
  "return typeof instanceof in of new delete void throw case do else yield await default extends";

describe("isExpressionKeyword", () => {
  test("every keyword, found in place in a longer line", () => {
    for (const word of KEYWORDS.split(" ")) {
      const text = `x = ${word} /re/`;
      expect(isExpressionKeyword(text, 4, 4 + word.length)).toBe(true);
    }
  });

  test("words that only share a keyword's start, length or first letter are not keywords", () => {
    for (const word of [
      "returns",
      "int",
      "i",
      "ofx",
      "nex",
      "dox",
      "Return",
      "retur",
      "instanceofs",
      "é",
      "caseé",
    ]) {
      expect(isExpressionKeyword(` ${word} `, 1, 1 + word.length)).toBe(false);
    }
  });

  test("the range is what counts, not what follows it", () => {
    expect(isExpressionKeyword("returned", 0, 6)).toBe(true);
    expect(isExpressionKeyword("returned", 0, 8)).toBe(false);
  });
});
