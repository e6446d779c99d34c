// PLUMBING TEST of the bench's agent workflow (bench/workflow/): the expected intermediate files, the silently-wrong
// detector, the reading of lapp's errors, and a run through dist/lapp on tiny files. Its numbers are never results.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { refOf } from "../../src/hashline/hash.ts";
import { makeFilePair, type FilePair } from "../../bench/diff/file-pair.ts";
import { startLappClient } from "../../bench/support/lapp-client.ts";
import { runAgent, type AgentTool, type ReadSnapshot } from "../../bench/workflow/agent-loop.ts";
import { occurrenceAt, runBlockAgent } from "../../bench/workflow/block-agent.ts";
import { runLappAgent } from "../../bench/workflow/lapp-agent.ts";
import { insertLinesAt, runOutsideChange } from "../../bench/workflow/outside-change.ts";
import { agentTotals } from "../../bench/workflow/results.ts";
import { errorPointers, freshRefFor, parseRows } from "../../bench/workflow/rows.ts";
import { hunkSteps, judgeAccepted } from "../../bench/workflow/steps.ts";
import { runTextPeer } from "../../bench/workflow/text-agent.ts";

const scratch = realpathSync(mkdtempSync(join(tmpdir(), "lapp-bench-workflow-test-")));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const encode = (lines: readonly string[]) =>
  new TextEncoder().encode(lines.map((line) => `${line}\n`).join(""));
const pairOf = (id: string, oldLines: readonly string[], newLines: readonly string[]): FilePair =>
  makeFilePair(id, `${id}.js`, encode(oldLines), encode(newLines));

// Three hunks: one line becomes two, a line further down is changed, a line is appended.
const OLD = ["function a() {", "  return 1;", "}", "", "function b() {", "  return 2;", "}", "", "a();"];
const NEW = [
  "function a() {",
  "  const one = 1;",
  "  return one;",
  "}",
  "",
  "function b() {",
  "  return 22;",
  "}",
  "",
  "a();",
  "b();",
];

describe("expected intermediate files (plumbing)", () => {
  const pair = pairOf("steps", OLD, NEW);
  const steps = hunkSteps(pair.oldDoc.lines, pair.newDoc.lines, pair.hunks);

  test("one step per hunk, each starting where the previous ended, the last ending at the new file", () => {
    expect(steps).toHaveLength(pair.hunks.length);
    expect(steps[0]!.before).toEqual(OLD);
    for (let index = 1; index < steps.length; index++)
      expect(steps[index]!.before).toEqual(steps[index - 1]!.after);
    expect(steps.at(-1)!.after).toEqual(NEW);
  });

  test("the first step does only the first hunk, and later steps know how far earlier hunks moved the lines", () => {
    expect(steps[0]!.after).toEqual([
      "function a() {",
      "  const one = 1;",
      "  return one;",
      "}",
      "",
      "function b() {",
      "  return 2;",
      "}",
      "",
      "a();",
    ]);
    expect(steps.map((step) => step.shiftBefore)).toEqual([0, 1, 1]);
  });

  test("a success is judged by the whole file: the hunk on another line, or nothing done, is silently wrong", () => {
    const step = steps[0]!;
    expect(judgeAccepted(step.after, step.after, true)).toBe("intended");
    expect(judgeAccepted(step.before, step.after, true)).toBe("silently-wrong");
    const onTheWrongLine = [...step.before];
    onTheWrongLine.splice(5, 1, "  const one = 1;", "  return one;");
    expect(judgeAccepted(onTheWrongLine, step.after, true)).toBe("silently-wrong");
    expect(judgeAccepted(onTheWrongLine, step.after, false)).toBe("already-wrong");
  });
});

/**
 * A real line-number edit tool without hashes (like `sed Nc`): it applies every call where the numbers say. An agent
 * using the numbers of one read goes wrong after the first hunk that adds lines, and the loop must say so.
 */
function lineNumberTool(
  path: string,
  newLines: readonly string[],
): AgentTool<ReadSnapshot, { from: number; to: number; lines: string[] }> {
  const fileLines = () => readFileSync(path, "utf8").split("\n").slice(0, -1);
  return {
    read: (shift) => Promise.resolve({ shift }),
    // Deliberately the old numbers: the read's shift is ignored, as by an agent that never re-counts.
    plan: (step) => ({
      from: step.hunk.oldStart,
      to: step.hunk.oldStart + step.hunk.oldCount,
      lines: newLines.slice(step.hunk.newStart, step.hunk.newStart + step.hunk.newCount),
    }),
    send(call) {
      const lines = fileLines();
      if (call.to > lines.length)
        return Promise.resolve({ ok: false, text: "error LINE_OUT_OF_RANGE: past the end" });
      lines.splice(call.from, call.to - call.from, ...call.lines);
      writeFileSync(path, lines.map((line) => `${line}\n`).join(""));
      return Promise.resolve({ ok: true, text: "edited" });
    },
    retryFromError: () => undefined,
    codeOf: (reply) => /^error ([A-Z_]+)/.exec(reply.text)?.[1] ?? "OTHER",
  };
}

