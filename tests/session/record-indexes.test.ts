// The record's two indexes (src/session/key-index.ts, src/session/region-placer.ts) answer as the plain structures
// they replace: a Map of entries by key, and a walk over the regions for every entry. Key indexes share buffers:
// only the last one built answers, and records looked up in turn each rebuild their own.
import "../support/fast-check-seed.ts";
import { expect, test } from "bun:test";
import * as fc from "fast-check";
import type { ChangedRegion } from "../../src/hashline/edit-types.ts";
import { KeyIndex } from "../../src/session/key-index.ts";
import { lineFates, walkRegions } from "../../src/session/region-placer.ts";
import { ShownRecord } from "../../src/session/shown-record.ts";
import { hashLines } from "../../src/text/line-hashes.ts";
import { lineId } from "../../src/hashline/hash.ts";

test("property: the key index lists each key's entries in showing order, as a Map of arrays does", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 3 })), {
        maxLength: 3000,
      }),
      (keys) => {
        const rows = new Uint32Array(keys.length + 5);
        const ids = new Uint8Array(keys.length + 5);
        const byKey = new Map<string, number[]>();
        keys.forEach(([row, id], index) => {
          rows[index] = row;
          ids[index] = id;
          const key = `${row}:${id}`;
          byKey.set(key, [...(byKey.get(key) ?? []), index]);
        });
        const index = new KeyIndex(rows, ids, keys.length);
        for (let row = 0; row <= 61; row++)
          for (let id = 0; id <= 4; id++) expect(index.entries(row, id)).toEqual(byKey.get(`${row}:${id}`));
      },
    ),
    { numRuns: 60 },
  );
});

/** Regions as edits make them: sorted, none starting inside an earlier one's removed lines. */
const disjointRegions = fc
  .array(
    fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 5 })),
    {
      maxLength: 40,
    },
  )
  .map((parts) => {
    const regions: ChangedRegion[] = [];
    let oldStart = 1;
    let start = 1;
    for (const [gap, removedCount, lineCount] of parts) {
      oldStart += gap;
      start += gap;
      if (removedCount === 0 && lineCount === 0) continue;
      regions.push({ oldStart, removedCount, start, lineCount });
      oldStart += removedCount;
      start += lineCount;
    }
    return regions;
  });

test("property: every old line's fate is where the walk over the regions places it", () => {
  fc.assert(
    fc.property(disjointRegions, fc.integer({ min: 0, max: 120 }), (regions, oldCount) => {
      const fates = lineFates(regions, oldCount)!;
      expect(fates.length).toBe(oldCount + 1);
      for (let old = 1; old <= oldCount; old++) {
        const walked = walkRegions(regions, old);
        expect(fates[old]).toBe(walked.goneAt === undefined ? old + walked.delta : -walked.goneAt);
      }
    }),
    { numRuns: 300 },
  );
});

test("overlapping regions (never made by an edit) are left to the walk", () => {
  const overlapping: ChangedRegion[] = [
    { oldStart: 3, removedCount: 4, start: 3, lineCount: 1 },
    { oldStart: 5, removedCount: 1, start: 4, lineCount: 2 },
  ];
  expect(lineFates(overlapping, 10)).toBeUndefined();
  expect(walkRegions(overlapping, 5)).toEqual({ goneAt: 3, delta: 0 });
  expect(walkRegions(overlapping, 8)).toEqual({ delta: -2 });
});

test("indexes keep answering side by side (each holds its own buffers), and a new one reuses the old one's", () => {
  const a = new KeyIndex(Uint32Array.of(1, 2), Uint8Array.of(3, 4), 2);
  expect(a.entries(2, 4)).toEqual([1]);
  const b = new KeyIndex(Uint32Array.of(9), Uint8Array.of(9), 1);
  expect(a.entries(2, 4)).toEqual([1]);
  expect(b.entries(9, 9)).toEqual([0]);
  expect(b.entries(2, 4)).toBeUndefined();
  const c = new KeyIndex(Uint32Array.of(5, 6, 7), Uint8Array.of(1, 1, 1), 3, a);
  expect(c.entries(6, 1)).toEqual([1]);
  expect(c.entries(2, 4)).toBeUndefined();

  // Two records looked up in turn: each answers from its own entries, never from the other's index.
  const first = ["alpha", "beta", "gamma"];
  const second = ["one", "two", "three", "four"];
  const records = [new ShownRecord(), new ShownRecord()];
  records[0]!.sync(hashLines(first));
  records[0]!.show(first, [1, 2, 3]);
  records[1]!.sync(hashLines(second));
  records[1]!.show(second, [2, 3, 4]);
  for (let round = 0; round < 3; round++) {
    for (const [index, lines] of [first, second].entries()) {
      for (let line = 1; line <= lines.length; line++) {
        const found = records[index]!.lookup(line, lineId(line, lines[line - 1]!), lines);
        expect(found.kind).toBe(index === 1 && line === 1 ? "unknown" : "live");
      }
    }
  }
});

test("a record carries its entries through a write alike with the table (many entries) and the walk (few)", () => {
  const old = Array.from({ length: 50 }, (_, index) => `line ${index + 1}`);
  // Line 10 replaced, two lines inserted before line 20, line 30 deleted.
  const next = [
    ...old.slice(0, 9),
    "new 10",
    ...old.slice(10, 19),
    "in a",
    "in b",
    ...old.slice(19, 29),
    ...old.slice(30),
  ];
  const regions = [
    { oldStart: 10, removedCount: 1, start: 10, lineCount: 1 },
    { oldStart: 20, removedCount: 0, start: 20, lineCount: 2 },
    { oldStart: 30, removedCount: 1, start: 32, lineCount: 0 },
  ];
  const expected = (line: number) =>
    line === 10 || line === 30 ? "gone" : `live ${line < 20 ? line : line < 30 ? line + 2 : line + 1}`;
  for (const rows of [old.map((_, index) => index + 1), [5, 10, 25, 30, 45]]) {
    const record = new ShownRecord();
    record.sync(hashLines(old));
    record.show(old, rows);
    record.carry(regions, next);
    for (const line of rows) {
      const found = record.lookup(line, lineId(line, old[line - 1]!), next);
      expect(found.kind === "live" ? `live ${found.at}` : found.kind).toBe(expected(line));
    }
  }
});
