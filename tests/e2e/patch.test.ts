// End to end over real stdio: lapp_apply_patch with unified diffs and the *** Begin Patch envelope — all or nothing
// (one bad hunk in one file of several writes nothing), every candidate of an ambiguous hunk, encodings and line
// endings kept, new and deleted files through the guard, the answer's rows as refs for lapp_edit, parallel calls on
// the same files in opposite orders, and what a write failing between two files leaves.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";
import { rootFiles } from "../support/root-files.ts";

let lapp: LappSession;
let root: string;

const { put, read, bytes } = rootFiles(() => root);

beforeAll(async () => {
  root = makeTempRoot();
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(root, { recursive: true, force: true });
});

const APP = [
  "import os",
  "",
  "def load(path):",
  "    with open(path) as f:",
  "        return f.read()",
  "",
  "def save(path, text):",
  "    with open(path, 'w') as f:",
  "        f.write(text)",
  "",
].join("\n");

describe("unified diffs", () => {
  test("a git diff applies, and its answer's rows are refs for the next lapp_edit", async () => {
    put("app.py", APP);
    const patch = [
      "diff --git a/app.py b/app.py",
      "index 1111111..2222222 100644",
      "--- a/app.py",
      "+++ b/app.py",
      "@@ -3,3 +3,4 @@ import os",
      " def load(path):",
      "-    with open(path) as f:",
      "+    with open(path, encoding='utf-8') as f:",
      "         return f.read()",
      "+",
      "@@ -8,2 +9,2 @@ def save(path, text):",
      "-    with open(path, 'w') as f:",
      "+    with open(path, 'w', encoding='utf-8') as f:",
      "         f.write(text)",
      "",
    ].join("\n");
    const applied = await lapp.call("lapp_apply_patch", { patch });
    expect(applied.isError).toBe(false);
    const expected = APP.replace("open(path) as f", "open(path, encoding='utf-8') as f")
      .replace("        return f.read()\n", "        return f.read()\n\n")
      .replace("open(path, 'w') as f", "open(path, 'w', encoding='utf-8') as f");
    expect(read("app.py")).toBe(expected);
    expect(applied.text.split("\n")[0]).toBe("patched 1 file: app.py (2 hunks)");
    const refs = refsByLine(applied.text);
    expect(refs.get(4)).toBe(refOf(4, "    with open(path, encoding='utf-8') as f:"));
    const edited = await lapp.call("lapp_edit", {
      path: "app.py",
      edits: [{ type: "insert_before", anchor: refs.get(4)!, content: "    '''Reads a file.'''" }],
    });
    expect(edited.isError).toBe(false);
    expect(read("app.py").split("\n")[3]).toBe("    '''Reads a file.'''");
  });

  test("one bad hunk: nothing is written, and every problem is listed", async () => {
    put("app.py", APP);
    const before = bytes("app.py");
    const patch =
      "--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-import os\n+import sys\n@@ -7,1 +7,1 @@\n-def save(path, data):\n+def save(path, text, mode):\n";
    const refused = await lapp.call("lapp_apply_patch", { patch });
    expect(errorCode(refused.text)).toBe("BLOCK_NOT_FOUND");
    expect(refused.text.split("\n")[0]).toBe(
      "error BLOCK_NOT_FOUND: patch not applied: 1 problem in 1 file; nothing was written",
    );
    expect(refused.text).toContain("hunk 2 (@@ -7,1 +7,1 @@)");
    expect(refused.text).toContain(`${refOf(7, "def save(path, text):")}:def save(path, text):`);
    expect(bytes("app.py")).toEqual(before);
  });

  test("a hunk whose text occurs at several places is refused with every candidate", async () => {
    put("dup.js", "function a() {\n  return 1;\n}\n\nfunction b() {\n  return 1;\n}\n");
    const refused = await lapp.call("lapp_apply_patch", {
      patch: "--- a/dup.js\n+++ b/dup.js\n@@\n-  return 1;\n+  return 2;\n }\n",
    });
    expect(errorCode(refused.text)).toBe("AMBIGUOUS");
    expect(refused.text).toContain(`occurrence 1: ${refOf(2, "  return 1;")}..${refOf(3, "}")}`);
    expect(refused.text).toContain(`occurrence 2: ${refOf(6, "  return 1;")}..${refOf(7, "}")}`);
    // The header's line number names the second: it applies there.
    const applied = await lapp.call("lapp_apply_patch", {
      patch: "--- a/dup.js\n+++ b/dup.js\n@@ -6,2 +6,2 @@\n-  return 1;\n+  return 2;\n }\n",
    });
    expect(applied.isError).toBe(false);
    expect(read("dup.js")).toBe("function a() {\n  return 1;\n}\n\nfunction b() {\n  return 2;\n}\n");
  });

  test("path names the file of a diff without headers", async () => {
    put("p.txt", "one\ntwo\n");
    const applied = await lapp.call("lapp_apply_patch", {
      path: "p.txt",
      patch: "@@ -1,2 +1,2 @@\n one\n-two\n+2\n",
    });
    expect(applied.isError).toBe(false);
    expect(read("p.txt")).toBe("one\n2\n");
    const orphan = await lapp.call("lapp_apply_patch", { patch: "@@ -1,2 +1,2 @@\n one\n-2\n+two\n" });
    expect(errorCode(orphan.text)).toBe("INVALID_PATCH");
  });

  test("dry_run previews and writes nothing", async () => {
    put("p.txt", "one\ntwo\n");
    const preview = await lapp.call("lapp_apply_patch", {
      dry_run: true,
      patch: "--- a/p.txt\n+++ b/p.txt\n@@\n-two\n+three\n",
    });
    expect(preview.isError).toBe(false);
    expect(preview.text.split("\n")[0]).toContain("dry run");
    expect(read("p.txt")).toBe("one\ntwo\n");
  });
});

