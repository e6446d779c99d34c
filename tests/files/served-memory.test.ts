// Served-content memory: catches an ID collision with a changed line when lapp served the older text, forgets
// nothing it should remember, and stays within its bounds in files and bytes.
import { describe, expect, test } from "bun:test";
import { ServedMemory } from "../../src/files/served-memory.ts";
import { lineId } from "../../src/hashline/hash.ts";

/** A different text with the same ID on line `line` (found by search: 1 in 256). */
function colliding(line: number, original: string): string {
  const target = lineId(line, original);
  for (let attempt = 0; ; attempt++) {
    const candidate = `changed ${attempt}`;
    if (lineId(line, candidate) === target) return candidate;
  }
}

describe("the collision guard", () => {
  const served = ["alpha", "beta", "gamma"];
  const changedText = colliding(2, "beta");
  const current = ["alpha", changedText, "gamma"];
  const staleId = lineId(2, "beta");

  test("a ref to a changed line whose ID collides is stale when the old text was served", () => {
    const memory = new ServedMemory();
    memory.remember("/f", served);
    expect(lineId(2, changedText)).toBe(staleId);
    const isStale = memory.staleChecker("/f", current);
    expect(isStale(2, staleId)).toBe(true);
    expect(isStale(2, staleId.toLowerCase())).toBe(true);
    expect(isStale(1, lineId(1, "alpha"))).toBe(false); // unchanged line
    expect(isStale(3, lineId(3, "gamma"))).toBe(false);
    expect(isStale(9, "ZZ")).toBe(false); // past the end: the engine reports it
  });

  test("nothing served, nothing judged: without memory the ref would pass (the collision is real)", () => {
    expect(new ServedMemory().staleChecker("/f", current)(2, staleId)).toBe(false);
  });

  test("only the rows actually served are remembered (a page, a single row)", () => {
    const memory = new ServedMemory();
    memory.remember("/f", ["beta"], 2); // a page showing line 2 only
    expect(memory.staleChecker("/f", current)(2, staleId)).toBe(true);
    memory.rememberRow("/f", 2, changedText); // the current line was shown since (e.g. by a repair payload)
    expect(memory.staleChecker("/f", current)(2, staleId)).toBe(false);
  });

  test("rememberRows records the shown rows of the current file", () => {
    const memory = new ServedMemory();
    memory.remember("/f", served);
    memory.rememberRows("/f", current, [2]);
    expect(memory.staleChecker("/f", current)(2, staleId)).toBe(false);
  });

  test("line numbers far apart (sparse pages of a huge file) are independent", () => {
    const memory = new ServedMemory();
    memory.remember("/f", ["beta"], 1_000_002);
    const lines = Array.from({ length: 1_000_003 }, () => "x");
    lines[1_000_001] = colliding(1_000_002, "beta");
    expect(memory.staleChecker("/f", lines)(1_000_002, lineId(1_000_002, "beta"))).toBe(true);
    expect(memory.size.bytes).toBeLessThan(10_000);
  });
});

describe("bounds", () => {
  test("at most maxFiles files, least recently used dropped first", () => {
    const memory = new ServedMemory(3, 1 << 30);
    for (const name of ["a", "b", "c"]) memory.remember(`/${name}`, ["beta"]);
    memory.staleChecker("/a", ["x"]); // using a file keeps it
    memory.remember("/d", ["beta"]);
    expect(memory.size.files).toBe(3);
    const changed = [colliding(1, "beta")];
    expect(memory.staleChecker("/a", changed)(1, lineId(1, "beta"))).toBe(true);
    expect(memory.staleChecker("/b", changed)(1, lineId(1, "beta"))).toBe(false); // evicted
  });

  test("at most maxBytes, whatever is remembered", () => {
    const maxBytes = 200_000;
    const memory = new ServedMemory(1000, maxBytes);
    const lines = Array.from({ length: 20_000 }, (_, index) => `line ${index}`);
    for (let file = 0; file < 50; file++) {
      memory.remember(`/f${file}`, lines);
      expect(memory.size.bytes).toBeLessThanOrEqual(maxBytes);
    }
    expect(memory.size.files).toBeGreaterThan(0);
    // A single file larger than the whole budget is not kept at all rather than breaking the bound.
    memory.remember(
      "/huge",
      Array.from({ length: 100_000 }, () => "x"),
    );
    expect(memory.size.bytes).toBeLessThanOrEqual(maxBytes);
  });

  test("forget releases the bytes", () => {
    const memory = new ServedMemory();
    memory.remember("/f", ["a", "b"]);
    expect(memory.size.bytes).toBeGreaterThan(0);
    memory.forget("/f");
    expect(memory.size).toEqual({ files: 0, bytes: 0 });
  });
});
