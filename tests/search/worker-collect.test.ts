// Search workers collect their heaps after a big search (lanes.ts `collect`, tools/grep.ts): asked, each collects once
// the batches sent before are answered and says so; lapp_grep asks after a search of at least the set number of files
// (WORKERS_COLLECT_AFTER_FILES), never after a smaller one.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LanePool, sharedPool } from "../../src/search/lanes.ts";
import { startInProcess } from "../support/in-process.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-worker-collect-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const spec = {
  matcher: { pattern: "ne+dle", literal: false, ignoreCase: false },
  context: 0,
  maxFileBytes: 1024 * 1024,
};

/** Waits until `done` holds, looking every 10 ms for at most 10 s. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done() && waited < 10_000; waited += 10) await Bun.sleep(10);
}

test("asked to collect, a worker collects after the batch sent before and says so; the batch is answered", async () => {
  const file = join(temp, "one.txt");
  writeFileSync(file, "a needle\nnothing\n");
  const pool = new LanePool(1);
  const worker = pool.workers[0]!;
  await until(() => pool.available(spec).length > 0);
  const replies = worker.run([{ id: 0, absolute: file, keep: 5 }], spec);
  pool.collect();
  const [reply] = await replies;
  expect(reply!.result).toMatchObject({ kind: "searched", count: 1, matches: [1] });
  await until(() => worker.collections === 1);
  expect(worker.collections).toBe(1);
  pool.stop(undefined);
});

test("lapp_grep has the workers collect after a search of at least the set number of files, not after a smaller one", async () => {
  const root = join(temp, "tree");
  mkdirSync(root);
  for (let index = 0; index < 6; index++) writeFileSync(join(root, `f${index}.txt`), "a needle\n");
  const collections = () => sharedPool().workers.reduce((sum, worker) => sum + worker.collections, 0);
  const small = await startInProcess({ root, config: { internals: { workersCollectAfterFiles: 7 } } });
  const big = await startInProcess({ root, config: { internals: { workersCollectAfterFiles: 6 } } });
  try {
    // A regex runs on the workers (started by the first search that needs them).
    expect((await small.call("lapp_grep", { pattern: "ne+dle", output: "count" })).isError).toBe(false);
    await until(
      () => sharedPool().workers.length > 0 && sharedPool().workers.every((w) => w.queued !== undefined),
    );
    const before = collections();
    await small.call("lapp_grep", { pattern: "ne+dle", output: "count" });
    await Bun.sleep(300);
    expect(collections()).toBe(before); // 6 files searched, 7 needed
    await big.call("lapp_grep", { pattern: "ne+dle", output: "count" });
    await until(() => collections() >= before + sharedPool().workers.length);
    expect(collections()).toBe(before + sharedPool().workers.length);
  } finally {
    await small.close();
    await big.close();
  }
});
