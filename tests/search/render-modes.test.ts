// The files and count outputs and the content output's pages and multiline matches, on hand-built outcomes: exact
// lines, ripgrep's path order, paging by offset and max_results, the output budget cutting at an item with the totals
// saying where to go on, and what each answer records (the lists: nothing).
import { describe, expect, test } from "bun:test";
import { clipAnswer } from "../../src/budget/clip-answer.ts";
import { renderAnswer, shownLinesOf, type Answer } from "../../src/hashline/answer.ts";
import { refOf } from "../../src/hashline/hash.ts";
import type { FileCount, FileMatches, SearchOutcome } from "../../src/search/engine.ts";
import { fileListAnswer, structuredFileListAnswer, type ListOptions } from "../../src/search/render-files.ts";
import { structuredAnswer, textAnswer } from "../../src/search/render.ts";
import type { Row } from "../../src/search/search-file.ts";
import { searchOutcome } from "../support/search-outcome.ts";

function outcome(
  counted: FileCount[],
  files: FileMatches[] = [],
  extra: Partial<SearchOutcome> = {},
): SearchOutcome {
  return searchOutcome({
    files,
    counted,
    totalMatches: counted.reduce((sum, file) => sum + file.count, 0),
    filesWithMatches: counted.length,
    ...extra,
  });
}

/** The answer cut at `maxTokens` as the session cuts it, with the lines it would record. */
function present(answer: Answer, maxTokens = Number.POSITIVE_INFINITY) {
  const clipped = clipAnswer(answer, maxTokens);
  return { text: renderAnswer(answer, clipped.items, clipped.cut), recorded: shownLinesOf(clipped.items) };
}

const list = (found: SearchOutcome, options: Partial<ListOptions> = {}, maxTokens?: number) =>
  present(
    fileListAnswer(found, { output: "files", maxResults: 200, offset: 0, budgetMs: 1, ...options }),
    maxTokens,
  );

// Walk order (JavaScript's) differs from ripgrep's byte order for an emoji and U+E000, and for `a/` and `a-b`.
const COUNTED: FileCount[] = [
  { relative: "a/x.ts", count: 2 },
  { relative: "a-b.ts", count: 1 },
  { relative: "\u{1F600}.ts", count: 3 },
  { relative: "\uE000.ts", count: 1 },
  { relative: "late.txt", count: 4, binaryAfter: true },
];

