// The outline of a file's next version, made from what the session made of the version before (its tokens:
// blocks/brace/relex.ts; its header lines' declarations: outline/header-namings.ts), equals an outline made from
// scratch: chains of random edits that move, copy, change and delete lines of real sources (headers, annotations,
// one-line members, statements), each version analyzed from the one before.

import "../support/fast-check-seed.ts";
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as fc from "fast-check";
import { analyzeBlocks } from "../../src/blocks/find.ts";
import { buildOutline, type Outline } from "../../src/outline/build.ts";
import { outlinePage } from "../../src/outline/render.ts";
import { BlockAnalyses } from "../../src/session/block-analyses.ts";

const sources = [
  "../../src/outline/build.ts",
  "../../src/blocks/brace/lexer.ts",
  "../../node_modules/typescript/lib/lib.es5.d.ts",
].map((path) => readFileSync(resolve(import.meta.dir, path), "utf8").split("\n"));

/** Lines an edit may bring in: from any source, and (often) annotations and odd headers. */
const donors = sources.flat();
const odd = [
  "@Component({ selector: 'x' })",
  "export class Decorated {",
  "  @Input() name: string;",
  "  #private() {",
  "[Serializable]",
  "\u00a0function nbsp() {",
  "\u00a0@Input()",
  "function f() {",
  "}",
];
const added = fc.oneof(
  fc.nat({ max: donors.length - 1 }).map((donor) => donors[donor]!),
  fc.constantFrom(...odd),
);

const shape = (outline: Outline) =>
  outline.entries.map(({ start, end, kind, name, depth, essential, children }) => [
    start,
    end,
    kind,
    name,
    depth,
    essential,
    children.length,
  ]);

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  removed: fc.nat({ max: 8 }),
  added: fc.array(added, { maxLength: 8 }),
});

for (const [index, source] of sources.entries()) {
  test(`source ${index + 1}: every version's outline from the one before equals one made from scratch`, () => {
    const fileName = index === 2 ? "lib.d.ts" : "file.ts";
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 10 }), (edits) => {
        const analyses = new BlockAnalyses();
        let lines = source;
        let digest = 1n;
        analyses.of(lines, fileName, { digest, bytes: 1000 }).outline();
        for (const { at, removed, added } of edits) {
          const from = Math.floor(at * lines.length);
          lines = lines.toSpliced(from, removed, ...added);
          const kept = analyses.of(lines, fileName, { digest: ++digest, bytes: 1000 }).outline();
          const finder = analyzeBlocks(lines, fileName);
          const fresh = buildOutline(lines, finder.language, () => finder);
          expect(shape(kept)).toEqual(shape(fresh));
          expect(outlinePage(lines, kept, 1, 2_000).rows).toEqual(outlinePage(lines, fresh, 1, 2_000).rows);
        }
      }),
      { numRuns: 30 },
    );
  });
}
