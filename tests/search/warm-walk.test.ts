// The walk before the first search (warm-walk.ts): what it lists is kept, so a search's walk after it lists nothing
// anew; it lists no blocked folder; it waits while a call is in progress, ends once a search began or after its cap,
// and gives the event loop back between slices. The lister is the real one, counted; the settle time is shortened.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listDirectory } from "../../src/search/list-directory.ts";
import { ListingCache } from "../../src/search/listing-cache.ts";
import { NO_OVERRIDES } from "../../src/search/overrides.ts";
import { walkFiles } from "../../src/search/walk.ts";
import { warmWalk } from "../../src/search/warm-walk.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-warm-walk-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const SETTLE_MS = 50;
const settle = () => Bun.sleep(SETTLE_MS + 50);
const isBlocked = (relative: string) => relative === "secrets" || relative.startsWith("secrets/");

/** A tree of `folders` folders of two files each, an ignored folder, a blocked one and a symlink out. */
function tree(name: string, folders: number): string {
  const root = join(temp, name);
  for (let index = 0; index < folders; index++) {
    const folder = join(root, "src", `f${index}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "a.ts"), "a\n");
    writeFileSync(join(folder, "b.ts"), "b\n");
  }
  mkdirSync(join(root, "build", "deep"), { recursive: true });
  writeFileSync(join(root, "build", "deep", "out.js"), "");
  writeFileSync(join(root, ".ignore"), "build/\n"); // .gitignore would count only in a git repository
  mkdirSync(join(root, "secrets", "inner"), { recursive: true });
  writeFileSync(join(root, "secrets", "inner", "key"), "");
  mkdirSync(join(temp, `${name}-outside`), { recursive: true });
  symlinkSync(join(temp, `${name}-outside`), join(root, "link"));
  return root;
}

function countedCache() {
  const listed: string[] = [];
  const cache = new ListingCache(
    (directory, root) => (listed.push(directory), listDirectory(directory, root)),
    SETTLE_MS,
  );
  return { cache, listed };
}

const idle = { busy: () => false, searched: () => false };

describe.skipIf(process.platform !== "linux")("the walk before the first search", () => {
  test("walks every file a search walks, and that search then lists no folder anew", async () => {
    const root = tree("whole", 5);
    await settle();
    const { cache, listed } = countedCache();
    const outcome = await warmWalk({ root, isBlocked, ...idle, listings: cache });
    expect(outcome).toEqual({ end: "walked", files: 11 }); // 5 × 2 files and .ignore
    const afterWarm = listed.length;
    // Every folder walked once: the root, src and its five (build is ignored, secrets blocked, link not followed).
    expect(afterWarm).toBe(7);
    expect(listed.some((directory) => directory.includes("secrets") || directory.includes("build"))).toBe(
      false,
    );
    const searched = [
      ...walkFiles({ root, start: root, isBlocked, overrides: NO_OVERRIDES, listings: cache }),
    ];
    expect(searched.map((file) => file.relative).sort()).toHaveLength(11);
    expect(listed.length).toBe(afterWarm);
  });

  test("waits while a call is in progress, then walks", async () => {
    const root = tree("busy", 3);
    await settle();
    const { cache, listed } = countedCache();
    let busy = true;
    const walking = warmWalk({ root, isBlocked, busy: () => busy, searched: () => false, listings: cache });
    await Bun.sleep(120);
    expect(listed).toEqual([]);
    busy = false;
    expect((await walking).end).toBe("walked");
    expect(listed.length).toBe(5);
  });

  test("ends without listing anything once a search has begun, and stops at its cap", async () => {
    const root = tree("ends", 4);
    await settle();
    const first = countedCache();
    const searched = await warmWalk({
      root,
      isBlocked,
      busy: () => false,
      searched: () => true,
      listings: first.cache,
    });
    expect(searched).toEqual({ end: "searched", files: 0 });
    expect(first.listed).toEqual([]);
    const capped = await warmWalk({ root, isBlocked, ...idle, maxFiles: 3, listings: countedCache().cache });
    expect(capped).toEqual({ end: "too-many", files: 3 });
  });

  test("gives the event loop back between slices of a long walk", async () => {
    const root = tree("long", 1500);
    await settle();
    const { cache } = countedCache();
    let turnsDuringWalk = 0;
    let walking = true;
    const tick = () => {
      if (!walking) return;
      turnsDuringWalk++;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const outcome = await warmWalk({ root, isBlocked, ...idle, listings: cache });
    walking = false;
    expect(outcome.files).toBe(3001);
    // 1,500 folders take tens of milliseconds to list; slices of a few let other work in many times meanwhile.
    expect(turnsDuringWalk).toBeGreaterThan(2);
  });
});
