// The plumbing of bench:mistakes: every kind builds a real mistake (the call sent means something else than the call
// meant, except the correct call), the outcome classes and the retry from the error alone are decided as documented,
// and one run of each kind through dist/lapp on a small file lands in the class the results claim. Its numbers are
// not results and are never written to bench/results/.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildCases, linesOf, type CorpusFile } from "../../bench/mistakes/cases.ts";
import { lapp, type Session } from "../../bench/mistakes/contestants.ts";
import { KINDS } from "../../bench/mistakes/kinds.ts";
import { applyMeant, type Mistake } from "../../bench/mistakes/model.ts";
import { firstOutcome, retryFromError, undoNamedIn } from "../../bench/mistakes/outcome.ts";
import { runCase } from "../../bench/mistakes/run-case.ts";

/** A small file in which every kind fits: distinct statements, a blank line, indentation. */
const SOURCE = [
  "function total(cart) {",
  "  let sum = 0;",
  "  for (const item of cart.items) {",
  "    sum += item.price;",
  "    count += 1;",
  "    last = item;",
  "  }",
  "  log(sum);",
  "  check(sum);",
  "",
  "  report(sum);",
  "  return sum;",
  "}",
  "export { total };",
  "// end of file",
].join("\n");
const FILE: CorpusFile = { package: "synthetic", version: "0", path: "cart.js", language: "javascript" };
const cases = buildCases([FILE], () => `${SOURCE}\n`);

describe("the kinds", () => {
  test("every kind fits the small file", () => {
    expect(new Set(cases.map((item) => item.kind.id))).toEqual(new Set(KINDS.map((kind) => kind.id)));
  });

  test("a slip, applied literally, is not what was meant; the correct call is", () => {
    for (const item of cases) {
      const { intent, mistake } = item.mistake;
      const meant = applyMeant(item.lines, intent);
      expect(meant).not.toEqual(item.lines);
      const literal = applyMeant(item.lines, mistake);
      // A copied row differs by its prefix, which each server writes its own way; any other slip by its lines.
      const copiedRows = mistake.ops.some((op) => op.content.some((line) => typeof line !== "string"));
      if (item.kind.group === "content" && !copiedRows) expect(literal).not.toEqual(meant);
      if (item.kind.group === "correct" && item.mistake.alternative)
        expect(applyMeant(item.lines, item.mistake.alternative)).toEqual(meant);
    }
  });

  test("every kind names where it was reported", () => {
    for (const kind of KINDS) {
      expect(kind.sources.length).toBeGreaterThan(0);
      for (const source of kind.sources)
        expect(source).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/(issues|pull)\/\d+$/);
    }
  });
});

describe("outcome classes", () => {
  const warns = (text: string) => text.includes("warning");
  test.each([
    [{ isError: true, text: "e" }, "a", "a", "b", "refused"],
    [{ isError: true, text: "e" }, "a", "c", "b", "refused-but-changed"],
    [{ isError: false, text: "ok" }, "a", "b", "b", "as-meant"],
    [{ isError: false, text: "ok warning" }, "a", "b", "b", "as-meant"],
    [{ isError: false, text: "ok warning" }, "a", "c", "b", "warned"],
    [{ isError: false, text: "ok" }, "a", "c", "b", "silently-wrong"],
  ] as const)("%p before %p after %p meant %p → %p", (answer, before, after, intended, expected) => {
    expect(firstOutcome(answer, before, after, intended, warns)).toBe(expected);
  });

  const mistake: Mistake = {
    intent: { ops: [{ type: "replace", start: { line: 3 }, end: { line: 3 }, content: ["x"] }] },
    mistake: {
      ops: [{ type: "replace", start: { line: 3, form: "mistyped" }, end: { line: 3 }, content: ["x"] }],
    },
    evidence: [],
  };
  const refsIn = (text: string) => new Set(text.match(/\d+#[A-Z]{2}/g) ?? []);
  const refOf = (line: number) => `${line}#KT`;
  const prefixOf = (line: number) => `${line}#KT:`;

  test("a retry is built when the error holds every ref the meant call needs", () => {
    expect(retryFromError(mistake, ">>> 3#KT:old", { anchor: "3#KP" }, refsIn, refOf, prefixOf)).toBe(
      mistake.intent,
    );
    expect(
      retryFromError(mistake, "error: stale", { anchor: "3#KP" }, refsIn, refOf, prefixOf),
    ).toBeUndefined();
  });

  test("a content mistake needs the error to name its evidence; a refused correct call retries its alternative", () => {
    const content = { ...mistake, evidence: [4] };
    expect(retryFromError(content, "refused 3#KT", {}, refsIn, refOf, prefixOf)).toBeUndefined();
    expect(retryFromError(content, "repeats 4#KT; 3#KT", {}, refsIn, refOf, prefixOf)).toBe(mistake.intent);
    const alternative = {
      ops: [{ type: "replace" as const, start: { line: 4 }, end: { line: 4 }, content: [] }],
    };
    expect(retryFromError({ ...content, alternative }, "repeats 4#KT", {}, refsIn, refOf, prefixOf)).toBe(
      alternative,
    );
  });

  test("the undo a warning names", () => {
    expect(undoNamedIn("warning: … delete 12#KT")).toEqual({ type: "delete", anchor: "12#KT" });
    expect(undoNamedIn("delete 12#KT..13#ZZ (start and end)")).toEqual({
      type: "delete",
      start: "12#KT",
      end: "13#ZZ",
    });
    expect(undoNamedIn("edited")).toBeUndefined();
  });
});

describe("one run through dist/lapp", () => {
  let root: string;
  let session: Session;
  beforeAll(async () => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "lapp-mistakes-plumbing-")));
    session = await lapp.open(root);
  });
  afterAll(async () => {
    await session.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("every kind lands in its class, and nothing is applied other than meant", async () => {
    const expected: Record<string, string> = {
      ref: "refused-fixable",
      content: "refused-fixable",
      absorbed: "as-meant",
      correct: "refused-fixable",
    };
    for (const [index, item] of cases.entries()) {
      const record = await runCase(lapp, session, root, item, index);
      const warned = ["range-repeats-blank-line", "diff-markers", "indentation-lost"];
      const want = warned.includes(item.kind.id) ? "warned" : expected[item.kind.group];
      expect(`${item.kind.id}: ${record.outcome}`).toBe(`${item.kind.id}: ${want}`);
      if (record.outcome === "warned") expect(record.undone).toBe(true);
    }
  }, 60_000);

  test("the file a case starts from is the corpus text as given", () => {
    expect(linesOf(`${SOURCE}\n`)).toEqual(SOURCE.split("\n"));
  });
});