describe("files and count", () => {
  test("files: each file with its count, in ripgrep's --sort path order, then the totals; nothing recorded", () => {
    const { text, recorded } = list(outcome(COUNTED));
    expect(text).toBe(
      [
        "a/x.ts (2 matches)",
        "a-b.ts (1 match)",
        "late.txt (4 matches)",
        "\uE000.ts (1 match)",
        "\u{1F600}.ts (3 matches)",
        "",
        "[5 files with 11 matches; 10 files searched]",
      ].join("\n"),
    );
    expect(recorded).toEqual([]);
  });

  test.if(process.platform !== "win32")(
    "names that are not UTF-8 sort by their bytes, as ripgrep sorts them (issue 26: src/text/byte-names.ts)",
    () => {
      // Bytes: x 61 < x EF BF BD (U+FFFD) < x FE < x FF. Encoded lossily, the last three would be one name and tie.
      const counted: FileCount[] = ["x\udcff.txt", "x\udcfe.txt", "x\uFFFD.txt", "xa.txt"].map(
        (relative) => ({
          relative,
          count: 1,
        }),
      );
      const lines = list(outcome(counted), { output: "count" }).text.split("\n");
      expect(lines.slice(0, 4)).toEqual([
        "xa.txt:1",
        "x\uFFFD.txt:1",
        '"x\\udcfe.txt":1',
        '"x\\udcff.txt":1',
      ]);
    },
  );

  test("count: path:N as rg --count prints it, leaving out (and naming) a file a NUL stopped after matches", () => {
    const { text, recorded } = list(outcome(COUNTED), { output: "count" });
    const lines = text.split("\n");
    expect(lines.slice(0, 5)).toEqual(["a/x.ts:2", "a-b.ts:1", "\uE000.ts:1", "\u{1F600}.ts:3", ""]);
    expect(lines[5]).toBe("[4 files with 7 matches; 10 files searched]");
    expect(lines[6]).toContain("late.txt");
    expect(lines[6]).toContain("rg --count");
    expect(recorded).toEqual([]);
  });

  test("max_results and offset page through the files; the totals say where the next page starts", () => {
    const found = outcome(COUNTED);
    const first = list(found, { maxResults: 2 }).text.split("\n");
    expect(first.slice(0, 2)).toEqual(["a/x.ts (2 matches)", "a-b.ts (1 match)"]);
    expect(first.at(-1)).toBe(
      "[showing 2 of 5 files with 11 matches; 10 files searched; cut at max_results=2. Narrow with path or glob, or continue with offset=2.]",
    );
    const second = list(found, { maxResults: 2, offset: 2 }).text.split("\n");
    expect(second.slice(0, 2)).toEqual(["late.txt (4 matches)", "\uE000.ts (1 match)"]);
    expect(second.at(-1)).toContain("from offset=2");
    expect(second.at(-1)).toContain("continue with offset=4");
    const last = list(found, { maxResults: 2, offset: 4 }).text.split("\n");
    expect(last[0]).toBe("\u{1F600}.ts (3 matches)");
    expect(last.at(-1)).toBe("[showing 1 of 5 files with 11 matches, from offset=4; 10 files searched]");
    expect(list(found, { offset: 9 }).text).toBe(
      "[offset=9 is past the last of 5 files with 11 matches; 10 files searched]",
    );
  });

  test("the output budget cuts at a file and the totals continue from the first file left out", () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      relative: `src/module-${String(index).padStart(3, "0")}/index.ts`,
      count: index + 1,
    }));
    const { text, recorded } = list(outcome(many), { maxResults: 1000, offset: 10 }, 800);
    const lines = text.split("\n");
    const shown = lines.indexOf("");
    expect(shown).toBeGreaterThan(10);
    expect(shown).toBeLessThan(490);
    expect(lines[0]).toBe("src/module-010/index.ts (11 matches)");
    expect(lines[shown - 1]).toBe(
      `src/module-${String(10 + shown - 1).padStart(3, "0")}/index.ts (${10 + shown} matches)`,
    );
    expect(lines[shown + 1]).toContain(`showing ${shown} of 500 files`);
    expect(lines[shown + 1]).toContain(`continue with offset=${10 + shown}`);
    // Named for what cut it: the token budget, not the byte limit (which it was called on the kernel tree).
    expect(lines[shown + 1]).toContain("cut at the output budget");
    expect(recorded).toEqual([]);
  });

  test("the byte limit cuts a list too, and the totals name it", () => {
    const many = Array.from({ length: 500 }, (_, index) => ({
      relative: `src/module-${String(index).padStart(3, "0")}/index.ts`,
      count: 1,
    }));
    const { text } = list(outcome(many), { maxResults: 1000, maxOutputBytes: 1000 });
    const last = text.split("\n").at(-1)!;
    expect(last).toContain("cut at 256 KiB of output");
    expect(last).toMatch(/continue with offset=\d+/);
  });

  test("structured: the files, the totals and next_offset while more remain", () => {
    const found = outcome(COUNTED);
    const page = JSON.parse(
      present(structuredFileListAnswer(found, { output: "count", maxResults: 3, offset: 0, budgetMs: 1 }))
        .text,
    );
    expect(page).toEqual({
      files: [
        { path: "a/x.ts", count: 2 },
        { path: "a-b.ts", count: 1 },
        { path: "\uE000.ts", count: 1 },
      ],
      total_matches: 7,
      files_with_matches: 4,
      files_searched: 10,
      truncated: true,
      next_offset: 3,
      not_counted_binary: ["late.txt"],
    });
    const rest = JSON.parse(
      present(structuredFileListAnswer(found, { output: "files", maxResults: 3, offset: 3, budgetMs: 1 }))
        .text,
    );
    expect(rest.files).toEqual([
      { path: "\uE000.ts", count: 1 },
      { path: "\u{1F600}.ts", count: 3 },
    ]);
    expect(rest.truncated).toBe(false);
    expect(rest.next_offset).toBeUndefined();
  });
});

const A = ["a1", "a2 hit", "a3", "a4", "a5 hit", "a6", "a7", "a8", "a9", "a10 hit", "a11"];
const rowOf = (line: number): Row => [line, refOf(line, A[line - 1]!), A[line - 1]!];
const r = (line: number) => refOf(line, A[line - 1]!);
const fileA = (matches: number[], ends?: number[]): FileMatches => ({
  relative: "a.ts",
  absolute: "/r/a.ts",
  matches,
  rows: A.map((_, index) => rowOf(index + 1)),
  ...(ends && { ends }),
});

