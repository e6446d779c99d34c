// Every verified vector of the shared hashline format must reproduce exactly.
import { describe, expect, test } from "bun:test";
import vectors from "../fixtures/hash-vectors.json";
import { lineId, refOf } from "../../src/hashline/hash.ts";

describe("lineId matches the reference vectors", () => {
  test("the vector file is complete", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(100);
  });
  for (const [index, vector] of vectors.entries()) {
    test(`#${index} line ${vector.line} ${JSON.stringify(vector.text).slice(0, 40)}`, () => {
      expect(lineId(vector.line, vector.text)).toBe(vector.id);
    });
  }
});

test("refOf joins number and ID", () => {
  expect(refOf(1, "function hello() {")).toBe("1#RM");
});
