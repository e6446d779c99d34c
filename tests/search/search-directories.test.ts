// A batch opens each directory once and its files by name inside it (read-file.ts, SearchDirectories): a symlink on
// the way or a directory moved out mid-run is refused like before; carried bytes are exact and within the budget.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nativeFs } from "../../src/files/fs-native.ts";
import { runJobs } from "../../src/search/jobs.ts";
import { compileMatcher } from "../../src/search/matcher.ts";
import { SearchDirectories } from "../../src/search/read-file.ts";
import { searchFile } from "../../src/search/search-file.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-search-dirs-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));
mkdirSync(join(temp, "real", "deep"), { recursive: true });
mkdirSync(join(temp, "outside"));
writeFileSync(join(temp, "real", "a.txt"), "needle one\n");
writeFileSync(join(temp, "real", "deep", "b.txt"), "needle two\n");
writeFileSync(join(temp, "outside", "a.txt"), "needle outside\n");
symlinkSync(join(temp, "outside"), join(temp, "real", "swapped"));
symlinkSync(join(temp, "real"), join(temp, "alias"));

const matcher = compileMatcher({ pattern: "needle", literal: true, ignoreCase: false });
if (!matcher.ok) throw matcher.error;
const options = { matcher: matcher.value, context: 0, keep: 10, maxBytes: 1 << 20, carryBytes: 1 << 20 };

test("files in checked directories are searched, a symlinked directory on the way is refused", () => {
  const directories = new SearchDirectories();
  try {
    const results = [
      join(temp, "real", "a.txt"),
      join(temp, "real", "swapped", "a.txt"),
      join(temp, "alias", "deep", "b.txt"),
      join(temp, "real", "deep", "b.txt"),
    ].map((path) => searchFile(path, options, directories));
    expect(results.map((result) => result.kind)).toEqual([
      "searched",
      "unreadable",
      "unreadable",
      "searched",
    ]);
    const first = results[0]!;
    if (first.kind !== "searched") throw new Error("unreachable");
    expect(first.count).toBe(1);
    expect(Buffer.from(first.bytes!).toString()).toBe("needle one\n");
  } finally {
    directories.close();
  }
});

// The runs of a batch open their files inside one directory descriptor (openat): only with the native calls.
test.skipIf(process.platform !== "linux" || nativeFs() === null)(
  "files opened through a directory that moved away before its run was done are refused",
  () => {
    mkdirSync(join(temp, "moving"));
    writeFileSync(join(temp, "moving", "c.txt"), "needle three\n");
    writeFileSync(join(temp, "moving", "d.txt"), "needle four\n");
    const directories = new SearchDirectories();
    directories.tag = 7;
    expect(searchFile(join(temp, "moving", "c.txt"), options, directories).kind).toBe("searched");
    renameSync(join(temp, "moving"), join(temp, "outside", "moved"));
    directories.tag = 8;
    // Still the open directory: read through it, then refused when the run is checked again.
    expect(searchFile(join(temp, "moving", "d.txt"), options, directories).kind).toBe("searched");
    directories.close();
    expect([...directories.refused]).toEqual([7, 8]);
  },
);

test("a batch carries the bytes of its shown files only within its budget", () => {
  const names = ["e1.txt", "e2.txt", "e3.txt"];
  for (const name of names) writeFileSync(join(temp, "real", name), `needle\n${"y".repeat(100_000)}\n`);
  const jobs = names.map((name, id) => ({ id, absolute: join(temp, "real", name), keep: 10 }));
  const spec = {
    matcher: { pattern: "needle", literal: true, ignoreCase: false },
    context: 0,
    maxFileBytes: 1 << 20,
    carryBytes: 1 << 20,
    carryBudget: 250_000,
  };
  const carried = runJobs(jobs, spec).map((reply) =>
    reply.result.kind === "searched" ? (reply.result.bytes?.length ?? 0) : -1,
  );
  // The first fits; all three (300 KB) do not; what was carried fits the budget.
  expect(carried[0]).toBe(100_008);
  expect(carried.filter((length) => length > 0).length).toBeLessThan(3);
  expect(carried.reduce((sum, length) => sum + length, 0)).toBeLessThanOrEqual(250_000);
});
