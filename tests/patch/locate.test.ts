// Placing hunks by their text: exactly once after the hunk before, whitespace-normalised with the added lines moved,
// every candidate refused (unless the header's line number or an @@ scope names one), the closest region shown,
// insertions without context only at a file's ends, and the final newline a diff asks for. Plus a property: any
// correct unified diff of random files rebuilds the new file exactly, and an envelope never writes a wrong file.

import { describe, expect, test } from "bun:test";
import { shownLinesOf, type AnswerItem } from "../../src/hashline/answer.ts";

const shownOf = (items: readonly AnswerItem[]) => shownLinesOf(items).map((shown) => shown.line);
import fc from "fast-check";
import { planApplyPatch } from "../../bench/costs/apply-patch.ts";
import { analyzeBlocks } from "../../src/blocks/find.ts";
import { diffLines } from "../../bench/diff/myers.ts";
import { unifiedDiff } from "../../bench/diff/unified.ts";
import { applyResolved } from "../../src/hashline/edit.ts";
import { isRangeEdit } from "../../src/hashline/edit-types.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { withFinalNewline } from "../../src/patch/final-newline.ts";
import { placeHunks, type Placement } from "../../src/patch/locate.ts";
import { parsePatch } from "../../src/patch/parse.ts";
import type { PatchFormat, PatchHunk } from "../../src/patch/types.ts";
import { decodeDocument, encodeDocument } from "../../src/text/codec.ts";
import { documentFromText, joinLines } from "../../src/text/document.ts";

function hunksOf(patch: string): { hunks: readonly PatchHunk[]; format: PatchFormat } {
  const parsed = parsePatch(patch);
  if (!parsed.ok) throw new Error(parsed.error.render());
  const file = parsed.value.files[0]!;
  if (file.kind !== "update") throw new Error("not an update");
  return { hunks: file.hunks, format: parsed.value.format };
}

function place(lines: readonly string[], patch: string): Placement {
  const { hunks, format } = hunksOf(patch);
  return placeHunks(lines, hunks, { format, display: "f.py" });
}

/** The file's text after the patch, or the codes of the problems. */
function patched(text: string, patch: string): string | string[] {
  const doc = documentFromText(text);
  const placement = place(doc.lines, patch);
  if (!placement.ok) return placement.problems.map((problem) => problem.code);
  const applied = applyResolved(doc, placement.value.edits);
  const outcome = withFinalNewline(doc, applied.ok ? applied.value : undefined, placement.value.finalNewline);
  if (outcome === undefined) throw new Error(applied.ok ? "no outcome" : applied.error.render());
  return joinLines(outcome.doc.lines, outcome.doc.terminators);
}

const PY = [
  "class Cart:",
  "    def total(self):",
  "        return sum(self.items)",
  "",
  "class Order:",
  "    def total(self):",
  "        return sum(self.items)",
  "",
  "def main():",
  "    pass",
  "",
].join("\n");

/** PY with Order.total (the second of two identical methods) returning 0. */
const ORDER_RETURNS_ZERO = PY.replace(
  "class Order:\n    def total(self):\n        return sum(self.items)",
  "class Order:\n    def total(self):\n        return 0",
);

