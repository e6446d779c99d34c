// lapp_grep end to end: the compiled binary (with its search workers) on the shared corpus, over real stdio.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lineId } from "../../src/hashline/hash.ts";
import { EXPECTED_NEEDLE_FILES, writeCorpus } from "../search/corpus.ts";
import {
  errorCode,
  LAPP_BINARY,
  makeTempRoot,
  refsByLine,
  startLapp,
  type LappSession,
} from "../support/lapp-session.ts";

let temp: string;
let root: string;
let lapp: LappSession;

beforeAll(async () => {
  temp = makeTempRoot("lapp-grep-e2e-");
  root = join(temp, "root");
  writeCorpus(root, join(temp, "home"));
  // Started from another directory: the worker entry must load from inside the binary, not from the cwd.
  lapp = await startLapp({ root, cwd: tmpdir() });
});

afterAll(async () => {
  await lapp.close();
  rmSync(temp, { recursive: true, force: true });
});

/** `path` → rows (`N#ID:text` or `N#ID-text`) of a text result. */
function rowsByFile(text: string): Map<string, string[]> {
  const files = new Map<string, string[]>();
  const blocks = text.split("\n\n");
  for (const block of blocks.slice(0, -1)) {
    const [path, ...rows] = block.split("\n");
    files.set(
      path!,
      rows.filter((row) => row !== "--"),
    );
  }
  return files;
}

