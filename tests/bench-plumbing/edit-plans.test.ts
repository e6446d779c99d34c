// The bench's edit plans (lapp_edit operations, str_replace calls, Codex apply_patch text) on small known changes.
// Plumbing of the measuring instrument: these checks report no benchmark figure.
import { describe, expect, test } from "bun:test";
import { refOf } from "../../src/hashline/hash.ts";
import { applyPatch, planApplyPatch } from "../../bench/costs/apply-patch.ts";
import { applyChunk, chunkHunks, contentOf, lappEditCalls } from "../../bench/costs/lapp-edit.ts";
import { applyStrReplace, countOccurrences, planStrReplace } from "../../bench/costs/str-replace.ts";
import { diffLines } from "../../bench/diff/myers.ts";
import { unifiedDiff } from "../../bench/diff/unified.ts";
import { applyReplaceBlock, lineOccurrences, planReplaceBlock } from "../../bench/costs/replace-block.ts";
import { makeFilePair } from "../../bench/diff/file-pair.ts";
import { gitDiff } from "../../bench/diff/git-diff.ts";
import { parsePatch } from "../../src/patch/parse.ts";

const encode = (lines: readonly string[]) =>
  new TextEncoder().encode(lines.map((line) => `${line}\n`).join(""));

const OLD = ["def a():", "    return 1", "", "def b():", "    return 1", "", "def c():", "    return 3"];
const NEW = [
  "def a():",
  "    return 10",
  "",
  "def b():",
  "    return 1",
  "",
  "",
  "def c():",
  "    return 3",
  "# end",
];

describe("edit plans of the bench (plumbing)", () => {
  const hunks = diffLines(OLD, NEW);

  test("lapp_edit: one operation per hunk with refs of the file as read", () => {
    const [call, ...rest] = lappEditCalls("m.py", OLD, NEW, hunks, 100, refOf);
    expect(rest).toHaveLength(0);
    expect(call!.edits).toEqual([
      { type: "replace", anchor: refOf(2, OLD[1]!), content: "    return 10" },
      { type: "insert_after", anchor: refOf(6, OLD[5]!), content: "\n" },
      { type: "insert_after", anchor: refOf(8, OLD[7]!), content: "# end" },
    ]);
  });

  test("lapp_edit: more hunks than a call takes are split, each call re-based on the file before it", () => {
    const many = Array.from({ length: 7 }, (_, index) => `line ${index}`);
    const changed = many.map((line, index) => (index % 2 === 0 ? `${line}!` : line));
    const manyHunks = diffLines(many, changed);
    const chunks = chunkHunks(manyHunks, 3);
    expect(chunks.map((chunk) => chunk.length)).toEqual([3, 1]);
    let lines: readonly string[] = many;
    for (const chunk of chunks) lines = applyChunk(lines, changed, chunk);
    expect(lines).toEqual(changed);
    expect(lappEditCalls("f", many, changed, manyHunks, 3, refOf)).toHaveLength(2);
  });

  test("content keeps a last empty line by doubling the newline", () => {
    expect(contentOf([""])).toBe("\n");
    expect(contentOf(["a", ""])).toBe("a\n\n");
    expect(contentOf(["a", "b"])).toBe("a\nb");
    expect(contentOf([])).toBe("");
  });

  test("str_replace: old_string grows until it is unique, and the calls rebuild the new file", () => {
    const plan = planStrReplace("m.py", OLD, NEW, hunks);
    // `    return 1` occurs twice, and so does it with the blank line below: only the line above makes it unique.
    expect(plan.calls[0]).toEqual({
      file_path: "m.py",
      old_string: "def a():\n    return 1\n",
      new_string: "def a():\n    return 10\n",
    });
    expect(countOccurrences(OLD.join("\n"), plan.calls[0]!.old_string)).toBe(1);
    expect(applyStrReplace(OLD.join("\n"), plan.calls)).toBe(NEW.join("\n"));
    expect(plan.contextLines).toBeGreaterThanOrEqual(3);
  });

  test("apply_patch: Codex format with 3 context lines, applied back to the new file", () => {
    const plan = planApplyPatch("m.py", OLD, NEW, hunks);
    const rows = plan.patch.split("\n");
    expect(rows[0]).toBe("*** Begin Patch");
    expect(rows[1]).toBe("*** Update File: m.py");
    expect(rows.at(-1)).toBe("*** End Patch");
    expect(rows.filter((row) => row.startsWith("@@"))).toHaveLength(plan.hunks);
    expect(rows).toContain("-    return 1");
    expect(rows).toContain("+    return 10");
    expect(applyPatch(OLD, plan.patch)).toEqual(NEW);
  });

  test("apply_patch: a hunk whose context repeats earlier in the file gets its scope line", () => {
    const block = ["    x = 1", "    y = 2", "    z = 3", "    w = 4", "    v = 5", "    u = 6", "    t = 7"];
    const old = ["def first():", ...block, "", "def second():", ...block];
    const changed = [...old];
    changed[old.length - 4] = "    w = 40";
    const plan = planApplyPatch("s.py", old, changed, diffLines(old, changed));
    expect(plan.headers).toBe(1);
    expect(plan.patch).toContain("@@ def second():");
    expect(applyPatch(old, plan.patch)).toEqual(changed);
  });

  test("replace_block: old_content grows until it occurs once as whole lines, and the calls rebuild the new file", () => {
    const plan = planReplaceBlock("m.py", OLD, NEW, hunks);
    // Grown below first (a blank line: still twice), then above: the trailing blank line is kept by a doubled newline.
    expect(plan.calls[0]).toEqual({
      path: "m.py",
      old_content: "def a():\n    return 1\n\n",
      content: "def a():\n    return 10\n\n",
    });
    expect(lineOccurrences(OLD, ["    return 1"])).toBe(2);
    expect(applyReplaceBlock(OLD, plan.calls)).toEqual(NEW);
  });

  test("git diff -U3 of a pair is a patch lapp reads, naming the file by its path in the root", () => {
    const pair = makeFilePair("p", "m.py", encode(OLD), encode(NEW));
    const { patch, writer } = gitDiff(pair, "cases/m.py");
    const parsed = parsePatch(patch);
    expect(parsed.ok && parsed.value.files.map((file) => [file.kind, file.path])).toEqual([
      ["update", "cases/m.py"],
    ]);
    expect(writer === "git diff -U3" || writer === "the bench's diff -u writer").toBe(true);
  });

  test("unified diff headers count lines like diff -u", () => {
    const text = unifiedDiff("m.py", OLD, NEW, hunks);
    expect(text.split("\n").filter((row) => row.startsWith("@@"))).toEqual(["@@ -1,8 +1,10 @@"]);
  });
});
