// carryVersion (src/session/carry-version.ts) against the plain answer: after any accepted edit call of the real
// engine, the carried line hashes equal the hashes of every new line — also when carried into reused memory that
// held other hashes (src/session/line-arrays.ts); regions that do not add up are refused.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { applyEdits } from "../../src/hashline/apply.ts";
import type { EditInput } from "../../src/hashline/edit-types.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { carryVersion } from "../../src/session/carry-version.ts";
import { LineArrays } from "../../src/session/line-arrays.ts";
import { hashLines } from "../../src/text/line-hashes.ts";
import type { TextDocument } from "../../src/text/document.ts";

const hash = (text: string) => Bun.hash.xxHash32(text);
const lineText = fc.constantFrom("", "}", "a", "b();", "  return x;", "const y = 1;", "// note");

function docOf(lines: string[]): TextDocument {
  return { encoding: "utf-8", bom: false, lines, terminators: lines.map(() => "\n") };
}

test("carried hashes equal the new file's hashes after any edit call", () => {
  let accepted = 0;
  const reused = new LineArrays();
  fc.assert(
    fc.property(
      fc.array(lineText, { minLength: 1, maxLength: 40 }),
      fc.array(
        fc.record({
          kind: fc.constantFrom("replace", "insert_after", "delete", "replace_range"),
          at: fc.nat(),
          length: fc.nat({ max: 3 }),
          content: fc.array(lineText, { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      (lines, wanted) => {
        const doc = docOf(lines);
        const ref = (line: number) => refOf(line, lines[line - 1]!);
        const edits: EditInput[] = wanted.map(({ kind, at, length, content }) => {
          const line = (at % lines.length) + 1;
          const text = content.join("\n");
          if (kind === "insert_after") return { type: "insert_after", anchor: ref(line), content: text };
          if (kind === "delete") return { type: "delete", anchor: ref(line) };
          if (kind === "replace") return { type: "replace", anchor: ref(line), content: text };
          const end = Math.min(lines.length, line + length);
          return { type: "replace", start: ref(line), end: ref(end), content: text };
        });
        const outcome = applyEdits(doc, edits);
        if (!outcome.ok) return; // overlapping edits are refused by the engine: nothing to carry
        accepted++;
        const carried = carryVersion(hashLines(lines), outcome.value.regions, outcome.value.doc.lines, hash);
        expect(carried).toEqual(hashLines(outcome.value.doc.lines));
        // Into memory a replaced version left behind, full of other hashes: every entry must be written.
        const into = carryVersion(
          hashLines(lines),
          outcome.value.regions,
          outcome.value.doc.lines,
          hash,
          (n) => reused.take(n),
        );
        expect(into).toEqual(hashLines(outcome.value.doc.lines));
        reused.giveBack(into?.fill(0xdeadbeef));
      },
    ),
    { numRuns: 2000 },
  );
  expect(accepted).toBeGreaterThan(500);
});

test("regions that do not add up to the new lines are refused", () => {
  const old = hashLines(["a", "b", "c"]);
  const region = { start: 2, lineCount: 2, oldStart: 2, removedCount: 1 };
  expect(carryVersion(old, [region], ["a", "x", "y", "c"], hash)).toEqual(hashLines(["a", "x", "y", "c"]));
  expect(carryVersion(old, [region], ["a", "x", "c"], hash)).toBeUndefined();
  expect(carryVersion(old, [{ ...region, oldStart: 5 }], ["a", "x", "y", "c"], hash)).toBeUndefined();
});

test("a replaced array's memory is what the next version is made in, with room for added lines", () => {
  const arrays = new LineArrays();
  const first = arrays.take(1000);
  expect(first.length).toBe(1000);
  expect(first.buffer.byteLength).toBeGreaterThan(1000 * 4);
  arrays.giveBack(first);
  expect(arrays.bytes).toBe(first.buffer.byteLength);
  const next = arrays.take(1010);
  expect(next.buffer).toBe(first.buffer);
  expect(next.length).toBe(1010);
  expect(arrays.bytes).toBe(0);
  // Too big for the spare: new memory (the spare stays for a smaller version).
  arrays.giveBack(next);
  expect(arrays.take(100_000).buffer).not.toBe(first.buffer);
  expect(arrays.bytes).toBe(first.buffer.byteLength);
});
