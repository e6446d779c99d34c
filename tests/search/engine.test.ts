// The engine: path order whatever the lanes, max_results, time budget, cancellation, progress, workers vs inline.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_BLOCK_PATTERNS } from "../../src/config.ts";
import { runSearch, type SearchRequest } from "../../src/search/engine.ts";
import { type Lane, LanePool } from "../../src/search/lanes.ts";
import {
  BATCH_ENDS_AT_DIRECTORY,
  BATCH_GROWTH_EVERY,
  BATCH_GROWTH_MAX,
  INLINE_BATCH_ENDS_AT_DIRECTORY,
} from "../../src/search/limits.ts";
import { NO_OVERRIDES } from "../../src/search/overrides.ts";
import { compileBlocklist } from "../../src/security/blocklist.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { EXPECTED_NEEDLE_FILES, writeCorpus } from "./corpus.ts";

let temp: string;
let root: string;
let home: string;
const inline = new LanePool(0);
const workers = new LanePool(2);
const blocklist = compileBlocklist([...DEFAULT_BLOCK_PATTERNS], []);

beforeAll(async () => {
  temp = makeTempRoot("lapp-engine-");
  root = join(temp, "root");
  home = join(temp, "home");
  writeCorpus(root, home);
  // Many small files, so several batches are in flight at once.
  for (let index = 0; index < 300; index++) {
    mkdirSync(join(root, "many", String(index % 7)), { recursive: true });
    writeFileSync(
      join(root, "many", String(index % 7), `f${index}.txt`),
      `line\nneedle ${index}\nline\n`.repeat(1 + (index % 3)),
    );
  }
  // Let the workers start, so the comparison really runs batches on them.
  const started = Date.now();
  while (workers.workers.some((worker) => worker.queued === undefined) && Date.now() - started < 5000)
    await Bun.sleep(10);
});

afterAll(() => rmSync(temp, { recursive: true, force: true }));

function request(overrides: Partial<SearchRequest> = {}): SearchRequest {
  return {
    root,
    start: root,
    startIsFile: false,
    spec: {
      matcher: { pattern: "needle", literal: true, ignoreCase: false },
      context: 1,
      maxFileBytes: 1 << 30,
    },
    maxResults: 100_000,
    overrides: NO_OVERRIDES,
    isBlocked: (relative) => blocklist.isBlocked(relative),
    lanes: inline,
    signal: new AbortController().signal,
    budgetMs: 60_000,
    progressIntervalMs: 1_000_000,
    progress: () => {},
    env: { HOME: home },
    ...overrides,
  };
}

