// The HASH_MISMATCH repair payload: the exact shape of SPEC §3, ±2 fresh rows per stale ref,
// `>>>` on the changed line, `...` between groups, and the moved-ID hint only when it is unambiguous.
import { describe, expect, test } from "bun:test";
import { applyEdits } from "../../src/hashline/edit.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { hashMismatchError, repairGroups } from "../../src/hashline/repair.ts";
import { parseRef } from "../../src/hashline/refs.ts";
import { documentFromText } from "../../src/text/document.ts";

const SPEC_FILE = "function alpha() {\n\treturn 0;\n}\n\nfunction beta() {\n\tlegacy2();\n\treturn 1;\n}\n";

test("reproduces the SPEC example byte for byte", () => {
  const doc = documentFromText(SPEC_FILE);
  // The model read line 6 when it still said `\tlegacy();`.
  const staleId = lineId(6, "\tlegacy();");
  const result = applyEdits(doc, [
    { type: "replace", anchor: `6#${staleId}`, content: "\tmodern();" },
    { type: "replace", anchor: refOf(2, "\treturn 0;"), content: "\treturn 42;" },
    { type: "insert_after", anchor: refOf(8, "}"), content: "// end" },
  ]);
  if (result.ok) throw new Error("a stale ref must not apply");
  expect(result.error.render()).toBe(
    [
      "error HASH_MISMATCH: 1 of 3 refs is stale (line 6 changed since it was read); nothing was written.",
      "    4#RW:",
      "    5#XQ:function beta() {",
      ">>> 6#QR:\tlegacy2();",
      "    7#QV:\treturn 1;",
      "    8#XM:}",
      "Retry with the fresh refs above.",
    ].join("\n"),
  );
});

/** Lines `filler N` whose IDs all differ from `avoid`, so hints are decided only by the lines a test plants. */
function fillers(count: number, avoid: string): string[] {
  const lines: string[] = [];
  for (let n = 0; lines.length < count; n++) {
    const text = `filler ${n}`;
    if (lineId(1, text) !== avoid) lines.push(text);
  }
  return lines;
}

const MOVED = "\tmoved();";
const MOVED_ID = lineId(1, MOVED);

function payloadLines(
  lines: string[],
  stale: { line: number; id: string }[],
  refCount = stale.length,
): string[] {
  const error = hashMismatchError(lines, stale, refCount);
  expect(error.code).toBe("HASH_MISMATCH");
  return error.details.split("\n");
}

/** Every row of a payload carries a ref that is valid for the current lines. */
function expectFreshRows(rows: string[], lines: string[]): void {
  for (const row of rows.filter((row) => /^(>>> | {4})\d/.test(row))) {
    const parsed = parseRef(row);
    if (!parsed.ok || parsed.value.kind !== "line") throw new Error(`not a row: ${row}`);
    expect(lineId(parsed.value.line, lines[parsed.value.line - 1]!)).toBe(parsed.value.id);
    expect(row.slice(4)).toBe(
      `${refOf(parsed.value.line, lines[parsed.value.line - 1]!)}:${lines[parsed.value.line - 1]}`,
    );
  }
}

describe("payload shape", () => {
  const lines = fillers(60, MOVED_ID);

  test("two rows either side, the stale line marked, retry line last", () => {
    const out = payloadLines(lines, [{ line: 30, id: MOVED_ID }]);
    expect(out.map((row) => row.slice(0, 4))).toEqual(["    ", "    ", ">>> ", "    ", "    ", "Retr"]);
    expect(out[2]!.startsWith(`>>> ${refOf(30, lines[29]!)}:`)).toBe(true);
    expect(out.at(-1)).toBe("Retry with the fresh refs above.");
    expectFreshRows(out, lines);
  });

  test("rows are clamped at the start and the end of the file", () => {
    const first = payloadLines(lines, [{ line: 1, id: MOVED_ID }]);
    expect(first.filter((row) => /^(>>> | {4})\d/.test(row)).map((row) => parseLine(row))).toEqual([1, 2, 3]);
    const last = payloadLines(lines, [{ line: 60, id: MOVED_ID }]);
    expect(last.filter((row) => /^(>>> | {4})\d/.test(row)).map((row) => parseLine(row))).toEqual([
      58, 59, 60,
    ]);
  });

  test("far-apart stale refs give groups separated by `...`", () => {
    const out = payloadLines(lines, [
      { line: 10, id: MOVED_ID },
      { line: 40, id: MOVED_ID },
    ]);
    expect(out.filter((row) => row === "...")).toHaveLength(1);
    const shown = out.filter((row) => /^(>>> | {4})\d/.test(row)).map(parseLine);
    expect(shown).toEqual([8, 9, 10, 11, 12, 38, 39, 40, 41, 42]);
    expect(out.filter((row) => row.startsWith(">>> ")).map(parseLine)).toEqual([10, 40]);
    expectFreshRows(out, lines);
  });

  test("overlapping or touching groups merge; no row appears twice", () => {
    const overlapping = payloadLines(lines, [
      { line: 10, id: MOVED_ID },
      { line: 13, id: MOVED_ID },
    ]);
    expect(overlapping).not.toContain("...");
    expect(overlapping.filter((row) => /^(>>> | {4})\d/.test(row)).map(parseLine)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15,
    ]);
    const touching = payloadLines(lines, [
      { line: 10, id: MOVED_ID },
      { line: 15, id: MOVED_ID },
    ]);
    expect(touching).not.toContain("...");
    expect(repairGroups(60, [10, 16])).toEqual([
      { from: 8, to: 12 },
      { from: 14, to: 18 },
    ]);
  });

  test("the summary counts distinct stale refs among all refs, and names their lines", () => {
    const error = hashMismatchError(
      lines,
      [
        { line: 40, id: MOVED_ID },
        { line: 10, id: MOVED_ID },
        { line: 10, id: MOVED_ID },
      ],
      5,
    );
    expect(error.summary).toMatch(/^2 of 5 refs are stale \(lines 10, 40 /);
  });
});

