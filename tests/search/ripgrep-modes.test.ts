// When rg is installed: lapp_grep's files, count, type and multiline answers equal ripgrep's on the same trees —
// `rg --files-with-matches --sort path` (paths, in order), `rg --count`, `rg -t`, `rg -U` (its counts and every line
// it prints) — on the shared corpus, on a tree of multiline corner cases, and on real package trees.
// lapp's side is the engine's outcome rendered as the tool renders it, then read back from the text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { renderAnswer } from "../../src/hashline/answer.ts";
import type { SearchOutcome } from "../../src/search/engine.ts";
import { LanePool } from "../../src/search/lanes.ts";
import { fileListAnswer } from "../../src/search/render-files.ts";
import { textAnswer } from "../../src/search/render.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { writeCorpus } from "./corpus.ts";
import {
  blocklist,
  PACKAGE_TREES,
  RG,
  ripgrepMatchLines,
  runRipgrep,
  searchLikeLapp,
  type Query,
} from "./ripgrep-support.ts";

const pool = new LanePool(1);
let temp: string;
let corpusRoot: string;
let cornersRoot: string;
let home: string;

/** Files whose names sort differently by bytes (ripgrep) and by UTF-16 units (JavaScript), and multiline corners. */
const CORNERS: Record<string, string | Uint8Array> = {
  "a.txt": "alpha\nbeta\n",
  "a/b.txt": "alpha in a directory named a\n",
  "a-b.txt": "alpha with a dash\n",
  "A.txt": "alpha upper\n",
  "\uE000.txt": "alpha private use\n",
  "\u{1F600}.txt": "alpha emoji\n",
  "crlf.txt": "alpha\r\nbeta\r\n\r\ngamma\r\nalpha end\r\n",
  "no-final-newline.txt": "alpha\nbeta\ngamma",
  "adjacent.txt": "foo\nfoo\nx\nfoo\nbar\nfoo bar\nbaz\n",
  "blank-lines.txt": "x\n\n\ny\n\nz\n",
  "bom.txt": new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("alpha\nbeta\n")]),
  "empty.txt": "",
  "separators.txt": "alpha\u2028beta\nalpha\u2029beta\nlast\n",
  "code/app.ts": "export function f() {\n  return 1;\n}\n\nexport function g() {\n  return 2;\n}\n",
  "code/app.tsx": "const a = <div>\n  alpha\n</div>;\n",
  "code/lib.rs": "fn main() {\n    alpha();\n}\n",
  "code/script.py": "def alpha():\n    return 1\n",
  "code/Makefile": "alpha:\n\techo alpha\n",
  "code/build.mk": "alpha := 1\n",
  "code/README.md": "# alpha\n\nbeta\n",
  "code/notes.markdown": "alpha\n",
  "code/main.go": "package alpha\n",
  "code/Main.java": "class Alpha { }\n// alpha\n",
  "code/x.c": "int alpha;\n",
  "code/x.H": "int alpha;\n",
  "code/x.hpp": "int alpha;\n",
  "code/x.cc": "int alpha;\n",
  "code/.bashrc": "alias alpha=beta\n",
  "code/x.js": "alpha()\n",
  "code/x.vue": "<alpha/>\n",
  "code/x.mjs": "alpha()\n",
};

beforeAll(() => {
  temp = makeTempRoot("lapp-rg-modes-");
  corpusRoot = join(temp, "root");
  cornersRoot = join(temp, "corners");
  home = join(temp, "home");
  writeCorpus(corpusRoot, home);
  for (const [path, content] of Object.entries(CORNERS)) {
    mkdirSync(dirname(join(cornersRoot, path)), { recursive: true });
    writeFileSync(join(cornersRoot, path), content);
  }
  // A NUL after a match, past the first 64 KiB buffer: rg --files-with-matches lists the file, rg --count does not.
  const filler = "filler line of text\n".repeat(6000);
  writeFileSync(
    join(cornersRoot, "late-nul.txt"),
    Buffer.concat([Buffer.from(`alpha\n${filler}alpha\n`), Buffer.from([0]), Buffer.from("\nalpha\n")]),
  );
});
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** `rg --files-with-matches --sort path`: paths in ripgrep's order (blocked files left out, as lapp never reads them). */
function rgFiles(root: string, query: Query): string[] {
  return runRipgrep(root, home, query, ["--files-with-matches", "--sort", "path"])
    .split("\0")
    .filter((path) => path !== "" && !blocklist.isBlocked(path));
}

