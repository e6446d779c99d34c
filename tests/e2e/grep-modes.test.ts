// lapp_grep's outputs the way agents ask, through the compiled binary over stdio: files and count lists, paging
// with offset (pages join up to the whole answer, also when the output budget cuts one), type, multiline rows whose
// refs go straight into lapp_edit, and `null` for every new field meaning absent.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EXPECTED_NEEDLE_FILES, writeCorpus } from "../search/corpus.ts";
import { errorCode, makeTempRoot, refsByLine, startLapp, type LappSession } from "../support/lapp-session.ts";

let temp: string;
let root: string;
let lapp: LappSession;

beforeAll(async () => {
  temp = makeTempRoot("lapp-grep-modes-");
  root = join(temp, "root");
  writeCorpus(root, join(temp, "home"));
  lapp = await startLapp({ root });
});

afterAll(async () => {
  await lapp.close();
  rmSync(temp, { recursive: true, force: true });
});

/** The lines of an answer before its blank line and totals. */
const bodyOf = (text: string) => (text.includes("\n\n") ? text.split("\n\n")[0]!.split("\n") : []);
const totalsOf = (text: string) => text.split("\n\n").at(-1)!.split("\n")[0]!;
const ROW = /^\d+#[A-Z]{2}[:-]/m;

describe("lapp_grep outputs over MCP", () => {
  test("the description says in one line each when to use which output", async () => {
    const { tools } = await lapp.client.listTools();
    const lines = tools.find((tool) => tool.name === "lapp_grep")!.description!.split("\n");
    for (const output of ["content", "files", "count"])
      expect(lines.filter((line) => line.startsWith(`output "${output}"`)).length).toBe(1);
  });

  test("files: every file with matches and its count, in path order, no refs", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "needle", output: "files" });
    expect(result.isError).toBe(false);
    expect(result.text).not.toMatch(ROW);
    const paths = bodyOf(result.text).map((line) => /^(.*) \(\d+ match(?:es)?\)$/.exec(line)![1]);
    // The session's HOME has no global excludes file, so *.swp is searched.
    expect(paths.filter((path) => path !== "global-excluded.swp")).toEqual(EXPECTED_NEEDLE_FILES);
    expect(bodyOf(result.text)).toContain("src/app.ts (4 matches)");
    expect(totalsOf(result.text)).toMatch(/^\[\d+ files with \d+ matches; \d+ files searched\]$/);
  });

  test("count: path:N per file; a file whose reading a NUL stopped after matches is left out and named", async () => {
    const result = await lapp.call("lapp_grep", { pattern: "needle", output: "count" });
    expect(bodyOf(result.text)).toContain("src/app.ts:4");
    expect(bodyOf(result.text).some((line) => line.startsWith("data/late-nul.txt"))).toBe(false);
    expect(result.text).toContain("rg --count leaves them out");
    expect(result.text).toContain("data/late-nul.txt");
  });

  test("pages of files, and of matches, join up to the whole answer", async () => {
    const whole = bodyOf((await lapp.call("lapp_grep", { pattern: "needle", output: "files" })).text);
    const pages: string[] = [];
    for (let offset = 0; offset < whole.length; offset += 4) {
      const page = await lapp.call("lapp_grep", {
        pattern: "needle",
        output: "files",
        max_results: 4,
        offset,
      });
      pages.push(...bodyOf(page.text));
      if (offset + 4 < whole.length)
        expect(totalsOf(page.text)).toContain(`continue with offset=${offset + 4}`);
    }
    expect(pages).toEqual(whole);

    const matchRows = (text: string) => text.split("\n").filter((line) => /^\d+#[A-Z]{2}:/.test(line));
    const all = await lapp.call("lapp_grep", { pattern: "needle", path: "src", context: 0 });
    const paged: string[] = [];
    for (let offset = 0; offset < 12; offset += 5) {
      const page = await lapp.call("lapp_grep", {
        pattern: "needle",
        path: "src",
        context: 0,
        max_results: 5,
        offset,
      });
      paged.push(...matchRows(page.text));
    }
    expect(paged).toEqual(matchRows(all.text));
  });

  test("type: ripgrep's names, several add up; an unknown one is refused naming the known ones", async () => {
    const ts = await lapp.call("lapp_grep", { pattern: "needle", output: "files", type: "ts" });
    for (const line of bodyOf(ts.text)) expect(line).toMatch(/\.ts \(/);
    expect(bodyOf(ts.text).length).toBeGreaterThan(2);
    const docs = await lapp.call("lapp_grep", { pattern: "needle", output: "count", type: ["md", "txt"] });
    expect(bodyOf(docs.text)).toContain("docs/guide.md:1");
    expect(bodyOf(docs.text)).toContain("sub/root-only.txt:1");
    const unknown = await lapp.call("lapp_grep", { pattern: "needle", type: "typescript" });
    expect(errorCode(unknown.text)).toBe("INVALID_ARGUMENTS");
    expect(unknown.text).toContain('"typescript"');
    expect(unknown.text).toContain("rust");
  });

  test("multiline: every line a match spans is a row, and its refs go straight into lapp_edit", async () => {
    writeFileSync(join(root, "span.ts"), "function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}\n");
    const found = await lapp.call("lapp_grep", {
      pattern: "function b\\(\\) \\{\\n\\s+return",
      path: "span.ts",
      multiline: true,
      context: 0,
    });
    expect(found.text.split("\n").filter((line) => /^\d+#[A-Z]{2}:/.test(line)).length).toBe(2);
    expect(totalsOf(found.text)).toBe("[1 match in 1 file; 1 file searched]");
    const ref = refsByLine(found.text).get(5)!;
    const edited = await lapp.call("lapp_edit", {
      path: "span.ts",
      edits: [{ type: "replace", anchor: ref, content: "  return 20;" }],
    });
    expect(edited.isError).toBe(false);
    expect(readFileSync(join(root, "span.ts"), "utf8")).toBe(
      "function a() {\n  return 1;\n}\nfunction b() {\n  return 20;\n}\n",
    );
    const line = await lapp.call("lapp_grep", { pattern: "needle\nx", multiline: false });
    expect(errorCode(line.text)).toBe("INVALID_ARGUMENTS");
    expect(line.text).toContain("multiline: true");
  });

  test("null means absent for every new field", async () => {
    const result = await lapp.call("lapp_grep", {
      pattern: "needle",
      path: "src",
      output: null,
      offset: null,
      type: null,
      multiline: null,
    });
    expect(result.isError).toBe(false);
    expect(result.text).toMatch(ROW);
  });
});

describe("lapp_grep lists under a small output budget", () => {
  let small: LappSession;
  let many: string;

  beforeAll(async () => {
    many = join(temp, "many");
    for (let index = 0; index < 400; index++) {
      const folder = join(many, `package-${String(index).padStart(3, "0")}`, "src");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, "index.ts"), "export const marker = 1;\n");
    }
    small = await startLapp({ root: many, args: ["--max-output-tokens", "2000"] });
  });

  afterAll(async () => {
    await small.close();
  });

  test("the budget cuts a files answer at a file; continuing from the offset it names misses none and repeats none", async () => {
    const seen: string[] = [];
    let offset = 0;
    for (let call = 0; call < 20 && offset < 400; call++) {
      const page = await small.call("lapp_grep", {
        pattern: "marker",
        output: "files",
        max_results: 1000,
        offset,
      });
      const lines = bodyOf(page.text);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThan(400);
      seen.push(...lines);
      const next = /continue with offset=(\d+)/.exec(totalsOf(page.text));
      if (next === null) break;
      expect(Number(next[1])).toBe(offset + lines.length);
      offset = Number(next[1]);
    }
    expect(seen).toEqual(
      Array.from(
        { length: 400 },
        (_, index) => `package-${String(index).padStart(3, "0")}/src/index.ts (1 match)`,
      ),
    );
  });
});