describe("content pages and multiline matches", () => {
  test("offset skips matches: a skipped match seen as context is still a match row, but not counted as shown", () => {
    const found = outcome([{ relative: "a.ts", count: 3 }], [fileA([2, 5, 10])]);
    const { text, recorded } = present(
      textAnswer(found, { context: 3, maxResults: 200, budgetMs: 1, offset: 1 }),
    );
    const lines = text.split("\n");
    expect(lines.slice(0, 4)).toEqual(["a.ts", `${r(2)}:a2 hit`, `${r(3)}-a3`, `${r(4)}-a4`]);
    expect(lines).toContain(`${r(5)}:a5 hit`);
    expect(lines).toContain(`${r(10)}:a10 hit`);
    expect(lines.at(-1)).toBe("[showing 2 of 3 matches in 1 file, from offset=1; 10 files searched]");
    expect(recorded.map((shown) => shown.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test("max_results after an offset: the totals name the next offset", () => {
    const found = outcome([{ relative: "a.ts", count: 3 }], [fileA([2, 5])], { truncated: true });
    const { text } = present(textAnswer(found, { context: 0, maxResults: 1, budgetMs: 1, offset: 1 }));
    expect(text.split("\n")).toEqual([
      "a.ts",
      `${r(5)}:a5 hit`,
      "",
      "[showing 1 of 3 matches in 1 file, from offset=1; 10 files searched; cut at max_results=1. Narrow with path or glob, or continue with offset=2.]",
    ]);
  });

  test("a multiline match shows every line it spans as a match row, all recorded", () => {
    const found = outcome([{ relative: "a.ts", count: 2 }], [fileA([2, 10], [4, 11])]);
    const { text, recorded } = present(textAnswer(found, { context: 1, maxResults: 200, budgetMs: 1 }));
    expect(text.split("\n")).toEqual([
      "a.ts",
      `${r(1)}-a1`,
      `${r(2)}:a2 hit`,
      `${r(3)}:a3`,
      `${r(4)}:a4`,
      `${r(5)}-a5 hit`,
      "--",
      `${r(9)}-a9`,
      `${r(10)}:a10 hit`,
      `${r(11)}:a11`,
      "",
      "[2 matches in 1 file; 10 files searched]",
    ]);
    expect(recorded.map((shown) => shown.line)).toEqual([1, 2, 3, 4, 5, 9, 10, 11]);
  });

  test("a multiline match cut by the budget midway is not counted as shown: the next page starts with it", () => {
    const long = Array.from({ length: 400 }, (_, index) => `line ${index + 1} ${"word ".repeat(10)}`);
    const rows = long.map((text, index): Row => [index + 1, refOf(index + 1, text), text]);
    const file: FileMatches = {
      relative: "b.ts",
      absolute: "/r/b.ts",
      matches: [1, 2],
      ends: [1, 400],
      rows,
    };
    const found = outcome([{ relative: "b.ts", count: 2 }], [file]);
    const { text } = present(textAnswer(found, { context: 0, maxResults: 200, budgetMs: 1 }), 2000);
    expect(text.split("\n").at(-1)).toContain("showing 1 of 2 matches");
    expect(text.split("\n").at(-1)).toContain("continue with offset=1");
  });

  test("structured multiline: end_line and the match's other lines; context after its last line", () => {
    const found = outcome([{ relative: "a.ts", count: 1 }], [fileA([2], [4])]);
    const json = JSON.parse(
      present(structuredAnswer(found, { context: 1, maxResults: 200, budgetMs: 1, multiline: true })).text,
    );
    expect(json.matches).toEqual([
      {
        path: "a.ts",
        line: 2,
        ref: r(2),
        text: "a2 hit",
        end_line: 4,
        more_lines: [
          { ref: r(3), text: "a3" },
          { ref: r(4), text: "a4" },
        ],
        before: [{ ref: r(1), text: "a1" }],
        after: [{ ref: r(5), text: "a5 hit" }],
      },
    ]);
  });

  test("structured content pages: next_offset while more matches remain", () => {
    const found = outcome([{ relative: "a.ts", count: 3 }], [fileA([2, 5])], { truncated: true });
    const json = JSON.parse(
      present(structuredAnswer(found, { context: 0, maxResults: 1, budgetMs: 1, offset: 1 })).text,
    );
    expect(json.matches.map((match: { line: number }) => match.line)).toEqual([5]);
    expect(json.next_offset).toBe(2);
  });
});