/** `rg --count --sort path`: `path:N`. */
function rgCounts(root: string, query: Query): string[] {
  return runRipgrep(root, home, query, ["--count", "--with-filename", "--sort", "path"])
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\0") as [string, string])
    .filter(([path]) => !blocklist.isBlocked(path))
    .map(([path, count]) => `${path}:${count}`);
}

const rgMatchLines = (root: string, query: Query) => ripgrepMatchLines(root, home, query);
const search = (root: string, query: Query, maxResults: number) =>
  searchLikeLapp(root, home, query, maxResults, pool);

const EVERYTHING = 1_000_000;

/** The lines of a files or count answer before its totals, as the tool renders them. */
function listLines(outcome: SearchOutcome, output: "files" | "count"): string[] {
  const options = { output, maxResults: EVERYTHING, offset: 0, budgetMs: 60_000 };
  const text = renderAnswer(fileListAnswer(outcome, options));
  const [body, totals] = text.includes("\n\n") ? text.split("\n\n") : ["", text];
  expect(totals).toStartWith("[");
  return body === "" ? [] : body!.split("\n");
}

/** The paths of a files answer (`path (N matches)` lines). */
const pathsOf = (lines: readonly string[]) =>
  lines.map((line) => /^(.*) \(\d+ match(?:es)?\)$/.exec(line)![1]!);

async function lappFiles(root: string, query: Query): Promise<string[]> {
  return pathsOf(listLines(await search(root, query, 0), "files"));
}

/** Every line the content answer shows as a match (`path:N`, sorted). */
async function lappMatchLines(root: string, query: Query): Promise<string[]> {
  const outcome = await search(root, query, EVERYTHING);
  const options = { context: 0, maxResults: EVERYTHING, budgetMs: 60_000, maxOutputBytes: 1 << 30 };
  const text = renderAnswer(textAnswer(outcome, options));
  const found: string[] = [];
  let path = "";
  for (const line of text.split("\n")) {
    const row = /^(\d+)#[A-Z]{2}:/.exec(line);
    if (row) found.push(`${path}:${row[1]}`);
    else if (line !== "" && line !== "--" && !line.startsWith("[")) path = line;
  }
  return found.sort();
}

/**
 * Asserts every mode at once, so a failure names the query and the mode: the files and count answers (from one
 * search without rows), and the lines the content answer shows for multiline and type queries (line queries' rows
 * are compared in ripgrep-parity.test.ts).
 */
async function expectSameAsRipgrep(root: string, query: Query): Promise<void> {
  const rows = query.multiline === true || query.types !== undefined;
  const expected = {
    query,
    files: rgFiles(root, query),
    counts: rgCounts(root, query),
    lines: rows ? rgMatchLines(root, query) : [],
  };
  const outcome = await search(root, query, 0);
  expect({
    query,
    files: pathsOf(listLines(outcome, "files")),
    counts: listLines(outcome, "count"),
    lines: rows ? await lappMatchLines(root, query) : [],
  }).toEqual(expected);
}

const CORPUS_QUERIES: Query[] = [
  { pattern: "needle", literal: true },
  { pattern: "need(le|ful)\\s*\\d*" },
  { pattern: "NEEDLE", ignoreCase: true },
  { pattern: "needle", literal: true, globs: ["src/**/*.ts", "!**/nested/**"] },
  { pattern: "needle", literal: true, path: "src" },
  { pattern: "needle", types: ["ts"] },
  { pattern: "needle", types: ["md", "txt"] },
  { pattern: "needle", types: ["js"], globs: ["*.md"] },
  { pattern: "needle", types: ["ts"], path: "docs/guide.md" },
  { pattern: "needle", multiline: true },
  { pattern: "needle.*\\n.*\\w", multiline: true },
  { pattern: "needle\\n", multiline: true },
  { pattern: "\\{\\n\\s+(const|return)", multiline: true },
  { pattern: "needle[^\\n]*\\n[^\\n]*needle", multiline: true },
];

