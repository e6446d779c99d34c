// The two output formats, on hand-built outcomes: exact text layout, exact JSON keys, and the cut rules.
import { describe, expect, test } from "bun:test";
import { refOf } from "../../src/hashline/hash.ts";
import type { FileMatches, SearchOutcome } from "../../src/search/engine.ts";
import { clipAnswer } from "../../src/budget/clip-answer.ts";
import { renderAnswer, type Answer } from "../../src/hashline/answer.ts";
import { structuredAnswer, textAnswer, type RenderOptions } from "../../src/search/render.ts";
import type { Row } from "../../src/search/search-file.ts";
import { searchOutcome } from "../support/search-outcome.ts";

interface Options extends RenderOptions {
  maxOutputTokens?: number;
  /** Told of every row the answer still shows once cut at the budget: what the session records. */
  onRow?: (file: FileMatches, line: number) => void;
}

/** The answer cut at the budget as the session cuts it, its kept rows reported, rendered. */
function present(answer: Answer, files: readonly FileMatches[], options: Options): string {
  const clipped = clipAnswer(answer, options.maxOutputTokens ?? Number.POSITIVE_INFINITY);
  for (const item of clipped.items)
    for (const shown of item.shows ?? [])
      options.onRow?.(
        files.find((entry) => entry.absolute === shown.source?.real)!,
        shown.line,
      );
  return renderAnswer(answer, clipped.items, clipped.cut);
}

const renderText = (found: SearchOutcome, options: Options) =>
  present(textAnswer(found, options), found.files, options);
const renderStructured = (found: SearchOutcome, options: Options) =>
  present(structuredAnswer(found, options), found.files, options);

const row = (line: number, text: string): Row => [line, refOf(line, text), text];

function file(relative: string, lines: string[], matches: number[], context: number): FileMatches {
  const rows: Row[] = [];
  const wanted = new Set(
    matches.flatMap((match) =>
      Array.from({ length: 2 * context + 1 }, (_, index) => match - context + index),
    ),
  );
  lines.forEach((text, index) => {
    if (wanted.has(index + 1)) rows.push(row(index + 1, text));
  });
  return { relative, absolute: `/r/${relative}`, matches, rows };
}

function outcome(files: FileMatches[], extra: Partial<SearchOutcome> = {}): SearchOutcome {
  return searchOutcome({
    files,
    totalMatches: files.reduce((sum, entry) => sum + entry.matches.length, 0),
    filesWithMatches: files.length,
    counted: files.map((entry) => ({ relative: entry.relative, count: entry.matches.length })),
    ...extra,
  });
}

const A = ["a1", "a2 hit", "a3", "a4", "a5 hit", "a6", "a7", "a8", "a9", "a10 hit", "a11"];
const B = ["hit b1", "b2"];

