// Reading patches: unified diffs as git and diff -u write them (and as models slip writing them), the *** Begin Patch
// envelope, wrappers around either; every refusal is INVALID_PATCH naming the patch line, never a line skipped.

import { describe, expect, test } from "bun:test";
import { parsePatch } from "../../src/patch/parse.ts";
import type { FilePatch, ParsedPatch } from "../../src/patch/types.ts";

const parsed = (patch: string): ParsedPatch => {
  const result = parsePatch(patch);
  if (!result.ok) throw new Error(result.error.render());
  return result.value;
};

const refused = (patch: string): string => {
  const result = parsePatch(patch);
  if (result.ok) throw new Error(`parsed: ${JSON.stringify(result.value)}`);
  expect(result.error.code).toBe("INVALID_PATCH");
  return result.error.summary;
};

/** A file's hunks as compact text: `header|ops` per hunk. */
const shape = (file: FilePatch): unknown => {
  if (file.kind !== "update") return file;
  return {
    path: file.path,
    moveTo: file.moveTo,
    hunks: file.hunks.map((hunk) => ({
      header: hunk.header,
      oldStart: hunk.oldStart,
      scopes: hunk.scopes,
      atEnd: hunk.atEnd,
      lines: hunk.lines.map((line) => line.op + line.text),
      ...(hunk.oldEndsWithoutNewline ? { oldNoNewline: true } : {}),
      ...(hunk.newEndsWithoutNewline ? { newNoNewline: true } : {}),
    })),
  };
};

const GIT = `diff --git a/src/app.py b/src/app.py
index 83db48f..bf269f4 100644
--- a/src/app.py
+++ b/src/app.py
@@ -1,4 +1,4 @@ import os
 import os
-x = 1
+x = 2
 
 def f():
@@ -10,3 +10,4 @@ def f():
     a()
     b()
+    c()
 
diff --git a/README.md b/README.md
new file mode 100644
index 0000000..e69de29
--- /dev/null
+++ b/README.md
@@ -0,0 +1,2 @@
+# Title
+text
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-one
-two
`;

describe("unified diffs", () => {
  test("git diff with an update, a new file and a deleted file", () => {
    const patch = parsed(GIT);
    expect(patch.format).toBe("unified");
    expect(patch.files.map(shape)).toEqual([
      {
        path: "src/app.py",
        moveTo: undefined,
        hunks: [
          {
            header: "@@ -1,4 +1,4 @@",
            oldStart: 1,
            scopes: [],
            atEnd: false,
            lines: [" import os", "-x = 1", "+x = 2", " ", " def f():"],
          },
          {
            header: "@@ -10,3 +10,4 @@",
            oldStart: 10,
            scopes: [],
            atEnd: false,
            lines: ["     a()", "     b()", "+    c()", " "],
          },
        ],
      },
      { kind: "add", path: "README.md", lines: ["# Title", "text"], finalNewline: true },
      { kind: "delete", path: "old.txt", oldLines: ["one", "two"] },
    ]);
  });

  test("a blank context line that lost its space, inside a hunk", () => {
    const patch = parsed("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+B\n");
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ lines: [" a", " ", "-b", "+B"] }] });
  });

  test("hunk counts that are wrong do not cut the hunk short", () => {
    const patch = parsed("--- a/f\n+++ b/f\n@@ -1,1 +1,1 @@\n a\n-b\n+B\n c\n");
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ lines: [" a", "-b", "+B", " c"] }] });
  });

  test("a removed line that looks like a file header, while the counts still expect old lines", () => {
    const patch = parsed("--- a/f\n+++ b/f\n@@ -1,2 +1,1 @@\n--- x\n++++ y\n keep\n");
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ lines: ["--- x", "++++ y", " keep"] }] });
  });

  test("no newline at end of file, on either side", () => {
    const patch = parsed("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n");
    expect(shape(patch.files[0]!)).toMatchObject({
      hunks: [{ lines: [" a", "-b", "+b"], oldNoNewline: true }],
    });
    const added = parsed("--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n\\ No newline at end of file\n");
    expect(added.files[0]).toEqual({ kind: "add", path: "n", lines: ["x"], finalNewline: false });
  });

  test("diff -u with timestamps and without a/ b/ prefixes", () => {
    const patch = parsed(
      "--- lib/a.js\t2024-01-01 10:00:00.000000000 +0000\n+++ lib/a.js\t2024-01-02 10:00:00.000000000 +0000\n@@ -1 +1 @@\n-a\n+b\n",
    );
    expect(patch.files[0]!.path).toBe("lib/a.js");
  });

  test("a file under a directory named a/ keeps its name when the other side has no b/", () => {
    expect(parsed("--- a/x.txt\n+++ a/x.txt\n@@ -1 +1 @@\n-a\n+b\n").files[0]!.path).toBe("a/x.txt");
  });

  test("git's quoted names with octal escapes", () => {
    const patch = parsed('--- "a/caf\\303\\251.txt"\n+++ "b/caf\\303\\251.txt"\n@@ -1 +1 @@\n-a\n+b\n');
    expect(patch.files[0]!.path).toBe("café.txt");
  });

  test("a rename with changes, and a pure rename", () => {
    const withHunk = parsed(
      "diff --git a/a.txt b/b.txt\nsimilarity index 80%\nrename from a.txt\nrename to b.txt\n--- a/a.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-a\n+b\n",
    );
    expect(withHunk.files[0]).toMatchObject({ kind: "update", path: "a.txt", moveTo: "b.txt" });
    const pure = parsed(
      "diff --git a/a.txt b/b.txt\nsimilarity index 100%\nrename from a.txt\nrename to b.txt\n",
    );
    expect(pure.files).toEqual([{ kind: "update", path: "a.txt", moveTo: "b.txt", hunks: [] }]);
  });

  test("hunks without file headers leave the path to the caller", () => {
    const patch = parsed("@@ -3,2 +3,2 @@\n a\n-b\n+c\n");
    expect(patch.files[0]).toMatchObject({ kind: "update", path: "" });
  });

  test("a bare @@ is a hunk without line numbers", () => {
    const patch = parsed("--- a/f\n+++ b/f\n@@\n a\n-b\n+c\n");
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ header: "@@", oldStart: undefined }] });
  });

  test("CRLF patch text (or a diff of a CRLF file) is read without the \\r", () => {
    const patch = parsed("--- a/f\r\n+++ b/f\r\n@@ -1 +1 @@\r\n-a\r\n+b\r\n");
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ lines: ["-a", "+b"] }] });
  });

  test("a commit message before the diff and a format-patch signature after it", () => {
    const patch = parsed(
      "From 1234 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] fix\n\n---\n f | 2 +-\n\ndiff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n-- \n2.43.0\n",
    );
    expect(patch.files).toHaveLength(1);
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ lines: ["-a", "+b"] }] });
  });

  test("a line that belongs to no hunk after a file header is refused, not skipped", () => {
    expect(refused("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\nb\n-c\n+C\n")).toContain("patch line 5");
    expect(refused("--- a/f\n+++ b/f\n@@\n a\n-b\n+B\nexplanation of the change\n")).toContain(
      "patch line 7",
    );
  });

  test("binary patches and copies are refused", () => {
    expect(refused("diff --git a/x.png b/x.png\nBinary files a/x.png and b/x.png differ\n")).toContain(
      "binary",
    );
    expect(refused("diff --git a/a b/b\ncopy from a\ncopy to b\n")).toContain("copies");
  });

  test("text that is no patch", () => {
    const result = parsePatch("please change x to y");
    expect(result.ok ? "" : result.error.code).toBe("INVALID_PATCH");
    expect(result.ok ? "" : result.error.details).toContain("*** Begin Patch");
  });
});