describe("runSearch", () => {
  test("finds the corpus's files in path order, nothing ignored, blocked or binary", async () => {
    const outcome = await runSearch(request());
    const files = outcome.files.map((file) => file.relative).filter((path) => !path.startsWith("many/"));
    expect(files).toEqual(EXPECTED_NEEDLE_FILES);
    expect(outcome.truncated).toBe(false);
    expect(outcome.stopped).toBeUndefined();
  });

  test("workers give exactly the inline result, run after run", async () => {
    const expected = await runSearch(request());
    for (let run = 0; run < 3; run++) {
      expect(await runSearch(request({ lanes: workers }))).toEqual(expected);
    }
    const regex = {
      matcher: { pattern: "need(le)?\\s\\d+", literal: false, ignoreCase: true },
      context: 2,
      maxFileBytes: 1 << 30,
    };
    expect(await runSearch(request({ lanes: workers, spec: regex }))).toEqual(
      await runSearch(request({ spec: regex })),
    );
  });

  test("max_results keeps the first matches in path order and still counts them all", async () => {
    const full = await runSearch(request());
    const cut = await runSearch(request({ maxResults: 7, lanes: workers }));
    const firstSeven = full.files
      .flatMap((file) => file.matches.map((line) => `${file.relative}:${line}`))
      .slice(0, 7);
    expect(cut.files.flatMap((file) => file.matches.map((line) => `${file.relative}:${line}`))).toEqual(
      firstSeven,
    );
    expect(cut.truncated).toBe(true);
    expect(cut.totalMatches).toBe(full.totalMatches);
    expect(cut.filesWithMatches).toBe(full.filesWithMatches);
    expect(cut.filesSearched).toBe(full.filesSearched);
  });

  test("the time budget stops the search with a partial, in-order result", async () => {
    const outcome = await runSearch(request({ budgetMs: 0 }));
    expect(outcome.stopped).toBe("time");
    const full = await runSearch(request());
    expect(outcome.filesSearched).toBeLessThan(full.filesSearched);
  });

  test("cancellation stops the search", async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await runSearch(request({ signal: controller.signal, lanes: workers }));
    expect(outcome.stopped).toBe("cancelled");
  });

  test("cancellation during a search stops it with a partial result", async () => {
    const controller = new AbortController();
    const full = await runSearch(request());
    const outcome = await runSearch(
      request({ signal: controller.signal, progressIntervalMs: 0, progress: () => controller.abort() }),
    );
    expect(outcome.stopped).toBe("cancelled");
    expect(outcome.filesSearched).toBeLessThan(full.filesSearched);
  });

  test("progress is reported with growing counts", async () => {
    const seen: number[] = [];
    await runSearch(request({ progressIntervalMs: 0, progress: (searched) => seen.push(searched) }));
    expect(seen.length).toBeGreaterThan(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  test("files over the size limit are listed, not searched", async () => {
    const outcome = await runSearch(
      request({
        spec: {
          matcher: { pattern: "needle", literal: true, ignoreCase: false },
          context: 0,
          maxFileBytes: 40,
        },
      }),
    );
    expect(outcome.tooLarge).toContain("src/app.ts");
    expect(outcome.files.map((file) => file.relative)).not.toContain("src/app.ts");
  });

  test("a named file is searched even when ignored; a named binary is flagged", async () => {
    const ignored = await runSearch(request({ start: join(root, "logs/app.log"), startIsFile: true }));
    expect(ignored.files.map((file) => file.relative)).toEqual(["logs/app.log"]);
    const binary = await runSearch(request({ start: join(root, "assets/blob.bin"), startIsFile: true }));
    expect(binary.binaryStart).toBe(true);
  });

  test("concurrent searches share the lanes and all finish with full results", async () => {
    const alone = await runSearch(request());
    const shared = new LanePool(0);
    const together = await Promise.all([1, 2, 3].map(() => runSearch(request({ lanes: shared }))));
    for (const outcome of together) expect(outcome).toEqual(alone);
  });

  test("each lane gets batches of its own size (the main thread's are smaller), and the same result", async () => {
    const alone = await runSearch(request());
    const sizes = { small: [] as number[], usual: [] as number[] };
    const lane = (
      kind: keyof typeof sizes,
      batchBounds?: { from: number; upTo: number },
    ): Lane & { canTake(): boolean } => {
      let running = 0;
      return {
        batchBounds,
        canTake: () => running < 2,
        run(jobs, spec) {
          sizes[kind].push(jobs.length);
          running++;
          const replies = inline.inline.run(jobs, spec);
          const done = () => (running--, wakeAll());
          replies.then(done, done);
          return replies;
        },
      };
    };
    const listeners = new Set<() => void>();
    const wakeAll = () => listeners.forEach((listener) => listener());
    const lanes = [lane("usual"), lane("small", { from: 2, upTo: 3 })];
    const outcome = await runSearch(
      request({
        lanes: {
          available: () => lanes.filter((one) => one.canTake()),
          onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
        },
      }),
    );
    expect(outcome).toEqual(alone);
    expect(sizes.small.length).toBeGreaterThan(5);
    expect(Math.max(...sizes.small)).toBeLessThanOrEqual(3);
    expect(Math.max(...sizes.usual)).toBeGreaterThan(3);
    expect(Math.max(...sizes.usual)).toBeLessThanOrEqual(BATCH_ENDS_AT_DIRECTORY.upTo);
    expect(INLINE_BATCH_ENDS_AT_DIRECTORY.upTo).toBeLessThan(BATCH_ENDS_AT_DIRECTORY.upTo);
    // The main thread's batches are smaller only beside a worker that is up.
    expect(new LanePool(0).inline.batchBounds).toBe(BATCH_ENDS_AT_DIRECTORY);
    expect(workers.inline.batchBounds).toBe(INLINE_BATCH_ENDS_AT_DIRECTORY);
  });

  test("a search of many files gets bigger batches as it goes; the first ones keep the usual size", async () => {
    const big = join(temp, "big");
    const count = BATCH_GROWTH_EVERY * 4;
    for (let index = 0; index < count; index++) {
      const folder = join(big, String(index % 3));
      if (index < 3) mkdirSync(folder, { recursive: true });
      writeFileSync(
        join(folder, `f${String(index).padStart(5, "0")}.txt`),
        index % 500 === 0 ? "needle\n" : "x\n",
      );
    }
    const sizes: number[] = [];
    const listeners = new Set<() => void>();
    let running = 0;
    const recording: Lane & { canTake(): boolean } = {
      canTake: () => running < 2,
      run(jobs, spec) {
        sizes.push(jobs.length);
        running++;
        const replies = inline.inline.run(jobs, spec);
        const done = () => (running--, listeners.forEach((listener) => listener()));
        replies.then(done, done);
        return replies;
      },
    };
    const outcome = await runSearch(
      request({
        root: big,
        start: big,
        lanes: {
          available: () => (recording.canTake() ? [recording] : []),
          onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
        },
      }),
    );
    expect(outcome.filesSearched).toBe(count);
    expect(outcome.files.map((file) => file.relative)).toEqual(
      outcome.files.map((file) => file.relative).toSorted(),
    );
    expect(outcome.filesWithMatches).toBe(Math.ceil(count / 500));
    const walkedBefore = (batch: number) => sizes.slice(0, batch).reduce((sum, size) => sum + size, 0);
    for (const [batch, size] of sizes.entries()) {
      const scale = Math.min(
        BATCH_GROWTH_MAX,
        Math.max(1, Math.floor(walkedBefore(batch) / BATCH_GROWTH_EVERY)),
      );
      expect(size).toBeLessThanOrEqual(BATCH_ENDS_AT_DIRECTORY.upTo * scale);
    }
    expect(Math.max(...sizes.slice(0, 10))).toBeLessThanOrEqual(BATCH_ENDS_AT_DIRECTORY.upTo);
    expect(Math.max(...sizes)).toBeGreaterThan(2 * BATCH_ENDS_AT_DIRECTORY.upTo);
  });

  test("a subdirectory is walked with its parents' rules", async () => {
    const outcome = await runSearch(request({ start: join(root, "logs") }));
    expect(outcome.files.map((file) => file.relative)).toEqual(["logs/keep.log", "logs/reincluded.log"]);
  });
});
