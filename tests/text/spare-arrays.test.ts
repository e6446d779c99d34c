// Arrays made between calls for the next edit of a big file (src/text/spare-arrays.ts): made only for lengths worth
// it, each handed out once and never one a document holds, and an edit through them gives the same document as one
// without them.
import { beforeEach, expect, test } from "bun:test";
import fc from "fast-check";
import { applyEdits } from "../../src/hashline/apply.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { SPARE_ARRAY_MAX_LENGTH, SPARE_ARRAY_MIN_LENGTH } from "../../src/limits.ts";
import { documentFromText, type Terminator, type TextDocument } from "../../src/text/document.ts";
import {
  arrayOfLength,
  dropSpareArrays,
  prepareSpareArrays,
  spareArrayCount,
} from "../../src/text/spare-arrays.ts";

beforeEach(dropSpareArrays);

test("lengths too short or too long for a spare get new arrays, and no spare is made for them", () => {
  for (const length of [0, 10, SPARE_ARRAY_MIN_LENGTH - 1, SPARE_ARRAY_MAX_LENGTH + 1]) {
    const array = arrayOfLength<string>(length);
    expect(array.length).toBe(length);
    prepareSpareArrays();
    expect(spareArrayCount()).toBe(0);
  }
});

test("spares are made for the length last asked for, each handed out once, then new arrays again", () => {
  const length = SPARE_ARRAY_MIN_LENGTH + 10;
  const first = arrayOfLength<string>(length); // none ready yet: a new one, and the length is noted
  prepareSpareArrays();
  expect(spareArrayCount()).toBe(2);
  const taken = [arrayOfLength<string>(length + 1), arrayOfLength<string>(length - 3)];
  expect(taken.map((array) => array.length)).toEqual([length + 1, length - 3]);
  expect(spareArrayCount()).toBe(0);
  const third = arrayOfLength<string>(length);
  expect(new Set([first, ...taken, third]).size).toBe(4);
  // Every slot is there to be filled: none holds a value.
  expect(taken.every((array) => array.every((slot) => slot === undefined))).toBe(true);
  // A preparation with no big array asked for since makes nothing more.
  prepareSpareArrays();
  expect(spareArrayCount()).toBe(2);
  prepareSpareArrays();
  expect(spareArrayCount()).toBe(2);
});

test("spares far from the length asked for are not used, and the next preparation replaces them", () => {
  arrayOfLength<string>(SPARE_ARRAY_MIN_LENGTH);
  prepareSpareArrays();
  expect(spareArrayCount()).toBe(2);
  const far = 4 * SPARE_ARRAY_MIN_LENGTH;
  expect(arrayOfLength<string>(far).length).toBe(far);
  expect(spareArrayCount()).toBe(2); // too short for it: left alone
  prepareSpareArrays();
  expect(spareArrayCount()).toBe(2);
  const taken = arrayOfLength<string>(far);
  expect(taken.length).toBe(far);
  expect(spareArrayCount()).toBe(1);
});

test("edits of a big document through spares give what splicing by hand gives, and leave earlier versions as they were", () => {
  const lineCount = SPARE_ARRAY_MIN_LENGTH + 500;
  const text = Array.from({ length: lineCount }, (_, index) => `line ${index} ${"x".repeat(index % 7)}`).join(
    "\n",
  );
  const base = documentFromText(`${text}\n`);
  let edits = 0;
  const versions: Array<{ doc: TextDocument; lines: string[]; terminators: Terminator[] }> = [];
  let sparesTaken = 0;
  const edit = fc.record({
    kind: fc.constantFrom("insert", "delete", "replace"),
    at: fc.nat(),
    width: fc.nat(3),
  });
  fc.assert(
    fc.property(fc.array(edit, { minLength: 10, maxLength: 10 }), (calls) => {
      let doc = base;
      for (const { kind, at, width } of calls) {
        const line = (at % (doc.lines.length - 1)) + 1; // never the last line: its terminator may adapt
        const anchor = refOf(line, doc.lines[line - 1]!);
        // Never the text of a line already there: lapp refuses content that repeats the line next to it.
        const content = Array.from({ length: width + 1 }, (_, index) => `new ${++edits}.${index}`);
        const input =
          kind === "insert"
            ? { type: "insert_after" as const, anchor, content: content.join("\n") }
            : kind === "delete"
              ? { type: "delete" as const, anchor }
              : { type: "replace" as const, anchor, content: content.join("\n") };
        const expected = [...doc.lines];
        if (kind === "insert") expected.splice(line, 0, ...content);
        else if (kind === "delete") expected.splice(line - 1, 1);
        else expected.splice(line - 1, 1, ...content);
        versions.push({ doc, lines: [...doc.lines], terminators: [...doc.terminators] });
        const ready = spareArrayCount();
        const result = applyEdits(doc, [input]);
        sparesTaken += ready - spareArrayCount();
        if (!result.ok) throw result.error;
        prepareSpareArrays(); // as the server does once an answer is out
        doc = result.value.doc;
        expect(doc.lines).toEqual(expected);
        expect(doc.terminators).toEqual(expected.map(() => "\n"));
      }
    }),
    { numRuns: 4 },
  );
  // Spares were handed out (the length stayed near the last one), and no version saw its arrays change.
  expect(sparesTaken).toBeGreaterThan(20);
  for (const version of versions) {
    expect(version.doc.lines).toEqual(version.lines);
    expect(version.doc.terminators).toEqual(version.terminators);
  }
});

test("the server makes spares once an edit of a big file is answered, and the next edit takes them", async () => {
  const { startInProcess } = await import("../support/in-process.ts");
  const { writeFileSync, readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  const session = await startInProcess();
  try {
    const lines = Array.from({ length: SPARE_ARRAY_MIN_LENGTH + 100 }, (_, index) => `row ${index}`);
    writeFileSync(join(session.root, "big.txt"), `${lines.join("\n")}\n`);
    const anchor = refOf(1000, lines[999]!);
    const first = await session.call("lapp_edit", {
      path: "big.txt",
      edits: [{ type: "insert_after", anchor, content: "added once" }],
    });
    expect(first.text).toContain("added once");
    await Bun.sleep(20); // the server makes them on a timer once the answer is out
    expect(spareArrayCount()).toBe(2);
    const second = await session.call("lapp_edit", {
      path: "big.txt",
      edits: [{ type: "insert_after", anchor, content: "added twice" }],
    });
    expect(second.text).toContain("added twice");
    expect(spareArrayCount()).toBe(0); // the lines and their terminators
    const expected = [...lines];
    expected.splice(1000, 0, "added twice", "added once");
    expect(readFileSync(join(session.root, "big.txt"), "utf8")).toBe(`${expected.join("\n")}\n`);
  } finally {
    await session.close();
  }
});
