// A batch's files share the rows its `keep` allows (jobs.ts, FileJob.keep): the answer lists files in path order,
// so rows a later file builds past what the earlier ones took would be thrown away. Every match is still counted.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runJobs } from "../../src/search/jobs.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-batch-keep-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test("earlier files take their rows first; the rest of the batch only counts", () => {
  const names = ["a.txt", "b.txt", "c.txt", "d.txt"];
  for (const name of names) writeFileSync(join(temp, name), "hit 1\nmiss\nhit 2\nhit 3\n");
  const replies = runJobs(
    names.map((name, id) => ({ id, absolute: join(temp, name), keep: 5 })),
    { matcher: { pattern: "hit", literal: true, ignoreCase: false }, context: 0, maxFileBytes: 1 << 20 },
  );
  const summary = replies.map(({ result }) =>
    result.kind === "searched" ? { count: result.count, matches: result.matches } : result.kind,
  );
  expect(summary).toEqual([
    { count: 3, matches: [1, 3, 4] },
    { count: 3, matches: [1, 3] },
    { count: 3, matches: [] },
    { count: 3, matches: [] },
  ]);
});
