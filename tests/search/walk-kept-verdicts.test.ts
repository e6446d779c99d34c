// The block list's verdicts kept with kept folder listings (walk.ts): while a listing is kept, each entry is asked
// about once per block list; another block list gets its own answers; a changed folder's entries are asked anew.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listDirectory } from "../../src/search/list-directory.ts";
import { ListingCache } from "../../src/search/listing-cache.ts";
import { compileOverrides } from "../../src/search/overrides.ts";
import { walkFiles } from "../../src/search/walk.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const root = makeTempRoot("lapp-kept-verdicts-");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SETTLE_MS = 50;

test.skipIf(process.platform !== "linux")(
  "a kept listing's entries are asked about once per block list, and anew once the folder changes",
  async () => {
    mkdirSync(join(root, "sub"));
    for (const name of ["a.txt", ".env", "sub/b.txt", "sub/key.pem"]) writeFileSync(join(root, name), "x\n");
    await Bun.sleep(2 * SETTLE_MS); // quiet long enough for the listings to be kept
    const listings = new ListingCache(listDirectory, SETTLE_MS);
    const overrides = compileOverrides([]);
    if (!overrides.ok) throw new Error("no overrides");
    let asked: string[] = [];
    const walk = (isBlocked: (relative: string) => boolean) =>
      [...walkFiles({ root, start: root, overrides: overrides.overrides, env: {}, listings, isBlocked })]
        .map((file) => file.relative)
        .sort();
    const blockEnv = (relative: string) => (asked.push(relative), relative.endsWith(".env"));
    const blockPem = (relative: string) => (asked.push(relative), relative.endsWith(".pem"));

    expect(walk(blockEnv)).toEqual(["a.txt", "sub/b.txt", "sub/key.pem"]);
    expect(asked.sort()).toEqual([".env", "a.txt", "sub", "sub/b.txt", "sub/key.pem"]);
    asked = [];
    expect(walk(blockEnv)).toEqual(["a.txt", "sub/b.txt", "sub/key.pem"]);
    expect(asked).toEqual([]);

    // Another block list is asked itself, and answers differently.
    expect(walk(blockPem)).toEqual([".env", "a.txt", "sub/b.txt"]);
    expect(asked.sort()).toEqual([".env", "a.txt", "sub", "sub/b.txt", "sub/key.pem"]);

    // A new entry changes the folder: its listing is made anew, and every entry of it is asked about.
    asked = [];
    writeFileSync(join(root, "sub", "c.env"), "x\n");
    expect(walk(blockPem)).toEqual([".env", "a.txt", "sub/b.txt", "sub/c.env"]);
    expect(asked.sort()).toEqual(["sub/b.txt", "sub/c.env", "sub/key.pem"]);
  },
);
