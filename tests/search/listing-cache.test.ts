// Listings kept between searches (listing-cache.ts): used only while the directory is what it was, kept only for a
// directory quiet for the settle time, never for a file system not known to keep directory times. The lister is the
// real one, counted; the settle time is shortened (tmpfs and ext4 stamp times to the kernel tick, a few ms).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listDirectory } from "../../src/search/list-directory.ts";
import { ListingCache } from "../../src/search/listing-cache.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-listing-cache-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const SETTLE_MS = 100;
const settle = () => Bun.sleep(SETTLE_MS + 50);

function countedCache() {
  const counted = { lists: 0 };
  const cache = new ListingCache(
    (directory, root) => (counted.lists++, listDirectory(directory, root)),
    SETTLE_MS,
  );
  const names = (directory: string) =>
    cache.listing(directory, temp).map((entry) => `${entry.name}:${entry.kind}`);
  return { counted, names };
}

describe.skipIf(process.platform !== "linux")("kept listings", () => {
  test("a quiet directory is listed once; every later change is seen at once", async () => {
    const directory = join(temp, "quiet");
    mkdirSync(join(directory, "sub"), { recursive: true });
    writeFileSync(join(directory, "b.txt"), "");
    writeFileSync(join(directory, "a.txt"), "");
    const { counted, names } = countedCache();
    await settle();
    expect(names(directory)).toEqual(["a.txt:file", "b.txt:file", "sub:directory"]);
    expect(names(directory)).toEqual(["a.txt:file", "b.txt:file", "sub:directory"]);
    expect(counted.lists).toBe(1);

    // Each change, made right after a kept listing was used, is in the next listing.
    const changes: Array<[() => void, string[]]> = [
      [
        () => writeFileSync(join(directory, "c.txt"), ""),
        ["a.txt:file", "b.txt:file", "c.txt:file", "sub:directory"],
      ],
      [() => unlinkSync(join(directory, "a.txt")), ["b.txt:file", "c.txt:file", "sub:directory"]],
      [
        () => renameSync(join(directory, "b.txt"), join(directory, "z.txt")),
        ["c.txt:file", "sub:directory", "z.txt:file"],
      ],
      [
        () => symlinkSync("c.txt", join(directory, "link")),
        ["c.txt:file", "link:other", "sub:directory", "z.txt:file"],
      ],
      // The modification time set back to what it was: the change time still moved.
      [
        () => {
          writeFileSync(join(directory, "d.txt"), "");
          utimesSync(directory, new Date(0), new Date(0));
        },
        ["c.txt:file", "d.txt:file", "link:other", "sub:directory", "z.txt:file"],
      ],
    ];
    for (const [change, expected] of changes) {
      await settle();
      names(directory); // listed and kept (quiet since the last change)
      const before = counted.lists;
      names(directory);
      expect(counted.lists).toBe(before); // answered from the kept listing
      change();
      expect(names(directory)).toEqual(expected);
    }
  });

  test("a directory changed just before it was listed is listed again next time", () => {
    const directory = join(temp, "busy");
    mkdirSync(directory);
    writeFileSync(join(directory, "x"), "");
    // The real settle time (a slow machine could take longer than the shortened one between the two steps).
    const counted = { lists: 0 };
    const cache = new ListingCache((directory, root) => (counted.lists++, listDirectory(directory, root)));
    cache.listing(directory, temp);
    cache.listing(directory, temp);
    expect(counted.lists).toBe(2);
  });

  test("a directory replaced by another at its path, or by a symlink, is never answered from the kept listing", async () => {
    const directory = join(temp, "replaced");
    mkdirSync(directory);
    writeFileSync(join(directory, "old.txt"), "");
    const { names } = countedCache();
    await settle();
    expect(names(directory)).toEqual(["old.txt:file"]);
    renameSync(directory, join(temp, "replaced-away"));
    mkdirSync(directory);
    writeFileSync(join(directory, "new.txt"), "");
    expect(names(directory)).toEqual(["new.txt:file"]);
    rmSync(directory, { recursive: true });
    symlinkSync(join(temp, "replaced-away"), directory);
    expect(() => names(directory)).toThrow(); // the lister lists no symlink
  });

  /** Directories of `count` files each under `name`, and a cache bounded at `bound` entries counting its listings. */
  async function boundedCache(name: string, counts: number[], bound: number) {
    const counted = { lists: 0 };
    const cache = new ListingCache(
      (directory, root) => (counted.lists++, listDirectory(directory, root)),
      SETTLE_MS,
      bound,
    );
    const directories = counts.map((count, at) => {
      const directory = join(temp, name, `d${at}`);
      mkdirSync(directory, { recursive: true });
      for (let index = 0; index < count; index++) writeFileSync(join(directory, `f${index}`), "");
      return directory;
    });
    await settle();
    /** Lists each of `walked` in one walk; which of them had to be listed (not answered from a kept listing). */
    const walk = (...walked: number[]) => {
      cache.beginWalk();
      return walked.filter((at) => {
        const before = counted.lists;
        cache.listing(directories[at]!, temp);
        return counted.lists > before;
      });
    };
    return walk;
  }

  test("entries kept stay within the bound: the listing used longest ago goes first, too big a one is never kept", async () => {
    const walk = await boundedCache("bounded", [6, 6, 11], 10);
    expect(walk(0, 0)).toEqual([0]);
    expect(walk(1, 1)).toEqual([1]); // 12 entries would be too many: the first one, not used by this walk, went
    expect(walk(0)).toEqual([0]);
    expect(walk(2, 2)).toEqual([2, 2]);
  });

  test("a tree bigger than the bound, walked again and again, keeps the listings met first", async () => {
    // Three directories of 6 entries, room for 12: each walk keeps the first two and lists the third anew; dropping
    // all when full kept none of them for the next walk.
    const walk = await boundedCache("cyclic", [6, 6, 6], 12);
    expect(walk(0, 1, 2)).toEqual([0, 1, 2]);
    for (let round = 0; round < 3; round++) expect(walk(0, 1, 2)).toEqual([2]);
    // A walk of another part takes the room of what the walks before used longest ago.
    expect(walk(2)).toEqual([2]);
    expect(walk(2)).toEqual([]);
    expect(walk(1, 2)).toEqual([]);
    expect(walk(0)).toEqual([0]);
  });

  test("nothing is kept where the file system is not known to keep directory times", async () => {
    const counted = { lists: 0 };
    // procfs is no such file system; its directories are listed anew each time.
    const cache = new ListingCache((directory, root) => (counted.lists++, listDirectory(directory, root)), 0);
    cache.listing("/proc/sys", "/proc");
    await Bun.sleep(10);
    cache.listing("/proc/sys", "/proc");
    expect(counted.lists).toBe(2);
  });
});
