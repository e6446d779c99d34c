// The block analyses a session keeps (src/session/block-analyses.ts): one per version (digest) and language, reused
// by every call on that version — an outline and find_block calls on the same bytes lex them once — made anew for a
// new version, bounded in versions and in bytes, and giving the same answers as an analysis made from scratch.
import { afterAll, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CHECKPOINT_EVERY } from "../../src/blocks/brace/relex.ts";
import { analyzeBlocks } from "../../src/blocks/find.ts";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { buildOutline } from "../../src/outline/build.ts";
import { outlinePage } from "../../src/outline/render.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { PathGuard } from "../../src/security/guard.ts";
import { BLOCK_ANALYSES_MAX_BYTES, BlockAnalyses } from "../../src/session/block-analyses.ts";
import { EditSession } from "../../src/session/edit-session.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const root = makeTempRoot("lapp-analyses-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** TypeScript's own 200,000-line bundle, as lines. */
const typescriptLines = () =>
  readFileSync(resolve(import.meta.dir, "../../node_modules/typescript/lib/typescript.js"), "utf8").split(
    "\n",
  );

const JS = ["function a() {", "  return 1;", "}", "", "class B {", "  m() {", "    return 2;", "  }", "}"];

test("the same version and language give the same analysis, its outline built once", () => {
  const analyses = new BlockAnalyses();
  const first = analyses.of(JS, "x.js", { digest: 1n, bytes: 100 });
  const again = analyses.of(JS, "x.js", { digest: 1n, bytes: 100 });
  expect(again).toBe(first);
  expect(again.outline()).toBe(first.outline());
  expect(analyses.size).toBe(1);
});

test("a first page the whole outline must decide is null, and that outline is then at hand", () => {
  const analyses = new BlockAnalyses();
  const small = analyses.of(JS, "x.js", { digest: 1n, bytes: 100 });
  // Its essential entries fit the budget: which others show depends on the whole outline.
  expect(small.firstPage(10_000)).toBeNull();
  const outline = small.outline();
  expect(outline.entries.map(({ start, end, kind }) => [start, end, kind])).toEqual([
    [1, 3, "function"],
    [5, 9, "class"],
    [6, 8, "method"],
  ]);
  expect(small.outline()).toBe(outline);
  expect(small.firstPage(10_000)).toEqual(outlinePage(JS, outline, 1, 10_000));
});

test("another digest, or the same bytes as another language, is another analysis", () => {
  const analyses = new BlockAnalyses();
  const js = analyses.of(JS, "x.js", { digest: 1n, bytes: 100 });
  expect(analyses.of(JS, "x.js", { digest: 2n, bytes: 100 })).not.toBe(js);
  const python = analyses.of(JS, "x.py", { digest: 1n, bytes: 100 });
  expect(python).not.toBe(js);
  expect(python.finder.language).toEqual({ family: "indent", dialect: "python" });
});

test("bounded: two versions at most, the least recently used goes; a version over the byte bound is not kept", () => {
  const analyses = new BlockAnalyses();
  const one = analyses.of(JS, "x.js", { digest: 1n, bytes: 100 });
  analyses.of(JS, "x.js", { digest: 2n, bytes: 100 });
  expect(analyses.of(JS, "x.js", { digest: 1n, bytes: 100 })).toBe(one); // 1 is now the newest use
  analyses.of(JS, "x.js", { digest: 3n, bytes: 100 });
  expect(analyses.size).toBe(2);
  expect(analyses.of(JS, "x.js", { digest: 1n, bytes: 100 })).toBe(one);
  const huge = analyses.of(JS, "x.js", { digest: 4n, bytes: BLOCK_ANALYSES_MAX_BYTES + 1 });
  expect(analyses.of(JS, "x.js", { digest: 4n, bytes: BLOCK_ANALYSES_MAX_BYTES + 1 })).not.toBe(huge);
  expect(analyses.of(JS, "x.js", { digest: 1n, bytes: 100 })).toBe(one);
  // Two versions whose bytes together pass the bound: the older goes.
  const big = BLOCK_ANALYSES_MAX_BYTES / 2 + 1;
  analyses.of(JS, "x.js", { digest: 5n, bytes: big });
  const six = analyses.of(JS, "x.js", { digest: 6n, bytes: big });
  expect(analyses.size).toBe(1);
  expect(analyses.of(JS, "x.js", { digest: 6n, bytes: big })).toBe(six);
  // An unknown digest is never kept.
  analyses.of(JS, "x.js", { digest: undefined, bytes: 10 });
  expect(analyses.size).toBe(1);
});

