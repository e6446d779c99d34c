// Failures of an edit call: all reported together, the primary code by documented precedence,
// overlaps naming both edits, and error texts carrying what a retry needs (real refs, line counts).
import { describe, expect, test } from "bun:test";
import { applyEdits, type EditInput } from "../../src/hashline/edit.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { FAILURE_PRECEDENCE } from "../../src/hashline/failures.ts";
import { documentFromText } from "../../src/text/document.ts";

const LINES = ["import os", "", "def main():", "    print('hi')", "    return 0", "", "main()"];
const DOC = documentFromText(LINES.join("\n") + "\n");
const ref = (line: number) => refOf(line, LINES[line - 1]!);
const stale = (line: number) => `${line}#${lineId(line, LINES[line - 1]!) === "ZZ" ? "PP" : "ZZ"}`;

function failure(edits: EditInput[]) {
  const result = applyEdits(DOC, edits);
  if (result.ok) throw new Error("expected a failure");
  return result.error;
}
const listed = (details: string) => details.split("\n").filter((line) => line.startsWith("- "));

describe("all failures together", () => {
  test("one problem of each kind: every one listed, INVALID_EDIT first", () => {
    const error = failure([
      { type: "replace", anchor: stale(3), content: "x" },
      { type: "delete", anchor: "99#ZZ" },
      { type: "delete", anchor: "3-KT" },
      { type: "insert_after", anchor: ref(1), content: "" },
    ]);
    expect(error.code).toBe("INVALID_EDIT");
    const items = listed(error.details);
    expect(items).toHaveLength(4);
    for (const index of [0, 1, 2, 3])
      expect(items.some((item) => item.startsWith(`- edits[${index}]`))).toBe(true);
    expect(error.summary).toMatch(/^4 problems/);
    expect(error.details).toContain(`>>> ${ref(3)}:`);
  });

  test("precedence: INVALID_EDIT > INVALID_REF > LINE_OUT_OF_RANGE > HASH_MISMATCH > AMBIGUOUS_REF", () => {
    expect(FAILURE_PRECEDENCE).toEqual([
      "INVALID_EDIT",
      "INVALID_REF",
      "LINE_OUT_OF_RANGE",
      "HASH_MISMATCH",
      "AMBIGUOUS_REF",
    ]);
    const staleEdit: EditInput = { type: "delete", anchor: stale(5) };
    const rangeEdit: EditInput = { type: "delete", anchor: "50#ZZ" };
    const refEdit: EditInput = { type: "delete", anchor: "five" };
    expect(failure([staleEdit, rangeEdit]).code).toBe("LINE_OUT_OF_RANGE");
    expect(failure([staleEdit, rangeEdit, refEdit]).code).toBe("INVALID_REF");
    expect(failure([rangeEdit, staleEdit]).code).toBe("LINE_OUT_OF_RANGE");
  });

  test("several failures inside one edit are all listed", () => {
    const error = failure([{ type: "replace", start: stale(3), end: "77#ZZ" }]);
    expect(error.code).toBe("INVALID_EDIT"); // no content
    expect(listed(error.details)).toHaveLength(3);
  });

  test("a single failure fits on the summary line, with nothing after it", () => {
    const error = failure([{ type: "delete", start: ref(5), end: ref(3) }]);
    expect(error.code).toBe("INVALID_EDIT");
    expect(error.details).toBe("");
    expect(error.summary).toContain("edits[0]");
    expect(error.summary).toContain(ref(5));
    expect(error.summary).toContain(ref(3));
  });

  test("overlaps are only checked once every ref is valid", () => {
    const error = failure([
      { type: "delete", start: ref(1), end: ref(4) },
      { type: "delete", start: ref(3), end: stale(5) },
    ]);
    expect(error.code).toBe("HASH_MISMATCH");
  });
});

