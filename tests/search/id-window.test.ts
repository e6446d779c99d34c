// The engine's id-indexed store (src/search/id-window.ts) answers as a Map would, across the points where it drops
// taken slots, for ids set out of order and taken in order, as a search's answers arrive and are committed.
import "../support/fast-check-seed.ts";
import { expect, test } from "bun:test";
import * as fc from "fast-check";
import { IdWindow } from "../../src/search/id-window.ts";

test("property: set in any order, taken in order, it answers what a Map answers", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 20_000 }),
      fc.integer({ min: 1, max: 300 }),
      fc.integer(),
      (count, inFlight, seed) => {
        const window = new IdWindow<string>();
        const map = new Map<number, string>();
        let random = seed;
        const next = () => (random = (Math.imul(random, 1103515245) + 12345) | 0) >>> 0;
        let handed = 0;
        let taken = 0;
        const pending: number[] = [];
        while (taken < count) {
          // Hand out ids while fewer than `inFlight` are pending; answer one pending id at random.
          while (handed < count && pending.length < inFlight) pending.push(handed++);
          const [id] = pending.splice(next() % pending.length, 1);
          window.set(id!, `v${id}`);
          map.set(id!, `v${id}`);
          // Commit in order as far as answers allow.
          while (map.has(taken)) {
            expect(window.has(taken)).toBe(true);
            expect(window.take(taken)).toBe(map.get(taken)!);
            map.delete(taken);
            taken++;
          }
          expect(window.has(taken)).toBe(false);
          expect(window.take(taken)).toBeUndefined();
          // Memory follows the ids handed out and not yet taken, not the size of the search.
          expect(window.held).toBeLessThanOrEqual(4096 + handed - taken);
        }
      },
    ),
    { numRuns: 40 },
  );
});