describe("the silently-wrong detector on a real run (plumbing)", () => {
  test("stale line numbers applied blindly: the first call is right, the second lands on the wrong lines", async () => {
    const pair = pairOf("numbers", OLD, NEW);
    const path = join(scratch, "numbers.js");
    writeFileSync(path, pair.oldBytes);
    const result = await runAgent(pair, path, lineNumberTool(path, pair.newDoc.lines));
    expect(result.acceptedFirst).toBe(3);
    expect(result.refusals).toBe(0);
    expect(result.exact).toBe(false);
    expect(result.silentlyWrong).toBe(true);
    expect(result.wrongCalls).toBe(1); // later calls are not judged again once the file has gone wrong
    // Old line 6 is line 7 after the first hunk: `  return 22;` replaced `function b() {` on line 6 instead.
    expect(result.wrong).toEqual({ hunk: 2, line: 6, via: "first try" });
    expect(agentTotals([result]).silentlyWrong).toBe(1);
  });

  test("with the numbers re-based on the hunks before (what a re-read gives), the same tool ends exact", async () => {
    const pair = pairOf("rebased", OLD, NEW);
    const path = join(scratch, "rebased.js");
    writeFileSync(path, pair.oldBytes);
    const tool = lineNumberTool(path, pair.newDoc.lines);
    const rebased: typeof tool = {
      ...tool,
      plan: (step) => ({
        ...tool.plan(step, { shift: 0 })!,
        from: step.hunk.oldStart + step.shiftBefore,
        to: step.hunk.oldStart + step.shiftBefore + step.hunk.oldCount,
      }),
    };
    const result = await runAgent(pair, path, rebased);
    expect(result).toMatchObject({ exact: true, silentlyWrong: false, wrongCalls: 0, acceptedFirst: 3 });
  });
});

describe("what the agent reads out of lapp's errors (plumbing)", () => {
  test("rows with and without the >>> mark", () => {
    expect(parseRows("12#KT:const a = 1;\n>>> 13#ZP:}\n    14#QW-  x: y\nnot a row")).toEqual([
      { line: 12, ref: "12#KT", text: "const a = 1;", marked: false },
      { line: 13, ref: "13#ZP", text: "}", marked: true },
      { line: 14, ref: "14#QW", text: "  x: y", marked: false },
    ]);
  });

  test("a hint names the fresh ref of the stale one; a >>> row counts only when it shows the line's text", () => {
    const today = [
      "error HASH_MISMATCH: 1 of 1 ref is stale (line 20 changed since it was read); nothing was written.",
      "    19#KT:  a();",
      ">>> 20#ZP:  b();",
      "hint: the ID of 20#QW is now on 27#QW only; use 27#QW if that is the line you meant.",
    ].join("\n");
    const pointers = errorPointers(today);
    expect(pointers.code).toBe("HASH_MISMATCH");
    expect(pointers.hints).toEqual([{ stale: "20#QW", fresh: "27#QW" }]);
    expect(freshRefFor(pointers, "20#QW", "  c();")).toBe("27#QW");
    expect(freshRefFor(errorPointers(today.split("\nhint")[0]!), "20#QW", "  c();")).toBeUndefined();

    const moved = "error HASH_MISMATCH: line 20 moved\n    26#KT:  a();\n>>> 27#QW:  c();\n    28#NN:  d();";
    expect(freshRefFor(errorPointers(moved), "20#QW", "  c();")).toBe("27#QW");
    for (const sentence of [
      "20#QW moved; its fresh ref is 27#QW",
      "20#QW → 27#QW",
      "20#QW is stale, use 27#QW",
    ])
      expect(errorPointers(`error HASH_MISMATCH: x\n${sentence}`).hints).toEqual([
        { stale: "20#QW", fresh: "27#QW" },
      ]);
  });

  test("AMBIGUOUS_REF: a candidate is taken only when exactly one shows the line's text", () => {
    const ambiguous =
      "error AMBIGUOUS_REF: 40#ZZ could be either line\n  44#MP:}\n  61#TT:}\n  70#KB:  return x;";
    const pointers = errorPointers(ambiguous);
    expect(pointers.candidates.map((row) => row.ref)).toEqual(["44#MP", "61#TT", "70#KB"]);
    expect(freshRefFor(pointers, "40#ZZ", "}")).toBeUndefined();
    expect(freshRefFor(pointers, "40#ZZ", "  return x;")).toBe("70#KB");
    const listed = errorPointers(
      "error AMBIGUOUS_REF: 40#ZZ\n- 44#MP:}\n- 61#TT:}\ncandidates: 44#MP, 61#TT",
    );
    expect(listed.candidates.map((row) => row.ref)).toEqual(["44#MP", "61#TT"]);
    expect(listed.inlineCandidates).toEqual(["40#ZZ", "44#MP", "61#TT"]);
  });

  test("lines are inserted before a given line, byte for byte", () => {
    expect(insertLinesAt("a\nb\nc\n", 2, ["x", "y"])).toBe("a\nx\ny\nb\nc\n");
    expect(insertLinesAt("a\nb\n", 1, ["x"])).toBe("x\na\nb\n");
  });
});

