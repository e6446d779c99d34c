// The HASH_MISMATCH repair payload: the exact shape docs/format.md shows, ±2 fresh rows per stale ref,
// `>>>` on the changed line, `...` between groups, and the moved-ID hint only when it is unambiguous.
import { describe, expect, test } from "bun:test";
import { applyEdits } from "../../src/hashline/edit.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { refusedRefsError, repairGroups } from "../../src/hashline/repair.ts";
import { shownLinesOf } from "../../src/hashline/answer.ts";
import { parseRef } from "../../src/hashline/refs.ts";
import { documentFromText } from "../../src/text/document.ts";

const SPEC_FILE = "function alpha() {\n\treturn 0;\n}\n\nfunction beta() {\n\tlegacy2();\n\treturn 1;\n}\n";

test("reproduces the documented example byte for byte", () => {
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
  const error = refusedRefsError(
    lines,
    stale.map((ref) => ({ ...ref, at: ref.line, reason: "changed" as const })),
    refCount,
  );
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
    const error = refusedRefsError(
      lines,
      [
        { line: 40, id: MOVED_ID, at: 40 },
        { line: 10, id: MOVED_ID, at: 10 },
        { line: 10, id: MOVED_ID, at: 10 },
      ],
      5,
    );
    expect(error.summary).toMatch(/^2 of 5 refs are stale \(lines 10, 40 /);
  });
});

describe("where a refused ref's line is now", () => {
  test("a plain changed line gets no guess, however close its old ID sits (the ±20-line hint is gone)", () => {
    const lines = fillers(80, MOVED_ID);
    lines[32] = MOVED;
    const out = payloadLines(lines, [{ line: 30, id: MOVED_ID }]);
    expect(out.some((row) => row.includes(`33#${MOVED_ID}`))).toBe(false);
    expect(out.at(-1)).toBe("Retry with the fresh refs above.");
  });

  test("a line moved outside lapp is marked at its new position and named with its fresh ref", () => {
    const lines = fillers(80, MOVED_ID);
    lines[36] = MOVED;
    const error = refusedRefsError(lines, [{ line: 30, id: MOVED_ID, at: 37, reason: "moved" }], 1);
    expect(error.code).toBe("HASH_MISMATCH");
    const rows = error.details.split("\n");
    expect(rows.filter((row) => row.startsWith(">>> ")).map(parseLine)).toEqual([37]);
    expect(rows.some((row) => row.startsWith(`30#${MOVED_ID} is now 37#${MOVED_ID}`))).toBe(true);
    expect(error.summary).toContain("30→37");
  });

  test("an ambiguous ref marks every candidate and is AMBIGUOUS_REF", () => {
    const lines = fillers(80, MOVED_ID);
    const error = refusedRefsError(lines, [{ line: 30, id: MOVED_ID, at: 30, candidates: [30, 60] }], 1);
    expect(error.code).toBe("AMBIGUOUS_REF");
    expect(
      error.details
        .split("\n")
        .filter((row) => row.startsWith(">>> "))
        .map(parseLine),
    ).toEqual([30, 60]);
    expect(shownLinesOf(error.body).map((shown) => shown.line)).toContain(60);
  });
});

describe("HASH_MISMATCH through applyEdits", () => {
  test("the record of shown rows catches an ID collision", () => {
    const doc = documentFromText(SPEC_FILE);
    const current = refOf(6, "\tlegacy2();");
    const calls: [number, string][] = [];
    const result = applyEdits(doc, [{ type: "replace", anchor: current, content: "x" }], {
      shown: {
        lookup: (line, id) => {
          calls.push([line, id]);
          return line === 6 ? { kind: "changed", at: 6 } : { kind: "unknown" };
        },
        unverified: () => [],
      },
    });
    expect(result.ok ? "ok" : result.error.code).toBe("HASH_MISMATCH");
    expect(calls).toEqual([[6, current.split("#")[1]!]]);
    if (!result.ok) expect(result.error.details).toContain(`>>> ${current}:`);
  });

  test("a record that does not know the ref lets the plain rule decide", () => {
    const doc = documentFromText(SPEC_FILE);
    const result = applyEdits(doc, [{ type: "replace", anchor: refOf(6, "\tlegacy2();"), content: "x" }], {
      shown: { lookup: () => ({ kind: "unknown" }), unverified: () => [] },
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