describe("renderText", () => {
  test("ripgrep layout: path, N#ID: matches, N#ID- context, -- between groups, blank line between files, totals", () => {
    const text = renderText(outcome([file("src/a.ts", A, [2, 5, 10], 1), file("src/b.ts", B, [1], 1)]), {
      context: 1,
      maxResults: 200,
      budgetMs: 10_000,
    });
    const r = (line: number, lines: string[]) => refOf(line, lines[line - 1]!);
    expect(text).toBe(
      [
        "src/a.ts",
        `${r(1, A)}-a1`,
        `${r(2, A)}:a2 hit`,
        `${r(3, A)}-a3`,
        `${r(4, A)}-a4`, // windows 1-3 and 4-6 touch: one group
        `${r(5, A)}:a5 hit`,
        `${r(6, A)}-a6`,
        "--",
        `${r(9, A)}-a9`,
        `${r(10, A)}:a10 hit`,
        `${r(11, A)}-a11`,
        "",
        "src/b.ts",
        `${r(1, B)}:hit b1`,
        `${r(2, B)}-b2`,
        "",
        "[4 matches in 2 files; 10 files searched]",
      ].join("\n"),
    );
  });

  test("context 0 shows only matches, still separating groups", () => {
    const text = renderText(outcome([file("a", A, [2, 5], 0)]), { context: 0, maxResults: 200, budgetMs: 1 });
    expect(text.split("\n")).toEqual([
      "a",
      `${refOf(2, A[1]!)}:a2 hit`,
      "--",
      `${refOf(5, A[4]!)}:a5 hit`,
      "",
      "[2 matches in 1 file; 10 files searched]",
    ]);
  });

  test("the totals line says when max_results cut the results, and when the search stopped", () => {
    const cut = renderText(
      outcome([file("a", A, [2], 0)], { totalMatches: 9, filesWithMatches: 3, truncated: true }),
      {
        context: 0,
        maxResults: 1,
        budgetMs: 1,
      },
    );
    expect(cut.split("\n").at(-1)).toContain("showing 1 of 9 matches");
    expect(cut.split("\n").at(-1)).toContain("max_results=1");
    const stopped = renderText(outcome([], { stopped: "time" }), {
      context: 0,
      maxResults: 1,
      budgetMs: 10_000,
    });
    expect(stopped).toContain("stopped after 10 s");
    expect(stopped).toContain("partial");
  });

  test("no matches: one line", () => {
    expect(renderText(outcome([]), { context: 2, maxResults: 200, budgetMs: 1 })).toStartWith(
      "[no matches; 10 files searched.",
    );
  });

  test("output is cut at the byte limit, at a group boundary, and says so", () => {
    const lines = Array.from({ length: 100 }, (_, index) => `line ${index} ${"x".repeat(50)}`);
    const matches = Array.from({ length: 50 }, (_, index) => index * 2 + 1);
    const text = renderText(outcome([file("big", lines, matches, 0)]), {
      context: 0,
      maxResults: 200,
      budgetMs: 1,
      maxOutputBytes: 1000,
    });
    expect(Buffer.byteLength(text)).toBeLessThan(1300);
    expect(text.split("\n").at(-1)).toMatch(/^\[showing \d+ of 50 matches .*cut at 256 KiB/);
  });

  test("files too large to search are named", () => {
    const text = renderText(outcome([], { tooLarge: ["huge.log"] }), {
      context: 0,
      maxResults: 1,
      budgetMs: 1,
    });
    expect(text).toContain("huge.log");
  });
});

describe("renderStructured", () => {
  test("exactly the spec's keys, each match with its own before/after", () => {
    const json = JSON.parse(
      renderStructured(outcome([file("src/a.ts", A, [2, 5], 1)]), {
        context: 1,
        maxResults: 200,
        budgetMs: 1,
      }),
    );
    expect(Object.keys(json)).toEqual([
      "matches",
      "total_matches",
      "files_with_matches",
      "files_searched",
      "truncated",
    ]);
    expect(json.matches[0]).toEqual({
      path: "src/a.ts",
      line: 2,
      ref: refOf(2, "a2 hit"),
      text: "a2 hit",
      before: [{ ref: refOf(1, "a1"), text: "a1" }],
      after: [{ ref: refOf(3, "a3"), text: "a3" }],
    });
    expect(Object.keys(json.matches[1])).toEqual(["path", "line", "ref", "text", "before", "after"]);
    expect(json).toMatchObject({
      total_matches: 2,
      files_with_matches: 1,
      files_searched: 10,
      truncated: false,
    });
  });

  test("truncated is true when results were cut or the search stopped", () => {
    const cut = JSON.parse(
      renderStructured(outcome([], { truncated: true }), { context: 0, maxResults: 1, budgetMs: 1 }),
    );
    expect(cut.truncated).toBe(true);
    const stopped = JSON.parse(
      renderStructured(outcome([], { stopped: "cancelled" }), { context: 0, maxResults: 1, budgetMs: 1 }),
    );
    expect(stopped.truncated).toBe(true);
  });
});

describe("rows the answer shows (for recording them)", () => {
  // 30 files of long lines: a small budget cuts the answer after a few of them.
  const long = (name: string) =>
    Array.from(
      { length: 12 },
      (_, index) => `${name} ${index + 1} ${"w".repeat(300)} ${index % 3 === 0 ? "hit" : ""}`,
    );
  const files = Array.from({ length: 30 }, (_, index) =>
    file(`f${index}.ts`, long(`f${index}`), [1, 4, 7, 10], 1),
  );
  const options = { context: 1, maxResults: 200, budgetMs: 10_000, maxOutputTokens: 3_000 };

  test("text: exactly the rows in the text are reported, file by file, and the cut ones are not", () => {
    const reported = new Set<string>();
    const text = renderText(outcome(files), {
      ...options,
      onRow: (entry, line) => reported.add(`${entry.relative}:${line}`),
    });
    const inText = new Set<string>();
    for (const block of text.split("\n\n").slice(0, -1)) {
      const [path, ...rows] = block.split("\n");
      for (const shownRow of rows) {
        const match = /^(\d+)#[A-Z]{2}[:-]/.exec(shownRow);
        if (match) inText.add(`${path}:${match[1]}`);
      }
    }
    expect(inText.size).toBeGreaterThan(0);
    expect(inText.size).toBeLessThan(30 * 8);
    expect([...reported].sort()).toEqual([...inText].sort());
  });

  test("structured: exactly the rows of the matches in the JSON are reported", () => {
    const reported = new Set<string>();
    const json = JSON.parse(
      renderStructured(outcome(files), {
        ...options,
        onRow: (entry, line) => reported.add(`${entry.relative}:${line}`),
      }),
    ) as { matches: { path: string; ref: string; before: { ref: string }[]; after: { ref: string }[] }[] };
    const inJson = new Set<string>();
    for (const match of json.matches)
      for (const entry of [...match.before, match, ...match.after])
        inJson.add(`${match.path}:${Number.parseInt(entry.ref, 10)}`);
    expect(json.matches.length).toBeLessThan(30 * 4);
    expect([...reported].sort()).toEqual([...inJson].sort());
  });
});