describe("the *** Begin Patch envelope", () => {
  const ENVELOPE = [
    "*** Begin Patch",
    "*** Update File: src/app.py",
    "@@ class Cart",
    "@@     def total(self):",
    "         items = self.items",
    "-        return sum(items)",
    "+        return round(sum(items), 2)",
    "@@",
    "-x = 1",
    "+x = 2",
    "*** End of File",
    "*** Add File: src/new.py",
    "+def hello():",
    "",
    "+    return 1",
    "*** Delete File: old.py",
    "*** Update File: a.txt",
    "*** Move to: b.txt",
    " keep",
    "-drop",
    "*** End Patch",
  ].join("\n");

  test("updates with nested scopes and an end-of-file chunk, an add, a delete, a move", () => {
    const patch = parsed(ENVELOPE);
    expect(patch.format).toBe("envelope");
    expect(patch.files.map(shape)).toEqual([
      {
        path: "src/app.py",
        moveTo: undefined,
        hunks: [
          {
            header: "@@ class Cart @@     def total(self):",
            oldStart: undefined,
            scopes: ["class Cart", "def total(self):"],
            atEnd: false,
            lines: [
              "         items = self.items",
              "-        return sum(items)",
              "+        return round(sum(items), 2)",
            ],
          },
          { header: "@@", oldStart: undefined, scopes: [], atEnd: true, lines: ["-x = 1", "+x = 2"] },
        ],
      },
      { kind: "add", path: "src/new.py", lines: ["def hello():", "", "    return 1"], finalNewline: true },
      { kind: "delete", path: "old.py" },
      {
        path: "a.txt",
        moveTo: "b.txt",
        hunks: [{ header: "@@", oldStart: undefined, scopes: [], atEnd: false, lines: [" keep", "-drop"] }],
      },
    ]);
  });

  test("wrapped in a Markdown fence or a shell heredoc, or missing its Begin and End lines", () => {
    const body = "*** Update File: f\n@@\n-a\n+b";
    for (const text of [
      "```diff\n*** Begin Patch\n" + body + "\n*** End Patch\n```",
      "apply_patch <<'EOF'\n*** Begin Patch\n" + body + "\n*** End Patch\nEOF\n",
      body,
    ]) {
      expect(parsed(text).files.map(shape)).toEqual([
        {
          path: "f",
          moveTo: undefined,
          hunks: [{ header: "@@", oldStart: undefined, scopes: [], atEnd: false, lines: ["-a", "+b"] }],
        },
      ]);
    }
  });

  test("trailing blank lines of a chunk are not context", () => {
    const patch = parsed("*** Begin Patch\n*** Update File: f\n@@\n a\n-b\n\n\n*** End Patch");
    expect(shape(patch.files[0]!)).toMatchObject({ hunks: [{ lines: [" a", "-b"] }] });
  });

  test("a line out of place names its patch line", () => {
    expect(refused("*** Begin Patch\n*** Update File: f\n@@\n a\noops\n*** End Patch")).toContain(
      "patch line 5",
    );
    expect(refused("*** Begin Patch\n*** Add File: f\nno plus\n*** End Patch")).toContain("patch line 3");
    expect(refused("*** Begin Patch\n*** Delete File: f\n-x\n*** End Patch")).toContain("patch line 3");
    expect(refused("*** Begin Patch\n*** Update File:\n@@\n-a\n*** End Patch")).toContain("names no path");
  });

  test("an envelope with no file section", () => {
    expect(refused("*** Begin Patch\n*** End Patch")).toContain("changes no file");
  });
});