describe("placing hunks", () => {
  test("one exact place", () => {
    expect(patched(PY, "@@ -9,2 +9,2 @@\n def main():\n-    pass\n+    run()\n")).toBe(
      PY.replace("    pass", "    run()"),
    );
  });

  test("several places: refused with every candidate", () => {
    const placement = place(
      PY.split("\n"),
      "@@\n     def total(self):\n-        return sum(self.items)\n+        return 0\n",
    );
    expect(placement.ok).toBe(false);
    if (placement.ok) return;
    const [problem] = placement.problems;
    expect(problem!.code).toBe("AMBIGUOUS");
    expect(problem!.details.filter((item) => item.text.startsWith("occurrence "))).toHaveLength(2);
    expect(shownOf(problem!.details)).toEqual([2, 3, 1, 6, 7, 5]);
  });

  test("several places: the header's line number names one", () => {
    const result = patched(
      PY,
      "@@ -6,2 +6,2 @@\n     def total(self):\n-        return sum(self.items)\n+        return 0\n",
    );
    expect(result).toBe(ORDER_RETURNS_ZERO);
  });

  test("several places: a line number naming none of them does not pick one", () => {
    expect(
      patched(
        PY,
        "@@ -4,2 +4,2 @@\n     def total(self):\n-        return sum(self.items)\n+        return 0\n",
      ),
    ).toEqual(["AMBIGUOUS"]);
  });

  test("several places: an @@ scope line picks the one inside its block", () => {
    const envelope =
      "*** Begin Patch\n*** Update File: f.py\n@@ class Order:\n     def total(self):\n-        return sum(self.items)\n+        return 0\n*** End Patch";
    expect(patched(PY, envelope)).toBe(ORDER_RETURNS_ZERO);
  });

  test("an @@ scope uses the block rules the caller keeps (the session's analysis), asked for once", () => {
    const envelope =
      "*** Begin Patch\n*** Update File: f.py\n@@ class Order:\n@@     def total(self):\n-        return sum(self.items)\n+        return 0\n*** End Patch";
    const doc = documentFromText(PY);
    const { hunks, format } = hunksOf(envelope);
    let asked = 0;
    const blocks = () => (asked++, analyzeBlocks(doc.lines, "f.py"));
    const placement = placeHunks(doc.lines, hunks, { format, display: "f.py", blocks });
    expect(asked).toBe(1);
    if (!placement.ok) throw new Error(placement.problems.map((problem) => problem.summary).join("; "));
    expect(placement.value.edits.map((edit) => (isRangeEdit(edit) ? edit.start : -1))).toEqual([7]);
  });

  test("a scope that matches no line", () => {
    const envelope =
      "*** Begin Patch\n*** Update File: f.py\n@@ class Basket:\n-        return sum(self.items)\n+        return 0\n*** End Patch";
    expect(patched(PY, envelope)).toEqual(["BLOCK_NOT_FOUND"]);
  });

  test("a later hunk is looked for only after the one before it", () => {
    const two =
      "@@\n     def total(self):\n-        return sum(self.items)\n+        return 1\n@@\n     def total(self):\n-        return sum(self.items)\n+        return 2\n";
    // Each hunk alone is ambiguous; in order, the first has two places and is refused, the second is after it.
    expect(patched(PY, two)).toEqual(["AMBIGUOUS", "AMBIGUOUS"]);
    const scoped =
      "@@ -2,2 +2,2 @@\n     def total(self):\n-        return sum(self.items)\n+        return 1\n@@\n     def total(self):\n-        return sum(self.items)\n+        return 2\n";
    expect(patched(PY, scoped)).toBe(
      PY.replace("return sum(self.items)", "return 1").replace("return sum(self.items)", "return 2"),
    );
  });

  test("hunks out of file order are refused, and the refusal says why", () => {
    const placement = place(
      PY.split("\n"),
      "@@\n def main():\n-    pass\n+    go()\n@@\n class Cart:\n-    def total(self):\n+    def sum(self):\n",
    );
    expect(placement.ok).toBe(false);
    if (placement.ok) return;
    expect(placement.problems[0]!.code).toBe("BLOCK_NOT_FOUND");
    expect(placement.problems[0]!.details[0]!.text).toContain("order of the file");
  });

  test("hunks whose context overlaps stay in order and both apply", () => {
    const text = "a\nb\nc\nd\ne\n";
    expect(patched(text, "@@\n a\n-b\n+B\n c\n d\n@@\n c\n d\n-e\n+E\n")).toBe("a\nB\nc\nd\nE\n");
  });

  test("whitespace normalised: the added lines move with the indentation found", () => {
    // Written without the class's indentation; found (twice, line 6 names one) four spaces deeper.
    const result = patched(
      PY,
      "@@ -6,2 +6,2 @@\n def total(self):\n-    return sum(self.items)\n+    return 0\n",
    );
    expect(result).toBe(ORDER_RETURNS_ZERO);
  });

  test("a text found nowhere shows the closest region", () => {
    const placement = place(PY.split("\n"), "@@\n def main():\n-    run()\n+    go()\n");
    expect(placement.ok).toBe(false);
    if (placement.ok) return;
    expect(placement.problems[0]!.code).toBe("BLOCK_NOT_FOUND");
    expect([...new Set(shownOf(placement.problems[0]!.details))].sort((a, b) => a - b)).toEqual([
      8, 9, 10, 11,
    ]);
  });

  test("*** End of File: only a place ending the file", () => {
    const text = "x = 1\ny = 2\nx = 1\n";
    const envelope = (body: string) =>
      `*** Begin Patch\n*** Update File: f.py\n@@\n${body}\n*** End of File\n*** End Patch`;
    expect(patched(text, envelope("-x = 1\n+x = 3"))).toBe("x = 1\ny = 2\nx = 3\n");
    expect(patched(text, envelope("-y = 2\n+y = 3"))).toEqual(["BLOCK_NOT_FOUND"]);
  });

  test("a hunk with no old lines: the envelope appends; a unified diff only at the file's start or end", () => {
    expect(patched("a\n", "*** Begin Patch\n*** Update File: f.py\n@@\n+b\n*** End Patch")).toBe("a\nb\n");
    expect(patched("a\nb\n", "@@ -0,0 +1 @@\n+top\n")).toBe("top\na\nb\n");
    expect(patched("a\nb\n", "@@ -2,0 +3 @@\n+end\n")).toBe("a\nb\nend\n");
    expect(patched("a\nb\nc\n", "@@ -1,0 +2 @@\n+mid\n")).toEqual(["INVALID_PATCH"]);
  });

  test("every problem of every hunk is reported, not only the first", () => {
    expect(patched(PY, "@@\n-nothing like this\n+x\n@@\n-        return sum(self.items)\n+y\n")).toEqual([
      "BLOCK_NOT_FOUND",
      "AMBIGUOUS",
    ]);
  });
});

