// A batch opens each directory once and its files by name inside it (read-file.ts, SearchDirectories): a symlink on
// the way or a directory moved out mid-run is refused like before; a file with matches gives its bytes' digest.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nativeFs } from "../../src/files/fs-native.ts";
import { contentDigest } from "../../src/files/identity.ts";
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
const options = { matcher: matcher.value, context: 0, keep: 10, maxBytes: 1 << 20 };

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
    expect(first.digest).toBe(contentDigest(Buffer.from("needle one\n")).toString(16));
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
