// The lenient ref parser: every accepted sloppy form, and the forms it must refuse.
import { describe, expect, test } from "bun:test";
import { exampleRefOf, parseRef, showRef } from "../../src/hashline/refs.ts";

describe("accepted refs", () => {
  const LINE_CASES: [string, number, string][] = [
    ["12#KT", 12, "KT"],
    ["  12#KT", 12, "KT"],
    ["\t12#KT\n", 12, "KT"],
    [">>> 12#KT", 12, "KT"],
    [">>>12#KT:\tlegacy();", 12, "KT"],
    ["> 12#KT", 12, "KT"],
    ["+12#KT:added", 12, "KT"],
    ["-12#KT:removed", 12, "KT"],
    [" - 12#KT", 12, "KT"],
    ["12 # KT", 12, "KT"],
    ["12# KT", 12, "KT"],
    ["12#kt", 12, "KT"],
    ["12#Kt", 12, "KT"],
    ["12#KT:const a = 1;", 12, "KT"],
    ["12#KT:", 12, "KT"],
    ["12#KT|const a = 1;", 12, "KT"],
    ["12#KT-context text", 12, "KT"],
    ["12#KT :x", 12, "KT"],
    ["12#KT:a:b|c#d", 12, "KT"],
    ["007#ZZ", 7, "ZZ"],
    ["0#ZZ", 0, "ZZ"],
    ["1#HH", 1, "HH"],
  ];
  test.each(LINE_CASES)("%p → line %d ID %s", (raw, line, id) => {
    const result = parseRef(raw);
    expect(result).toEqual({ ok: true, value: { kind: "line", line, id } });
  });

  test.each(["0:", "0", " 0: ", "0:anything", "0|", ">>> 0:"])("%p is the start of the file", (raw) => {
    expect(parseRef(raw)).toEqual({ ok: true, value: { kind: "start" } });
  });

  test.each(["EOF:", "EOF", "eof", "Eof:", " EOF: ", "EOF|x"])("%p is the end of the file", (raw) => {
    expect(parseRef(raw)).toEqual({ ok: true, value: { kind: "end" } });
  });
});

describe("refused refs", () => {
  const BAD = [
    "",
    "   ",
    "12",
    "12KT",
    "#KT",
    "KT",
    "12#K",
    "12#KTX",
    "12#K T",
    "12#AB", // A and B are not in the alphabet
    "12#KT text", // trailing text needs `:` or `|`
    "12:KT",
    "12.5#KT",
    "line 12#KT",
    "00:",
    "EOF#KT",
    "12#ĸT",
    "12##KT",
  ];
  test.each(BAD)("%p is INVALID_REF", (raw) => {
    const result = parseRef(raw, "3#QR");
    if (result.ok) throw new Error(`accepted ${JSON.stringify(raw)}`);
    expect(result.error.code).toBe("INVALID_REF");
    // The message shows the expected form with the example ref it was given.
    expect(result.error.summary).toContain('"3#QR"');
    expect(result.error.summary).toContain(JSON.stringify(raw));
  });
});

test("showRef writes the canonical forms", () => {
  expect(showRef({ kind: "line", line: 5, id: "SN" })).toBe("5#SN");
  expect(showRef({ kind: "start" })).toBe("0:");
  expect(showRef({ kind: "end" })).toBe("EOF:");
});

test("exampleRefOf prefers the first line with a letter or digit", () => {
  expect(exampleRefOf([])).toBe("0:");
  expect(exampleRefOf(["", "}", "let x;"])).toMatch(/^3#[A-Z]{2}$/);
  expect(exampleRefOf(["{", "}"])).toMatch(/^1#[A-Z]{2}$/);
  const ref = exampleRefOf(["", "let x;"]);
  const parsed = parseRef(ref);
  expect(parsed.ok && parsed.value.kind === "line" && parsed.value.line).toBe(2);
});