describe("lapp_grep over MCP", () => {
  test("is listed as a read-only tool with pattern required", async () => {
    const { tools } = await lapp.client.listTools();
    const grep = tools.find((tool) => tool.name === "lapp_grep")!;
    expect(grep.annotations?.readOnlyHint).toBe(true);
    expect(grep.inputSchema.required).toEqual(["pattern"]);
    expect(Object.keys(grep.inputSchema.properties ?? {}).sort()).toEqual(
      [
        "context",
        "format",
        "glob",
        "ignore_case",
        "literal",
        "max_results",
        "multiline",
        "offset",
        "output",
        "path",
        "pattern",
        "type",
      ].sort(),
    );
  });

  test("every row's ref is the ref lapp_read shows for that line", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "needle", context: 2 });
    expect(result.isError).toBe(false);
    const files = rowsByFile(result.text);
    expect(files.size).toBeGreaterThan(10);
    for (const [path, rows] of files) {
      const read = await lapp.call("lapp_read", { path });
      const readRows = new Set(read.text.split("\n"));
      for (const row of rows) expect(readRows.has(row.replace(/^(\d+#[A-Z]{2})-/, "$1:"))).toBe(true);
    }
    expect(result.text.split("\n").at(-1)).toMatch(/^\[\d+ matches in \d+ files; \d+ files searched\]$/);
  });

  test("never lists blocked files, .git, ignored or binary files", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "needle|API_KEY", max_results: 1000 });
    const paths = [...rowsByFile(result.text).keys()];
    for (const hidden of [
      ".env",
      "config/.env.local",
      "certs/server.pem",
      ".git/HEAD",
      "logs/app.log",
      "assets/blob.bin",
      "build/out.js",
    ]) {
      expect(paths).not.toContain(hidden);
    }
    // Sorted by path, hidden files included. The session's HOME has no global excludes file, so *.swp is searched.
    expect(paths.filter((path) => path !== "global-excluded.swp")).toEqual(EXPECTED_NEEDLE_FILES);
    const blocked = await lapp.call("lapp_grep", { pattern: "x", path: ".env" });
    expect(errorCode(blocked.text)).toBe("PATH_BLOCKED");
  });

  test("a ref from grep goes straight into lapp_edit", async () => {
    writeFileSync(join(root, "edit-me.ts"), "const a = 1;\nconst target = 2;\nconst b = 3;\n");
    const found = await lapp.call("lapp_grep", { pattern: "target", path: "edit-me.ts", context: 0 });
    const ref = refsByLine(found.text).get(2)!;
    const edited = await lapp.call("lapp_edit", {
      path: "edit-me.ts",
      edits: [{ type: "replace", anchor: ref, content: "const target = 20;" }],
    });
    expect(edited.isError).toBe(false);
    expect(readFileSync(join(root, "edit-me.ts"), "utf8")).toBe(
      "const a = 1;\nconst target = 20;\nconst b = 3;\n",
    );
  });

  test("a ref grep serves after an outside change gave the read's ref to a new line: refused once, then it means the new line", async () => {
    // Line 1 changes to a text with the same ID: only lapp's memory of the old read could call the ref stale.
    const before = "value_0";
    let after = "";
    for (let candidate = 1; candidate < 10_000 && after === ""; candidate++) {
      if (lineId(1, `value_${candidate}`) === lineId(1, before)) after = `value_${candidate}`;
    }
    writeFileSync(join(root, "collide.txt"), `${before}\nrest\n`);
    await lapp.call("lapp_read", { path: "collide.txt" });
    writeFileSync(join(root, "collide.txt"), `${after}\nrest\n`);
    const found = await lapp.call("lapp_grep", { pattern: "value_", path: "collide.txt" });
    const ref = refsByLine(found.text).get(1)!;
    const edit = { path: "collide.txt", edits: [{ type: "replace", anchor: ref, content: "fresh" }] };
    // The read and the search showed the same ref for two lines (the old text and the new): the model may mean
    // either, so the first try is refused, naming both; that error retires the older showing, and the same ref
    // sent again means the search's line.
    const refused = await lapp.call("lapp_edit", edit);
    expect(errorCode(refused.text)).toBe("AMBIGUOUS_REF");
    expect(readFileSync(join(root, "collide.txt"), "utf8")).toBe(`${after}\nrest\n`);
    const edited = await lapp.call("lapp_edit", edit);
    expect(edited.text).toStartWith("edited collide.txt");
  });

  test("a big file searched again records the rows it shows, also when the bytes are the recorded version", async () => {
    // A search of an unchanged, already recorded file hands back only its rows (not its bytes).
    const lines = Array.from({ length: 6000 }, (_, index) => `line ${index + 1}`);
    lines[99] = "needle one";
    lines[3999] = "needle two";
    lines[2499] = "special row";
    writeFileSync(join(root, "big-known.txt"), `${lines.join("\n")}\n`);
    await lapp.call("lapp_grep", { pattern: "needle", path: "big-known.txt", context: 0 });
    // A call on the file waits for the first search's recording (queued on the file), which now holds its version.
    await lapp.call("lapp_read", { path: "big-known.txt", offset: 1, limit: 1 });
    // The same bytes again (recorded by the first search): rows only. A row it alone showed must be recorded.
    const second = await lapp.call("lapp_grep", { pattern: "special", path: "big-known.txt", context: 0 });
    const ref = refsByLine(second.text).get(2500)!;
    const inserted = await lapp.call("lapp_edit", {
      path: "big-known.txt",
      edits: [{ type: "insert_after", anchor: "0:", content: "a\nb\nc" }],
    });
    expect(inserted.isError).toBe(false);
    // Line 2500 is now line 2503: only the record of the second search's row can say where its ref went.
    const edited = await lapp.call("lapp_edit", {
      path: "big-known.txt",
      edits: [{ type: "replace", anchor: ref, content: "special row, edited" }],
    });
    expect(edited.isError).toBe(false);
    const after = readFileSync(join(root, "big-known.txt"), "utf8").split("\n");
    expect(after[2502]).toBe("special row, edited");
    expect(after.filter((line) => line.startsWith("special")).length).toBe(1);
  });

  test("a big file changed outside between two searches: the second search's refs name its new lines", async () => {
    const lines = Array.from({ length: 6000 }, (_, index) => `row ${index + 1}`);
    lines[1999] = "marker";
    writeFileSync(join(root, "big-changed.txt"), `${lines.join("\n")}\n`);
    await lapp.call("lapp_grep", { pattern: "marker", path: "big-changed.txt", context: 0 });
    // Same size, other bytes: the recorded version no longer describes the file.
    lines[0] = "ROW 1";
    lines.splice(1999, 1);
    lines.splice(2999, 0, "marker");
    writeFileSync(join(root, "big-changed.txt"), `${lines.join("\n")}\n`);
    const second = await lapp.call("lapp_grep", { pattern: "marker", path: "big-changed.txt", context: 0 });
    const ref = refsByLine(second.text).get(3000);
    expect(ref).toBeDefined();
    const edited = await lapp.call("lapp_edit", {
      path: "big-changed.txt",
      edits: [{ type: "replace", anchor: ref!, content: "marker, edited" }],
    });
    expect(edited.isError).toBe(false);
    expect(readFileSync(join(root, "big-changed.txt"), "utf8").split("\n")[2999]).toBe("marker, edited");
  });

  test("structured format: JSON text with the spec's keys and read-equal refs", async () => {
    const result = await lapp.call("lapp_grep", {
      pattern: "needle",
      path: "src/util.ts",
      format: "structured",
      context: 1,
    });
    expect(result.result.structuredContent).toBeUndefined();
    const json = JSON.parse(result.text);
    expect(Object.keys(json)).toEqual([
      "matches",
      "total_matches",
      "files_with_matches",
      "files_searched",
      "truncated",
    ]);
    const read = await lapp.call("lapp_read", { path: "src/util.ts" });
    const readRefs = refsByLine(read.text);
    expect(json.matches).toEqual([
      {
        path: "src/util.ts",
        line: 1,
        ref: readRefs.get(1),
        text: "export const needle = 42;",
        before: [],
        after: [{ ref: readRefs.get(2), text: "export const hay = 'stack';" }],
      },
    ]);
  });

  test("max_results cuts the output and the totals line says so", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "needle", max_results: 3, context: 0 });
    const rows = result.text.split("\n").filter((line) => /^\d+#[A-Z]{2}:/.test(line));
    expect(rows.length).toBe(3);
    expect(result.text.split("\n").at(-1)).toMatch(/^\[showing 3 of \d+ matches .*max_results=3/);
  });

  test("glob, ignore_case, literal and an explicitly named ignored file", async () => {
    const globbed = await lapp.call("lapp_grep", { pattern: "needle", glob: ["*.log"] });
    expect([...rowsByFile(globbed.text).keys()]).toEqual([
      "logs/app.log",
      "logs/keep.log",
      "logs/reincluded.log",
    ]);
    const caps = await lapp.call("lapp_grep", {
      pattern: "needle in CAPS",
      ignore_case: true,
      path: "src/app.ts",
    });
    expect(caps.text).toContain(":  return 'NEEDLE in caps';");
    const literal = await lapp.call("lapp_grep", { pattern: "port + 1", literal: true, path: "src" });
    expect(literal.text).toContain("port + 1");
    const named = await lapp.call("lapp_grep", { pattern: "needle", path: "logs/app.log" });
    expect([...rowsByFile(named.text).keys()]).toEqual(["logs/app.log"]);
  });

  test("errors carry stable codes", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ pattern: "foo(" }, "INVALID_ARGUMENTS"],
      [{ pattern: "x", glob: "[oops" }, "INVALID_ARGUMENTS"],
      [{ pattern: "x", context: 21 }, "INVALID_ARGUMENTS"],
      [{ pattern: "x", format: "json" }, "INVALID_ARGUMENTS"],
      [{ pattern: "" }, "INVALID_ARGUMENTS"],
      [{ pattern: "x", path: "missing/dir" }, "NOT_FOUND"],
      [{ pattern: "x", path: "assets/blob.bin" }, "BINARY_FILE"],
      [{ pattern: "x", path: "../outside" }, "PATH_OUTSIDE_ROOT"],
    ];
    for (const [args, code] of cases) {
      const result = await lapp.call("lapp_grep", args);
      expect({ args, code: errorCode(result.text) }).toEqual({ args, code });
    }
  });

  test.skipIf(process.platform !== "linux")(
    "the compiled binary runs its search workers (a Worker thread)",
    async () => {
      // Compiled, the worker entry is found inside the executable, not next to it: started from elsewhere, it must load.
      const transport = lapp.client.transport as unknown as { pid: number | null };
      const threadNames = () =>
        readdirSync(`/proc/${transport.pid}/task`).map((task) =>
          readFileSync(`/proc/${transport.pid}/task/${task}/comm`, "utf8").trim(),
        );
      const result = await lapp.call("lapp_grep", { pattern: "needle" });
      expect(result.isError).toBe(false);
      expect(threadNames()).toContain("Worker");
      expect(lapp.stderr()).not.toMatch(/ModuleNotFound|Cannot find/i);
    },
  );
});