// Only lines with letters (IDs do not depend on the line number) and nothing repeated: every binary must refuse
// the stale refs here, and no ref can land on a line with the same text.
const UNIQUE_OLD = Array.from({ length: 40 }, (_, index) => `const value${index} = compute(${index});`);
const UNIQUE_NEW = [
  ...UNIQUE_OLD.slice(0, 5),
  "// inserted while editing",
  "const extra = compute(-1);",
  ...UNIQUE_OLD.slice(5, 20),
  "const value20 = compute(20 * 2);",
  ...UNIQUE_OLD.slice(21, 30),
  ...UNIQUE_OLD.slice(33),
];

describe("the workflow through dist/lapp and the text peer on a tiny file (plumbing)", () => {
  const pair = pairOf("tiny", UNIQUE_OLD, UNIQUE_NEW);

  test("every hunk is applied, retries and re-reads are counted, nothing is silently wrong", async () => {
    const root = join(scratch, "lapp-run");
    mkdirSync(root, { recursive: true });
    const lapp = await startLappClient(root);
    try {
      const result = await runLappAgent(lapp, root, pair);
      expect(result.hunks).toBe(3);
      expect(result).toMatchObject({
        exact: true,
        silentlyWrong: false,
        wrongCalls: 0,
        writtenOnRefusal: 0,
        gaveUp: 0,
      });
      expect(result.acceptedFirst).toBeGreaterThanOrEqual(1); // the first call of a fresh read always fits
      // Every hunk's first call, plus one call per retry; every refusal led to a retry.
      expect(result.calls).toBe(result.hunks + result.retries);
      expect(result.refusals).toBe(result.retries);
      expect(result.retries).toBe(result.namedRetries + result.rereads);
      expect(readFileSync(join(root, "tiny", "tiny.js"), "utf8")).toBe(
        new TextDecoder().decode(pair.newBytes),
      );
    } finally {
      await lapp.close();
    }
  });

  test("the text peer applies the same change from one read", async () => {
    const root = join(scratch, "text-run");
    mkdirSync(root, { recursive: true });
    const result = await runTextPeer(root, pair);
    expect(result).toMatchObject({
      hunks: 3,
      acceptedFirst: 3,
      refusals: 0,
      exact: true,
      silentlyWrong: false,
    });
  });

  test("the replace_block agent applies it by old text, and an ambiguous text is retried by occurrence", async () => {
    const root = join(scratch, "block-run");
    mkdirSync(root, { recursive: true });
    const lapp = await startLappClient(root);
    try {
      const result = await runBlockAgent(lapp, root, pair);
      expect(result).toMatchObject({ hunks: 3, exact: true, silentlyWrong: false, writtenOnRefusal: 0 });
      expect(result.requestTokens).toBeGreaterThan(0);
      // Two identical functions: the second's body is ambiguous as whole lines, so the agent's window grows until
      // unique; the occurrence retry is exercised by the parser of the refusal below.
      expect(
        occurrenceAt(
          "error AMBIGUOUS: x\noccurrence 1: 3#KT..4#ZP, under 2#QQ:f\noccurrence 2: 9#KT..10#ZP",
          9,
        ),
      ).toBe(2);
      expect(occurrenceAt("occurrence 1: 3#KT..4#ZP", 5)).toBeUndefined();
    } finally {
      await lapp.close();
    }
  });

  test("after 7 lines inserted on disk, every old ref is refused, nothing is written, the moved line is named", async () => {
    const root = join(scratch, "outside-run");
    mkdirSync(root, { recursive: true });
    const lapp = await startLappClient(root);
    try {
      const result = await runOutsideChange(lapp, root, pair, 7, "javascript");
      expect(result.calls).toBe(3);
      expect(result.refs).toBe(4); // the replaced range names start and end
      expect(result.refused).toBe(3);
      expect(result.written).toBe(0);
      expect(result.refsNamed).toBe(4);
      // The refs the agent held now mean the lines 7 further down.
      const onDisk = readFileSync(join(root, "tiny.outside-7", "tiny.js"), "utf8").split("\n");
      expect(refOf(12 + 7, onDisk[12 + 7 - 1]!)).toBe(refOf(19, UNIQUE_OLD[11]!));
    } finally {
      await lapp.close();
    }
  });
});
