// How a worker's replies travel (jobs.ts packReplies / unpackReplies): a plain "searched, no match" reply as its id
// alone, every other reply whole; unpacked, each is what runJobs made, a fresh object per reply.
import { expect, test } from "bun:test";
import { type JobReply, packReplies, unpackReplies } from "../../src/search/jobs.ts";

const noMatch = () => ({ kind: "searched" as const, count: 0, matches: [] as number[], rows: [] });

const replies: JobReply[] = [
  { id: 7, result: noMatch() },
  { id: 8, result: { kind: "binary" } },
  { id: 9, result: { kind: "unreadable" } },
  { id: 10, result: { kind: "too-large" } },
  { id: 11, result: { kind: "searched", count: 2, matches: [3, 9], rows: [[3, "3#KT", "x"]] } },
  // No match, but with something to tell: never packed to an id.
  { id: 12, result: { ...noMatch(), link: "1:2" } },
  { id: 13, result: { ...noMatch(), gaveUp: 4 } },
  { id: 14, result: { ...noMatch(), digest: "9a" } },
  { id: 15, result: noMatch() },
];

test("only plain no-match replies travel as their id; the rest travel whole and in order", () => {
  const packed = packReplies(replies);
  expect(packed).toEqual([
    7,
    replies[1]!,
    replies[2]!,
    replies[3]!,
    replies[4]!,
    replies[5]!,
    replies[6]!,
    replies[7]!,
    15,
  ]);
});

test("unpacking gives back equal replies; the no-match answer is one shared frozen object", () => {
  const unpacked = unpackReplies(
    JSON.parse(JSON.stringify(packReplies(replies))) as Array<JobReply | number>,
  );
  expect(unpacked).toEqual(replies);
  // Shared rather than made per file (tens of thousands in a whole-tree search): nothing can change it.
  const shared = unpacked[0]!.result;
  expect(shared).toBe(unpacked[8]!.result);
  expect(Object.isFrozen(shared)).toBe(true);
  if (shared.kind !== "searched") throw new Error("not a searched answer");
  expect(() => shared.matches.push(1)).toThrow();
  expect(() => (shared.count = 1)).toThrow();
});
