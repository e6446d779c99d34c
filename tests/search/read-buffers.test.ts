// The reused read buffers of a search thread (read-file.ts) are bounded between searches: a big file grows them while
// a search runs, and once the last running search has ended they keep at most KEPT_READ_BUFFER_BYTES — so one search
// of a tree with big files does not leave tens of MiB resident for the rest of the session. Smaller buffers are
// kept, so the next search does not grow them again.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runSearch, type SearchRequest } from "../../src/search/engine.ts";
import { LanePool } from "../../src/search/lanes.ts";
import { KEPT_READ_BUFFER_BYTES, WHOLE_READ_MAX_BYTES } from "../../src/search/limits.ts";
import { unwrap } from "../../src/errors.ts";
import { compileMatcher } from "../../src/search/matcher.ts";
import { NO_OVERRIDES } from "../../src/search/overrides.ts";
import { readBufferBytes, releaseReadBuffers } from "../../src/search/read-file.ts";
import { searchFile } from "../../src/search/search-file.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const MiB = 1024 * 1024;
let root: string;

beforeAll(() => {
  root = makeTempRoot("lapp-read-buffers-");
  // Past the whole-read size and matching: streamed, then read whole for its rows.
  writeFileSync(join(root, "big.txt"), `${"filler line of text\n".repeat((3 * MiB) / 20)}needle here\n`);
  // One line of 2 MiB: the line buffer grows until it holds it.
  writeFileSync(join(root, "long-line.txt"), `${"x".repeat(2 * MiB)} needle\n`);
  // Under the kept size: read whole into the buffer, which stays for the next search.
  writeFileSync(join(root, "small.txt"), `${"short line\n".repeat(40_000)}needle\n`);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function request(lanes: LanePool, start = root): SearchRequest {
  return {
    root,
    start,
    startIsFile: start !== root,
    spec: {
      matcher: { pattern: "needle", literal: true, ignoreCase: false },
      context: 1,
      maxFileBytes: 1 << 30,
    },
    maxResults: 1000,
    overrides: NO_OVERRIDES,
    isBlocked: () => false,
    lanes,
    signal: new AbortController().signal,
    budgetMs: 60_000,
    progressIntervalMs: 1_000_000,
    progress: () => {},
  };
}

test("the files are what the test needs: one past the whole-read size, one under the kept size", () => {
  expect(3 * MiB).toBeGreaterThan(WHOLE_READ_MAX_BYTES);
  expect(40_000 * 11).toBeLessThan(KEPT_READ_BUFFER_BYTES);
});

test("a search grows the buffers for big files and lines; once it ends they are back within the kept size", async () => {
  const matcher = unwrap(compileMatcher({ pattern: "needle", literal: true, ignoreCase: false }));
  const options = { matcher, context: 1, keep: 10, maxBytes: 1 << 30 };
  releaseReadBuffers();
  expect(searchFile(join(root, "big.txt"), options)).toMatchObject({ kind: "searched", count: 1 });
  expect(searchFile(join(root, "long-line.txt"), options)).toMatchObject({ kind: "searched", count: 1 });
  // Searched outside any search, nothing gives them back: this is what a search leaves without the release.
  expect(readBufferBytes().whole).toBeGreaterThanOrEqual(3 * MiB);
  expect(readBufferBytes().line).toBeGreaterThan(2 * MiB);

  const outcome = await runSearch(request(new LanePool(0)));
  expect(outcome.totalMatches).toBe(3);
  expect(readBufferBytes().whole).toBeLessThanOrEqual(KEPT_READ_BUFFER_BYTES);
  expect(readBufferBytes().line).toBeLessThanOrEqual(KEPT_READ_BUFFER_BYTES);
});

test("a buffer within the kept size stays for the next search", async () => {
  const small = join(root, "small.txt");
  await runSearch(request(new LanePool(0), small));
  const kept = readBufferBytes().whole;
  expect(kept).toBeGreaterThanOrEqual(40_000 * 11);
  expect(kept).toBeLessThanOrEqual(KEPT_READ_BUFFER_BYTES);
  await runSearch(request(new LanePool(0), small));
  expect(readBufferBytes().whole).toBe(kept);
});

test("while another search still runs, the buffers stay; the last search to end gives them back", async () => {
  const pool = new LanePool(0);
  pool.searchBegan(); // another search, still running
  await runSearch(request(pool));
  expect(readBufferBytes().whole).toBeGreaterThanOrEqual(3 * MiB);
  pool.searchEnded();
  expect(readBufferBytes().whole).toBeLessThanOrEqual(KEPT_READ_BUFFER_BYTES);
});
