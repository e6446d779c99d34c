// The dry-run diff: exact single-hunk unified diffs that `patch` applies back to the new text.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unifiedDiff } from "../../src/setup/text-diff.ts";

test("shows the changed lines with three lines of context", () => {
  const before = "1\n2\n3\n4\n5\n6\n7\n8\n";
  const after = "1\n2\n3\n4\nfive\n6\n7\n8\n";
  expect(unifiedDiff(before, after, "f")).toBe(
    "--- f\n+++ f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
  );
});

test("creating a file is a hunk from nothing", () => {
  expect(unifiedDiff("", "a\nb\n", "f")).toBe("--- f\n+++ f\n@@ -0,0 +1,2 @@\n+a\n+b\n");
});

test("equal texts have no diff", () => {
  expect(unifiedDiff("a\nb\n", "a\nb\n", "f")).toBe("");
});

test("property: patch(1) turns the old text into the new one with the diff", () => {
  const dir = mkdtempSync(join(tmpdir(), "lapp-diff-"));
  const lines = fc.array(fc.constantFrom("a", "b", "{", "}", "  x", ""), { maxLength: 12 });
  try {
    fc.assert(
      fc.property(lines, lines, lines, lines, (head, removed, added, tail) => {
        const before = [...head, ...removed, ...tail].map((line) => `${line}\n`).join("");
        const after = [...head, ...added, ...tail].map((line) => `${line}\n`).join("");
        const diff = unifiedDiff(before, after, "config");
        if (before === after) return expect(diff).toBe("");
        writeFileSync(join(dir, "config"), before);
        writeFileSync(join(dir, "change.diff"), diff);
        const result = Bun.spawnSync(["patch", "-s", "-p0", "-i", "change.diff"], {
          cwd: dir,
          stderr: "pipe",
        });
        expect(result.exitCode).toBe(0);
        expect(readFileSync(join(dir, "config"), "utf8")).toBe(after);
      }),
      { numRuns: 60 },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