describe("the end of the file", () => {
  test("a diff that removes the final newline", () => {
    expect(patched("a\nb\n", "@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")).toBe("a\nb");
  });
  test("a diff that adds it", () => {
    expect(patched("a\nb", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")).toBe("a\nb\n");
  });
  test("a change of the last line that keeps its missing newline", () => {
    expect(
      patched(
        "a\nb",
        "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
      ),
    ).toBe("a\nc");
  });
  test("a CRLF file keeps CRLF when its final newline comes back", () => {
    expect(patched("a\r\nb", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n")).toBe(
      "a\r\nB\r\n",
    );
  });
  test("the writer encodes the changed last line (regions cover it)", () => {
    const doc = documentFromText("a\nb\nc\n");
    const placement = place(doc.lines, "@@ -1,3 +1,3 @@\n-a\n+A\n b\n-c\n+c\n\\ No newline at end of file\n");
    if (!placement.ok) throw new Error("not placed");
    const applied = applyResolved(doc, placement.value.edits);
    const outcome = withFinalNewline(
      doc,
      applied.ok ? applied.value : undefined,
      placement.value.finalNewline,
    )!;
    expect(outcome.regions.map((region) => [region.start, region.lineCount])).toEqual([
      [1, 1],
      [3, 1],
    ]);
  });
});

describe("property: diffs of random files", () => {
  const VOCAB = [
    "def f():",
    "    return 1",
    "    return 2",
    "",
    "}",
    "x = 1",
    "  y",
    "class A:",
    "\tz()",
    "# c",
  ];
  const lines = fc.array(fc.constantFrom(...VOCAB), { minLength: 0, maxLength: 40 });

  test("a correct unified diff always rebuilds the new file exactly (line numbers settle repeated text)", () => {
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const hunks = diffLines(before, after);
        if (hunks.length === 0) return;
        const text = before.map((line) => `${line}\n`).join("");
        const expected = after.map((line) => `${line}\n`).join("");
        expect(patched(text, unifiedDiff("f.py", before, after, hunks))).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  test("an envelope (Codex's shape) rebuilds the new file or is refused — never a wrong file", () => {
    fc.assert(
      fc.property(lines, lines, (before, after) => {
        const hunks = diffLines(before, after);
        if (hunks.length === 0) return;
        const text = before.map((line) => `${line}\n`).join("");
        const result = patched(text, planApplyPatch("f.py", before, after, hunks).patch);
        if (typeof result === "string") expect(result).toBe(after.map((line) => `${line}\n`).join(""));
        else expect(result.every((code) => code === "AMBIGUOUS" || code === "BLOCK_NOT_FOUND")).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  test("bytes round-trip: CRLF and a BOM survive a patch", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("a\r\nb\r\nc\r\n")]);
    const doc = decodeDocument(bytes);
    const placement = place(doc.lines, "@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n");
    if (!placement.ok) throw new Error("not placed");
    const applied = applyResolved(doc, placement.value.edits);
    if (!applied.ok) throw applied.error;
    const encoded = encodeDocument(applied.value.doc);
    if (!encoded.ok) throw encoded.error;
    expect([...encoded.value]).toEqual([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode("a\r\nB\r\nB2\r\nc\r\n"),
    ]);
  });
});

describe("property: any text as a patch, on any file", () => {
  const row = fc.constantFrom(
    "@@",
    "@@ -1,2 +1,2 @@",
    "@@ -3 +3,0 @@",
    "@@ def f():",
    "--- a/f.py",
    "+++ b/f.py",
    "*** Begin Patch",
    "*** Update File: f.py",
    "*** End of File",
    "*** End Patch",
    "\\ No newline at end of file",
    " x = 1",
    "-x = 1",
    "+x = 2",
    " ",
    "",
    "-}",
    "+}",
    " def f():",
    "-    return 1",
    "+    return 2",
    "garbage",
  );
  const fileLine = fc.constantFrom("x = 1", "def f():", "    return 1", "}", "", "y");

  test("reading never throws, placing never throws, and what is placed applies", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 14 }), fc.array(fileLine, { maxLength: 12 }), (rows, lines) => {
        const parsed = parsePatch(rows.join("\n"));
        if (!parsed.ok) {
          expect(parsed.error.code).toBe("INVALID_PATCH");
          return;
        }
        for (const file of parsed.value.files) {
          if (file.kind !== "update") continue;
          const doc = documentFromText(lines.map((line) => `${line}\n`).join(""));
          const placement = placeHunks(doc.lines, file.hunks, {
            format: parsed.value.format,
            display: "f.py",
          });
          if (!placement.ok) continue;
          // The engine takes resolved edits as they are: they must never overlap.
          let consumed = 0;
          for (const edit of placement.value.edits) {
            if (!isRangeEdit(edit)) {
              expect(edit.gap).toBeGreaterThanOrEqual(consumed);
              consumed = edit.gap;
            } else {
              expect(edit.start).toBeGreaterThan(consumed);
              consumed = edit.end;
            }
          }
          const applied = applyResolved(doc, placement.value.edits);
          if (!applied.ok) expect(applied.error.code).toBe("NO_CHANGE");
          else expect(applied.value.doc.lines.length).toBe(applied.value.doc.terminators.length);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("a patch sent again", () => {
  test("a hunk whose old lines are gone but whose new lines are there says it looks applied already", () => {
    const text = "a\nB\nc\n";
    const placement = place(text.split("\n").slice(0, -1), "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    expect(placement.ok).toBe(false);
    if (placement.ok) return;
    expect(placement.problems[0]!.details[0]!.text).toBe(
      `Its new lines are already there, at ${refOf(1, "a")}..${refOf(3, "c")}: this hunk looks applied already (a patch sent twice, or resent after it stopped).`,
    );
    expect(shownOf(placement.problems[0]!.details)).toContain(3);
  });
});