describe("the moved-ID hint", () => {
  const base = fillers(80, MOVED_ID);
  const hintsOf = (rows: string[]) => rows.filter((row) => row.startsWith("hint:"));

  test("names the one nearby line that now carries the stale ID", () => {
    const lines = [...base];
    lines[32] = MOVED; // line 33: the text the model read on line 30 moved down three lines
    const out = payloadLines(lines, [{ line: 30, id: MOVED_ID }]);
    const hints = hintsOf(out);
    expect(hints).toHaveLength(1);
    expect(hints[0]).toContain(`33#${MOVED_ID}`);
    expect(out.at(-1)).toBe("Retry with the fresh refs above.");
  });

  test("is absent when the ID sits on two nearby lines", () => {
    const lines = [...base];
    lines[32] = MOVED;
    lines[25] = MOVED;
    expect(hintsOf(payloadLines(lines, [{ line: 30, id: MOVED_ID }]))).toHaveLength(0);
  });

  test("is absent when the only carrier is more than 20 lines away", () => {
    const lines = [...base];
    lines[50] = MOVED; // line 51, 21 away from 30
    expect(hintsOf(payloadLines(lines, [{ line: 30, id: MOVED_ID }]))).toHaveLength(0);
    lines[49] = MOVED; // line 50 is exactly 20 away: the only carrier within reach (51 stays out)
    const hints = hintsOf(payloadLines(lines, [{ line: 30, id: MOVED_ID }]));
    expect(hints).toHaveLength(1);
    expect(hints[0]).toContain(`50#${MOVED_ID}`);
  });

  test("is absent when the ID is nowhere near", () => {
    expect(hintsOf(payloadLines(base, [{ line: 30, id: MOVED_ID }]))).toHaveLength(0);
  });
});

describe("HASH_MISMATCH through applyEdits", () => {
  test("the served-content memory catches an ID collision", () => {
    const doc = documentFromText(SPEC_FILE);
    const current = refOf(6, "\tlegacy2();");
    const calls: [number, string][] = [];
    const result = applyEdits(doc, [{ type: "replace", anchor: current, content: "x" }], {
      isStaleByMemory: (line, id) => {
        calls.push([line, id]);
        return line === 6;
      },
    });
    expect(result.ok ? "ok" : result.error.code).toBe("HASH_MISMATCH");
    expect(calls).toEqual([[6, current.split("#")[1]!]]);
    if (!result.ok) expect(result.error.details).toContain(`>>> ${current}:`);
  });

  test("memory that does not object lets the edit through", () => {
    const doc = documentFromText(SPEC_FILE);
    const result = applyEdits(doc, [{ type: "replace", anchor: refOf(6, "\tlegacy2();"), content: "x" }], {
      isStaleByMemory: () => false,
    });
    expect(result.ok).toBe(true);
  });

  test("every stale ref of the call is reported, with a group each", () => {
    const lines = fillers(60, MOVED_ID);
    const doc = documentFromText(lines.join("\n") + "\n");
    const result = applyEdits(doc, [
      { type: "replace", anchor: `5#${MOVED_ID}`, content: "a" },
      { type: "delete", start: refOf(20, lines[19]!), end: `22#${MOVED_ID}` },
      { type: "insert_after", anchor: `50#${MOVED_ID}`, content: "b" },
    ]);
    if (result.ok) throw new Error("must fail");
    expect(result.error.code).toBe("HASH_MISMATCH");
    expect(result.error.summary).toMatch(/^3 of 4 refs are stale \(lines 5, 22, 50 /);
    const rows = result.error.details.split("\n");
    expect(rows.filter((row) => row.startsWith(">>> ")).map(parseLine)).toEqual([5, 22, 50]);
    expect(rows.filter((row) => row === "...")).toHaveLength(2);
  });

  test("a stale ref mixed with an invalid edit keeps its repair rows in the details", () => {
    const doc = documentFromText(SPEC_FILE);
    const result = applyEdits(doc, [
      { type: "replace", anchor: `6#${lineId(6, "\tlegacy();")}`, content: "x" },
      { type: "insert_after", anchor: refOf(2, "\treturn 0;"), content: "" },
    ]);
    if (result.ok) throw new Error("must fail");
    expect(result.error.code).toBe("INVALID_EDIT");
    const details = result.error.details.split("\n");
    expect(details.filter((row) => row.startsWith("- edits["))).toHaveLength(2);
    expect(details).toContain(">>> 6#QR:\tlegacy2();");
    expect(details.at(-1)).toBe("Retry with the fresh refs above.");
  });
});

function parseLine(row: string): number {
  const parsed = parseRef(row);
  if (!parsed.ok || parsed.value.kind !== "line") throw new Error(`not a row: ${row}`);
  return parsed.value.line;
}