describe("what the texts carry", () => {
  test("INVALID_REF shows a real ref from this file", () => {
    const error = failure([{ type: "delete", anchor: "3KT" }]);
    expect(error.code).toBe("INVALID_REF");
    expect(error.summary).toContain(`"${ref(1)}"`);
    expect(error.summary).toContain('"3KT"');
  });

  test("LINE_OUT_OF_RANGE gives the line count and the last ref", () => {
    const error = failure([{ type: "replace", anchor: "12#ZZ", content: "x" }]);
    expect(error.code).toBe("LINE_OUT_OF_RANGE");
    expect(error.summary).toContain("7 lines");
    expect(error.summary).toContain(ref(7));
  });

  test("LINE_OUT_OF_RANGE names the last line and never guesses where an unknown ref's line went", () => {
    const id = lineId(7, "main()");
    const error = failure([{ type: "replace", anchor: `9#${id}`, content: "x" }]);
    expect(error.code).toBe("LINE_OUT_OF_RANGE");
    expect(error.summary).toContain(`the last is ${ref(7)}`);
    expect(error.summary).not.toContain("now sits on");
  });

  test("OVERLAPPING_EDITS names both edits by index and ref", () => {
    const error = failure([
      { type: "replace", anchor: ref(1), content: "import sys" },
      { type: "replace", start: ref(3), end: ref(5), content: "def main(): pass" },
      { type: "insert_before", anchor: ref(4), content: "    # note" },
    ]);
    expect(error.code).toBe("OVERLAPPING_EDITS");
    expect(error.summary).toContain(`edits[1] (replace ${ref(3)}..${ref(5)})`);
    expect(error.summary).toContain(`edits[2] (insert_before ${ref(4)})`);
  });

  test("every overlapping pair is named", () => {
    const error = failure([
      { type: "delete", start: ref(1), end: ref(3) },
      { type: "delete", start: ref(3), end: ref(5) },
      { type: "delete", start: ref(5), end: ref(7) },
    ]);
    expect(error.code).toBe("OVERLAPPING_EDITS");
    expect(error.summary).toContain("edits[0]");
    expect(error.summary).toContain("edits[1]");
    expect(listed(error.details)).toHaveLength(1);
    expect(listed(error.details)[0]).toContain("edits[2]");
  });

  test("an insert after the last line of a deleted range is fine; anchored inside it is not", () => {
    const ok = applyEdits(DOC, [
      { type: "delete", start: ref(3), end: ref(5) },
      { type: "insert_after", anchor: ref(2), content: "# before" },
      { type: "insert_before", anchor: ref(6), content: "# after" },
    ]);
    expect(ok.ok).toBe(true);
    expect(
      failure([
        { type: "delete", start: ref(3), end: ref(5) },
        { type: "insert_after", anchor: ref(5), content: "# x" },
      ]).code,
    ).toBe("OVERLAPPING_EDITS");
  });

  test("unknown edit type is INVALID_EDIT", () => {
    const error = failure([{ type: "move" as EditInput["type"], anchor: ref(1) }]);
    expect(error.code).toBe("INVALID_EDIT");
  });

  test('empty-string refs count as absent (models fill unused fields with "")', () => {
    const result = applyEdits(DOC, [
      { type: "replace", anchor: ref(1), start: "", end: " ", content: "import sys" },
    ]);
    expect(result.ok).toBe(true);
    expect(failure([{ type: "replace", anchor: "", content: "x" }]).code).toBe("INVALID_EDIT");
  });

  test("delete accepts an empty content", () => {
    expect(applyEdits(DOC, [{ type: "delete", anchor: ref(2), content: "" }]).ok).toBe(true);
  });

  test("NO_CHANGE when every edit is a no-op", () => {
    const error = failure([
      { type: "replace", anchor: ref(1), content: "import os" },
      { type: "replace", start: ref(3), end: ref(4), content: "def main():\n    print('hi')\n" },
    ]);
    expect(error.code).toBe("NO_CHANGE");
  });
});

test("a duplicate with copied prefixes warns about the prefixes once, and about the duplicate", () => {
  const edit: EditInput = { type: "replace", anchor: ref(1), content: `${ref(1)}:import sys` };
  const result = applyEdits(DOC, [edit, { ...edit }]);
  if (!result.ok) throw result.error;
  expect(result.value.doc.lines[0]).toBe("import sys");
  expect(result.value.warnings).toHaveLength(2);
  expect(result.value.warnings.filter((warning) => warning.includes("edits[1]"))).toHaveLength(1);
});
