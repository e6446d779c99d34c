// Success and dry-run texts: summary line, fresh refs that are valid in the new file, one context row
// on each side, groups separated, long regions abbreviated, warnings last.
import { describe, expect, test } from "bun:test";
import { ABBREVIATED_HEAD, ABBREVIATED_TAIL } from "../../src/hashline/abbreviate.ts";
import { applyEdits, type EditInput } from "../../src/hashline/edit.ts";
import { renderDryRun, renderEditSuccess } from "../support/render.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { documentFromText, type TextDocument } from "../../src/text/document.ts";

const LINES = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`);
const DOC = documentFromText(LINES.join("\n") + "\n");
const ref = (line: number) => refOf(line, LINES[line - 1]!);

interface Row {
  mark: string;
  line: number;
  id: string;
  separator: string;
  text: string;
}
const ROW = /^([ +-]?)(\d+)#([A-Z]{2})([:-])(.*)$/;

function rowsOf(output: string): Row[] {
  return output.split("\n").flatMap((text) => {
    const match = ROW.exec(text);
    return match
      ? [{ mark: match[1]!, line: Number(match[2]), id: match[3]!, separator: match[4]!, text: match[5]! }]
      : [];
  });
}

/** Every row names a line of `doc` by a valid ref and shows that line's text. */
function expectValidRows(rows: readonly Row[], doc: TextDocument): void {
  for (const row of rows) {
    expect(row.id).toBe(lineId(row.line, doc.lines[row.line - 1]!));
    expect(row.text).toBe(doc.lines[row.line - 1]!);
  }
}

function edit(edits: EditInput[]) {
  const result = applyEdits(DOC, edits);
  if (!result.ok) throw result.error;
  return result.value;
}

describe("renderEditSuccess", () => {
  test("summary line, changed rows with `:`, one context row with `-` on each side", () => {
    const outcome = edit([{ type: "replace", anchor: ref(10), content: "ten\nten and a half" }]);
    const output = renderEditSuccess("src/x.txt", outcome);
    const lines = output.split("\n");
    expect(lines[0]).toBe("edited src/x.txt: 1 edit, +2 -1 lines, now 41 lines");
    const rows = rowsOf(output);
    expect(rows.map((row) => [row.line, row.separator])).toEqual([
      [9, "-"],
      [10, ":"],
      [11, ":"],
      [12, "-"],
    ]);
    expectValidRows(rows, outcome.doc);
    expect(lines).toHaveLength(5);
  });

  test("a deletion shows the lines either side of the gap", () => {
    const outcome = edit([{ type: "delete", start: ref(10), end: ref(12) }]);
    const rows = rowsOf(renderEditSuccess("x", outcome));
    expect(rows.map((row) => [row.line, row.separator, row.text])).toEqual([
      [9, "-", "line 9"],
      [10, "-", "line 13"],
    ]);
    expectValidRows(rows, outcome.doc);
  });

  test("deleting the first or last line shows the one neighbour", () => {
    expect(
      rowsOf(renderEditSuccess("x", edit([{ type: "delete", anchor: ref(1) }]))).map((row) => row.text),
    ).toEqual(["line 2"]);
    expect(
      rowsOf(renderEditSuccess("x", edit([{ type: "delete", anchor: ref(40) }]))).map((row) => row.text),
    ).toEqual(["line 39"]);
  });

  test("regions far apart are separate groups; close ones share their context", () => {
    const far = renderEditSuccess(
      "x",
      edit([
        { type: "replace", anchor: ref(5), content: "five" },
        { type: "replace", anchor: ref(30), content: "thirty" },
      ]),
    );
    expect(far.split("\n").filter((line) => line === "...")).toHaveLength(1);
    const close = edit([
      { type: "replace", anchor: ref(5), content: "five" },
      { type: "replace", anchor: ref(7), content: "seven" },
    ]);
    const output = renderEditSuccess("x", close);
    expect(output.split("\n")).not.toContain("...");
    expect(rowsOf(output).map((row) => [row.line, row.separator])).toEqual([
      [4, "-"],
      [5, ":"],
      [6, "-"],
      [7, ":"],
      [8, "-"],
    ]);
  });

  test("a long region is abbreviated; the rows shown keep valid refs", () => {
    const content = Array.from({ length: 30 }, (_, index) => `new ${index}`).join("\n");
    const outcome = edit([{ type: "insert_after", anchor: ref(20), content }]);
    const output = renderEditSuccess("x", outcome);
    const rows = rowsOf(output);
    expect(rows.filter((row) => row.separator === ":")).toHaveLength(ABBREVIATED_HEAD + ABBREVIATED_TAIL);
    expect(output).toContain(`(${30 - ABBREVIATED_HEAD - ABBREVIATED_TAIL} more lines)`);
    expect(rows[0]!.line).toBe(20);
    expect(rows.at(-1)!.line).toBe(51);
    expectValidRows(rows, outcome.doc);
  });

  test("an emptied file says so", () => {
    const outcome = edit([{ type: "delete", start: ref(1), end: ref(40) }]);
    const lines = renderEditSuccess("x", outcome).split("\n");
    expect(lines[0]).toBe("edited x: 1 edit, +0 -40 lines, now 0 lines");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"0:"');
  });

  test("warnings come last, one per line", () => {
    const outcome = edit([
      { type: "replace", anchor: ref(3), content: `${ref(3)}:three` },
      { type: "delete", anchor: ref(8) },
      { type: "delete", anchor: ref(8) },
    ]);
    const lines = renderEditSuccess("x", outcome).split("\n");
    expect(lines.slice(-2).every((line) => line.startsWith("warning: "))).toBe(true);
    expect(lines.filter((line) => line.startsWith("warning: "))).toHaveLength(2);
    expect(lines[0]).toBe("edited x: 2 edits, +1 -2 lines, now 39 lines");
  });

  test("regions are reported in the new file's numbering", () => {
    const outcome = edit([
      { type: "insert_after", anchor: "0:", content: "a\nb" },
      { type: "delete", start: ref(10), end: ref(11) },
      { type: "replace", anchor: ref(20), content: "x\ny\nz" },
    ]);
    expect(outcome.regions).toEqual([
      { start: 1, lineCount: 2, oldStart: 1, removedCount: 0 },
      { start: 12, lineCount: 0, oldStart: 10, removedCount: 2 },
      { start: 20, lineCount: 3, oldStart: 20, removedCount: 1 },
    ]);
    expect(outcome.doc.lines.slice(19, 22)).toEqual(["x", "y", "z"]);
  });
});

describe("renderDryRun", () => {
  test("`-` rows carry the current refs, `+` rows the new text, context rows around", () => {
    const outcome = edit([
      { type: "replace", start: ref(10), end: ref(11), content: "ten" },
      { type: "insert_after", anchor: "EOF:", content: "tail" },
    ]);
    const output = renderDryRun("src/x.txt", DOC, outcome);
    const lines = output.split("\n");
    expect(lines[0]).toBe("dry run src/x.txt: 2 edits, +2 -2 lines, would be 40 lines; nothing was written.");
    const rows = rowsOf(output);
    expect(rows.map((row) => [row.mark, row.line])).toEqual([
      [" ", 9],
      ["-", 10],
      ["-", 11],
      [" ", 12],
      [" ", 40],
    ]);
    expectValidRows(rows, DOC);
    expect(lines.filter((line) => line.startsWith("+"))).toEqual(["+ten", "+tail"]);
    expect(lines.indexOf("+ten")).toBe(lines.indexOf(`-${ref(11)}:line 11`) + 1);
    expect(lines.indexOf("+tail")).toBe(lines.indexOf(` ${ref(40)}-line 40`) + 1);
    expect(lines).toContain("...");
  });

  test("the document given to applyEdits is left untouched", () => {
    const before = JSON.stringify(DOC);
    edit([{ type: "replace", start: ref(1), end: ref(40), content: "gone" }]);
    expect(JSON.stringify(DOC)).toBe(before);
  });
});
