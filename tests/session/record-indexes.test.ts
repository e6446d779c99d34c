// The record's two indexes (src/session/key-index.ts, src/session/region-placer.ts) answer as the plain structures
// they replace: a Map of entries by key, and a walk over the regions for every entry.
import "../support/fast-check-seed.ts";
import { expect, test } from "bun:test";
import * as fc from "fast-check";
import type { ChangedRegion } from "../../src/hashline/edit-types.ts";
import { KeyIndex } from "../../src/session/key-index.ts";
import { lineFates, walkRegions } from "../../src/session/region-placer.ts";

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
