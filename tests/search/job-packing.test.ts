// How a batch travels to a worker (jobs.ts packJobs / unpackJobs): files by directory and name where the walk gave
// them, whole paths otherwise, ids and rooms only where they change. Unpacked after a trip through JSON, every job
// is the one sent (its id, whole path and room), in order.
import { expect, test } from "bun:test";
import fc from "fast-check";
import { type FileJob, packJobs, unpackJobs } from "../../src/search/jobs.ts";
import { joinWalked } from "../../src/search/walked-path.ts";

const name = fc.string({
  unit: fc.constantFrom("a", "b", ".", "-", "é", "😀", " ", "\\", '"'),
  minLength: 1,
  maxLength: 6,
});
const directory = fc.constantFrom("/", "/r", "/r/src", "/r/a b", "/r/é😀", "C:/x", '/r/"q"');

/** A job as the engine makes it from a walked file (directory and name), or from a whole path alone. */
const job = fc.oneof(
  fc
    .record({ directory, name, id: fc.nat(100), keep: fc.nat(3) })
    .map(({ directory, name, id, keep }): FileJob => ({
      id,
      absolute: joinWalked(directory, name),
      keep,
      directory,
      name,
    })),
  fc.record({ absolute: fc.string({ minLength: 1, maxLength: 12 }), id: fc.nat(100), keep: fc.nat(3) }),
);

const sent = (jobs: readonly FileJob[]) => jobs.map(({ id, absolute, keep }) => ({ id, absolute, keep }));

test("a batch unpacked after JSON is the batch sent, in order", () => {
  fc.assert(
    fc.property(fc.array(job, { maxLength: 40 }), (jobs) => {
      const travelled = JSON.parse(JSON.stringify(packJobs(jobs)));
      expect(unpackJobs(travelled)).toEqual(sent(jobs));
    }),
    { numRuns: 500 },
  );
});

test("a walked batch sends each directory once per run and no ids or rooms when they run on", () => {
  const files = ["a.c", "b.c", "c.h"].map((file) => ["/r/src", file] as const);
  const jobs: FileJob[] = [...files, ["/r/src/sub", "d.c"] as const, ["/r/src", "e.c"] as const].map(
    ([directory, name], index) => ({
      id: 40 + index,
      absolute: joinWalked(directory, name),
      keep: 7,
      directory,
      name,
    }),
  );
  const packed = packJobs(jobs);
  expect(packed.directories).toEqual(["/r/src", "/r/src/sub", "/r/src"]);
  expect(packed.names).toEqual(["a.c", "b.c", "c.h", "d.c", "e.c"]);
  expect(packed.ids).toEqual([]);
  expect(packed.keeps).toEqual([]);
  expect(unpackJobs(packed)).toEqual(sent(jobs));
  // A whole path, a gap in the ids and a smaller room travel as such.
  const mixed: FileJob[] = [
    jobs[0]!,
    { id: 50, absolute: "/r/one file", keep: 3 },
    { ...jobs[1]!, id: 51, keep: 3 },
  ];
  const packedMixed = packJobs(mixed);
  expect(packedMixed.at).toEqual([0, -1, 0]); // a whole path between two files of one directory splits no run
  expect(packedMixed.ids).toEqual([[1, 50]]);
  expect(packedMixed.keeps).toEqual([[1, 3]]);
  expect(unpackJobs(packedMixed)).toEqual(sent(mixed));
});