describe("line endings and encodings are kept", () => {
  // The diff is written with LF and no BOM, as a model writes it; the file keeps its own bytes.
  const diff = "--- a/e.txt\n+++ b/e.txt\n@@ -1,3 +1,4 @@\n first\n-middle\n+MIDDLE\n+added\n last\n";
  const cases: Array<[string, Buffer, Buffer]> = [
    ["LF", Buffer.from("first\nmiddle\nlast\n"), Buffer.from("first\nMIDDLE\nadded\nlast\n")],
    ["CRLF", Buffer.from("first\r\nmiddle\r\nlast\r\n"), Buffer.from("first\r\nMIDDLE\r\nadded\r\nlast\r\n")],
    [
      "UTF-8 BOM",
      Buffer.from("\uFEFFfirst\nmiddle\nlast\n"),
      Buffer.from("\uFEFFfirst\nMIDDLE\nadded\nlast\n"),
    ],
    [
      "UTF-16 LE BOM, CRLF",
      Buffer.from("\uFEFFfirst\r\nmiddle\r\nlast\r\n", "utf16le"),
      Buffer.from("\uFEFFfirst\r\nMIDDLE\r\nadded\r\nlast\r\n", "utf16le"),
    ],
    ["no final newline", Buffer.from("first\nmiddle\nlast"), Buffer.from("first\nMIDDLE\nadded\nlast")],
  ];
  for (const [name, before, after] of cases) {
    test(name, async () => {
      put("e.txt", before);
      const applied = await lapp.call("lapp_apply_patch", { patch: diff });
      expect(applied.isError).toBe(false);
      expect([...bytes("e.txt")]).toEqual([...after]);
    });
  }

  test("a diff of a CRLF file (its lines end in \\r) applies to it", async () => {
    put("e.txt", "first\r\nmiddle\r\nlast\r\n");
    const crlfDiff =
      "--- a/e.txt\r\n+++ b/e.txt\r\n@@ -1,3 +1,3 @@\r\n first\r\n-middle\r\n+MIDDLE\r\n last\r\n";
    expect((await lapp.call("lapp_apply_patch", { patch: crlfDiff })).isError).toBe(false);
    expect(read("e.txt")).toBe("first\r\nMIDDLE\r\nlast\r\n");
  });

  test("\\ No newline at end of file removes the final newline", async () => {
    put("e.txt", "first\nlast\n");
    const patch =
      "--- a/e.txt\n+++ b/e.txt\n@@ -1,2 +1,2 @@\n first\n-last\n+last\n\\ No newline at end of file\n";
    expect((await lapp.call("lapp_apply_patch", { patch })).isError).toBe(false);
    expect(read("e.txt")).toBe("first\nlast");
  });
});