test("a kept analysis answers as one made from scratch (typescript.js: every 997th line, and the outline)", () => {
  const lines = typescriptLines();
  const analyses = new BlockAnalyses();
  analyses.of(lines, "typescript.js", { digest: 7n, bytes: 9_000_000 });
  const kept = analyses.of(lines, "typescript.js", { digest: 7n, bytes: 9_000_000 });
  const fresh = analyzeBlocks(lines, "typescript.js");
  for (let line = 1; line <= lines.length; line += 997)
    expect(kept.finder.find(line)).toEqual(fresh.find(line));
  expect(kept.outline().entries.map(({ start, end, kind, name }) => [start, end, kind, name])).toEqual(
    buildOutline(lines, fresh.language, () => fresh).entries.map(({ start, end, kind, name }) => [
      start,
      end,
      kind,
      name,
    ]),
  );
}, 60_000);

test("a new version of a file is lexed from the newest analyzed version of it, only around the change", () => {
  const lines = typescriptLines();
  const analyses = new BlockAnalyses();
  const first = analyses.of(lines, "typescript.js", { digest: 1n, bytes: 9_000_000 });
  expect(first.finder.lexed?.lexedLines).toBe(lines.length);
  const edited = lines.toSpliced(120_000, 2, "  const replaced = [1, { two: 2 }];");
  const second = analyses.of(edited, "typescript.js", { digest: 2n, bytes: 9_000_000 });
  expect(second.finder.lexed!.lexedLines).toBeLessThanOrEqual(3 * CHECKPOINT_EVERY);
  const fresh = analyzeBlocks(edited, "typescript.js");
  for (let line = 1; line <= edited.length; line += 997)
    expect(second.finder.find(line)).toEqual(fresh.find(line));
  // Another file's analysis is not a version of this one; an analysis nobody asked for yet is not made for it.
  expect(analyses.of(edited, "other.js", { digest: 3n, bytes: 9_000_000 }).finder.lexed?.lexedLines).toBe(
    edited.length,
  );
  const unasked = new BlockAnalyses();
  unasked.of(lines, "typescript.js", { digest: 1n, bytes: 9_000_000 });
  const afterUnasked = unasked.of(edited, "typescript.js", { digest: 2n, bytes: 9_000_000 });
  expect(afterUnasked.finder.lexed?.lexedLines).toBe(edited.length);
}, 60_000);

test("through the session: calls on one version share its analysis; lapp's own edit makes a new version", () => {
  const guard = new PathGuard(root, compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []));
  const session = new EditSession(guard);
  const path = () => {
    const resolved = guard.resolve("app.js");
    if (!resolved.ok) throw resolved.error;
    return resolved.value;
  };
  writeFileSync(join(root, "app.js"), `${JS.join("\n")}\n`);
  const first = session.open(path());
  const analysis = first.blocks();
  expect(session.open(path()).blocks()).toBe(analysis);
  // The edit's rows are recorded by the answer that shows them: line 2's ref is shown first, as a read would.
  first.present({ items: [{ text: "row", shows: [{ line: 2, text: JS[1]! }] }] }, 20_000);
  const outcome = first.apply(
    [{ type: "replace", anchor: refOf(2, JS[1]!), content: "  return 3;" }],
    20_000,
  );
  first.commit(outcome, false, 20_000);
  const edited = session.open(path());
  expect(edited.lines[1]).toBe("  return 3;");
  expect(edited.blocks()).not.toBe(analysis);
  expect(session.open(path()).blocks()).toBe(edited.blocks());
  // Bytes changed outside lapp back to the first version: the first analysis is still the one of those bytes.
  writeFileSync(join(root, "app.js"), `${JS.join("\n")}\n`);
  expect(session.open(path()).blocks()).toBe(analysis);
});