const CORNER_QUERIES: Query[] = [
  { pattern: "alpha", literal: true },
  { pattern: "alpha" },
  { pattern: "ALPHA", ignoreCase: true },
  { pattern: "alpha", path: "code" },
  ...["ts", "js", "py", "rust", "go", "java", "c", "cpp", "md", "make", "sh", "h"].map((type) => ({
    pattern: "alpha",
    ignoreCase: true,
    types: [type],
  })),
  { pattern: "alpha", types: ["ts", "rust"] },
  { pattern: "alpha", types: ["ts"], globs: ["*.py"] },
  { pattern: "alpha|return", types: ["ts"], globs: ["!*.tsx"] },
  { pattern: "alpha\\nbeta", multiline: true },
  { pattern: "alpha\\r?\\nbeta", multiline: true },
  { pattern: "a$", multiline: true },
  { pattern: "^beta", multiline: true },
  { pattern: "^$", multiline: true },
  { pattern: "\\n", multiline: true },
  { pattern: "\\n\\n", multiline: true },
  { pattern: "o", multiline: true },
  { pattern: "foo\\n", multiline: true },
  { pattern: "foo\\nbar|bar\\nfoo", multiline: true },
  { pattern: "o\\nbaz|bar\\nb", multiline: true },
  { pattern: "alpha.beta", multiline: true },
  { pattern: "alpha[\\s\\S]beta", multiline: true },
  { pattern: "(?s:alpha.beta)", multiline: true },
  { pattern: "x\\n+y", multiline: true },
  { pattern: "gamma$", multiline: true },
  { pattern: "\\{[^}]*\\}", multiline: true },
  { pattern: "alpha\nbeta", literal: true, multiline: true },
  { pattern: "export function \\w+\\(\\) \\{\\n\\s+return \\d;\\n\\}", multiline: true },
  { pattern: "^", multiline: true, path: "code/app.ts" },
];

describe.skipIf(!RG)("lapp_grep's files, count, type and multiline answers equal ripgrep's", () => {
  for (const query of CORPUS_QUERIES) {
    test(`corpus: ${JSON.stringify(query)}`, async () => {
      expect(rgFiles(corpusRoot, query).length).toBeGreaterThan(0);
      await expectSameAsRipgrep(corpusRoot, query);
    });
  }

  for (const query of CORNER_QUERIES) {
    test(`corners: ${JSON.stringify(query)}`, async () => {
      expect(rgFiles(cornersRoot, query).length).toBeGreaterThan(0);
      await expectSameAsRipgrep(cornersRoot, query);
    });
  }

  test("files lists in ripgrep's byte order, not JavaScript's (U+E000 before an emoji; a/ before a-b)", async () => {
    const files = await lappFiles(cornersRoot, { pattern: "alpha" });
    expect(files.indexOf("\uE000.txt")).toBeLessThan(files.indexOf("\u{1F600}.txt"));
    expect(files.indexOf("a/b.txt")).toBeLessThan(files.indexOf("a-b.txt"));
    expect(files).toEqual(rgFiles(cornersRoot, { pattern: "alpha" }));
  });

  test("a NUL after the matches: files lists the file (as rg -l), count leaves it out (as rg --count)", async () => {
    const query = { pattern: "alpha" };
    expect(await lappFiles(cornersRoot, query)).toContain("late-nul.txt");
    expect(listLines(await search(cornersRoot, query, 0), "count").join("\n")).not.toContain("late-nul.txt");
  });

  const packages = PACKAGE_TREES;
  const realQueries: Query[] = [
    { pattern: "function", literal: true },
    { pattern: "import\\s+\\{[^}]*\\}\\s+from" },
    { pattern: "error", ignoreCase: true },
    { pattern: "TODO|FIXME" },
    { pattern: "export", types: ["ts"] },
    { pattern: "export", types: ["js"] },
    { pattern: "license", ignoreCase: true, types: ["md", "json"] },
    { pattern: "\\}\\n\\s*export", multiline: true },
    { pattern: "import \\{[^}]*\\n[^}]*\\} from", multiline: true },
    // A doc comment (no lazy quantifier across lines: ripgrep 13's regex crate places such a match's start
    // differently from a backtracking engine) right before an export.
    { pattern: "/\\*\\*(?:[^*]|\\*[^/])*\\*/\\n\\s*export", multiline: true, types: ["ts"] },
    { pattern: "^\\s*$\\n^\\s*$", multiline: true },
    { pattern: ";\\r?\\n\\}", multiline: true },
  ];
  for (const packageRoot of packages) {
    test(`real tree ${packageRoot.split("node_modules/")[1]}`, async () => {
      for (const query of realQueries) await expectSameAsRipgrep(packageRoot, query);
    }, 120_000);
  }
});