describe("several files: all or nothing", () => {
  const envelope = (body: string[]) => ["*** Begin Patch", ...body, "*** End Patch"].join("\n");

  test("update, add and delete in one envelope", async () => {
    put("m/a.py", "x = 1\ny = 2\n");
    put("m/gone.py", "old\n");
    const applied = await lapp.call("lapp_apply_patch", {
      patch: envelope([
        "*** Update File: m/a.py",
        "@@",
        " x = 1",
        "-y = 2",
        "+y = 3",
        "*** Add File: m/sub/new.py",
        "+def f():",
        "+    return 1",
        "*** Delete File: m/gone.py",
      ]),
    });
    expect(applied.isError).toBe(false);
    expect(read("m/a.py")).toBe("x = 1\ny = 3\n");
    expect(read("m/sub/new.py")).toBe("def f():\n    return 1\n");
    expect(existsSync(join(root, "m/gone.py"))).toBe(false);
    // The new file's rows are refs at once.
    const refs = refsByLine(applied.text.slice(applied.text.indexOf("wrote m/sub/new.py")));
    const edited = await lapp.call("lapp_edit", {
      path: "m/sub/new.py",
      edits: [{ type: "replace", anchor: refs.get(2)!, content: "    return 2" }],
    });
    expect(edited.isError).toBe(false);
    expect(read("m/sub/new.py")).toBe("def f():\n    return 2\n");
  });

  test("one bad hunk in the second file: the first is not written, no file is added or deleted", async () => {
    put("m/a.py", "x = 1\ny = 2\n");
    put("m/b.py", "z = 1\n");
    put("m/gone.py", "old\n");
    const before = { a: bytes("m/a.py"), b: bytes("m/b.py") };
    const refused = await lapp.call("lapp_apply_patch", {
      patch: envelope([
        "*** Update File: m/a.py",
        "@@",
        "-y = 2",
        "+y = 3",
        "*** Update File: m/b.py",
        "@@",
        "-z = 999",
        "+z = 2",
        "*** Add File: m/added.py",
        "+new",
        "*** Delete File: m/gone.py",
      ]),
    });
    expect(errorCode(refused.text)).toBe("BLOCK_NOT_FOUND");
    expect(refused.text).toContain("m/b.py: hunk 1");
    expect(bytes("m/a.py")).toEqual(before.a);
    expect(bytes("m/b.py")).toEqual(before.b);
    expect(existsSync(join(root, "m/added.py"))).toBe(false);
    expect(existsSync(join(root, "m/gone.py"))).toBe(true);
  });

  test("problems in several files are all listed", async () => {
    put("m/a.py", "x = 1\n");
    put("m/b.py", "z = 1\n");
    const refused = await lapp.call("lapp_apply_patch", {
      patch: "--- a/m/a.py\n+++ b/m/a.py\n@@\n-nope\n+x\n--- a/m/b.py\n+++ b/m/b.py\n@@\n-nah\n+z\n",
    });
    expect(refused.text.split("\n")[0]).toContain("2 problems in 2 files");
    expect(refused.text).toContain("m/a.py: hunk 1");
    expect(refused.text).toContain("m/b.py: hunk 1");
  });

  test("an added file that exists, or a file named twice, writes nothing", async () => {
    put("m/a.py", "x = 1\n");
    put("m/exists.py", "here\n");
    const exists = await lapp.call("lapp_apply_patch", {
      patch: envelope([
        "*** Update File: m/a.py",
        "@@",
        "-x = 1",
        "+x = 2",
        "*** Add File: m/exists.py",
        "+new",
      ]),
    });
    expect(errorCode(exists.text)).toBe("FILE_EXISTS");
    const twice = await lapp.call("lapp_apply_patch", {
      patch: envelope([
        "*** Update File: m/a.py",
        "@@",
        "-x = 1",
        "+x = 2",
        "*** Update File: ./m/a.py",
        "@@",
        "-x = 1",
        "+x = 3",
      ]),
    });
    expect(errorCode(twice.text)).toBe("INVALID_PATCH");
    expect(read("m/a.py")).toBe("x = 1\n");
    expect(read("m/exists.py")).toBe("here\n");
  });

  test("added and deleted files go through the guard: blocked names, paths outside the root", async () => {
    put("m/a.py", "x = 1\n");
    put(".env", "SECRET=1\n");
    for (const [section, code] of [
      [["*** Add File: config/.env", "+A=1"], "PATH_BLOCKED"],
      [["*** Add File: ../outside.txt", "+x"], "PATH_OUTSIDE_ROOT"],
      [["*** Delete File: .env"], "PATH_BLOCKED"],
      [["*** Update File: .env", "@@", "-SECRET=1", "+SECRET=2"], "PATH_BLOCKED"],
    ] as const) {
      const refused = await lapp.call("lapp_apply_patch", {
        patch: envelope(["*** Update File: m/a.py", "@@", "-x = 1", "+x = 2", ...section]),
      });
      expect({ section, code: errorCode(refused.text) }).toEqual({ section, code });
      expect(refused.text).not.toContain("SECRET");
    }
    expect(read("m/a.py")).toBe("x = 1\n");
    expect(read(".env")).toBe("SECRET=1\n");
    expect(existsSync(join(root, "config/.env"))).toBe(false);
    expect(existsSync(join(dirname(root), "outside.txt"))).toBe(false);
  });

  test("a move: the new name holds the changed file, the old name is gone", async () => {
    put("m/from.txt", "keep\ndrop\n");
    const moved = await lapp.call("lapp_apply_patch", {
      patch: envelope(["*** Update File: m/from.txt", "*** Move to: m/to/moved.txt", "@@", " keep", "-drop"]),
    });
    expect(moved.isError).toBe(false);
    expect(read("m/to/moved.txt")).toBe("keep\n");
    expect(existsSync(join(root, "m/from.txt"))).toBe(false);
  });

  test("parallel patches over the same files in opposite orders all land (no deadlock)", async () => {
    put("par/a.txt", "a\n");
    put("par/b.txt", "b\n");
    const add = (first: string, second: string, mark: string) =>
      lapp.call("lapp_apply_patch", {
        patch: envelope([
          `*** Update File: par/${first}`,
          "@@",
          `+${mark}`,
          `*** Update File: par/${second}`,
          "@@",
          `+${mark}`,
        ]),
      });
    const calls = Array.from({ length: 12 }, (_, index) =>
      index % 2 === 0 ? add("a.txt", "b.txt", `m${index}`) : add("b.txt", "a.txt", `m${index}`),
    );
    const edits = Array.from({ length: 6 }, (_, index) =>
      lapp.call("lapp_edit", {
        path: "par/a.txt",
        edits: [{ type: "insert_after", anchor: "EOF:", content: `e${index}` }],
      }),
    );
    const results = await Promise.all([...calls, ...edits]);
    expect(results.filter((result) => result.isError)).toEqual([]);
    for (const name of ["a.txt", "b.txt"]) {
      const lines = read(`par/${name}`).trimEnd().split("\n");
      for (let index = 0; index < 12; index++)
        expect(lines.filter((line) => line === `m${index}`)).toHaveLength(1);
    }
    expect(
      read("par/a.txt")
        .trimEnd()
        .split("\n")
        .filter((line) => line.startsWith("e")),
    ).toHaveLength(6);
  });
});

describe("a write failing between two files", () => {
  // A real full disk: a small tmpfs (needs root on Linux). The first file is written, the second cannot be.
  const canMount = process.platform === "linux" && process.getuid?.() === 0;
  test.skipIf(!canMount)(
    "says which files were written and which were not, and leaves each whole",
    async () => {
      const mountPoint = mkdtempSync(join(tmpdir(), "lapp-patch-full-"));
      const mounted = Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint]);
      expect(mounted.exitCode).toBe(0);
      const small = await startLapp({ root: mountPoint });
      try {
        writeFileSync(join(mountPoint, "a.txt"), "small\n");
        const big = `${"x".repeat(99)}\n`.repeat(6000); // 600,000 bytes
        writeFileSync(join(mountPoint, "b.txt"), big);
        const available = Number(statfsSync(mountPoint).bavail) * Number(statfsSync(mountPoint).bsize);
        writeFileSync(join(mountPoint, "filler.bin"), new Uint8Array(available - 300 * 1024));
        const result = await small.call("lapp_apply_patch", {
          patch:
            "--- a/a.txt\n+++ b/a.txt\n@@\n-small\n+SMALL\n--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-" +
            "x".repeat(99) +
            "\n+y\n",
        });
        expect(errorCode(result.text)).toBe("WRITE_FAILED");
        expect(result.text).toContain("the patch stopped at b.txt");
        expect(result.text).toContain("Written before it (each complete): a.txt.");
        expect(result.text).toContain("Not written: b.txt.");
        expect(readFileSync(join(mountPoint, "a.txt"), "utf8")).toBe("SMALL\n");
        expect(readFileSync(join(mountPoint, "b.txt"), "utf8")).toBe(big);
        expect(readdirSync(mountPoint).filter((name) => name.includes(".lapp-"))).toEqual([]);
      } finally {
        await small.close();
        Bun.spawnSync(["umount", mountPoint]);
        rmSync(mountPoint, { recursive: true, force: true });
      }
    },
  );
});
