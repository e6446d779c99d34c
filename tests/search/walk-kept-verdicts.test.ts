// Verdicts kept with kept folder listings (walk.ts). The block list's: while a listing is kept, each entry is asked
// about once per block list; another block list gets its own answers; a changed folder's entries are asked anew.
// The ignore rules': kept while every rule file read has the same text; a rule file's new text decides at once.
import { afterAll, expect, spyOn, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listDirectory } from "../../src/search/list-directory.ts";
import { ListingCache } from "../../src/search/listing-cache.ts";
import { IgnoreStack } from "../../src/search/ignore-stack.ts";
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

test.skipIf(process.platform !== "linux")(
  "the ignore rules' verdicts are kept while the rules read are the same, and asked anew when a rule file changes",
  async () => {
    const tree = join(root, "rules");
    mkdirSync(join(tree, "repo", "sub"), { recursive: true });
    mkdirSync(join(tree, "repo", ".git"));
    writeFileSync(join(tree, "repo", ".gitignore"), "*.log\n");
    writeFileSync(join(tree, "repo", "sub", ".ignore"), "skip.txt\n");
    for (const name of ["a.txt", "a.log", "sub/b.txt", "sub/b.log", "sub/skip.txt"])
      writeFileSync(join(tree, "repo", name), "x\n");
    await Bun.sleep(2 * SETTLE_MS);
    const listings = new ListingCache(listDirectory, SETTLE_MS);
    const overrides = compileOverrides([]);
    if (!overrides.ok) throw new Error("no overrides");
    const start = join(tree, "repo", "sub");
    const verdicts = spyOn(IgnoreStack.prototype, "verdict");
    const walk = (from = join(tree, "repo")) => {
      verdicts.mockClear();
      return [
        ...walkFiles({
          root: tree,
          start: from,
          overrides: overrides.overrides,
          env: {},
          listings,
          isBlocked: none,
        }),
      ]
        .map((file) => file.relative)
        .sort();
    };
    try {
      const first = ["repo/.gitignore", "repo/a.txt", "repo/sub/.ignore", "repo/sub/b.txt"];
      expect(walk()).toEqual(first);
      expect(verdicts).toHaveBeenCalled();
      expect(walk()).toEqual(first);
      expect(verdicts).not.toHaveBeenCalled();

      // New text in a rule file (its folder unchanged, so its listing is still kept): the new rules decide.
      writeFileSync(join(tree, "repo", ".gitignore"), "*.txt\n");
      expect(walk()).toEqual(["repo/.gitignore", "repo/a.log", "repo/sub/.ignore", "repo/sub/b.log"]);
      expect(verdicts).toHaveBeenCalled();
      writeFileSync(join(tree, "repo", "sub", ".ignore"), "b.log\n");
      expect(walk()).toEqual(["repo/.gitignore", "repo/a.log", "repo/sub/.ignore"]);

      // A walk from below the rules' folder reads them as parents' rules: the same verdicts, kept alike.
      expect(walk(start)).toEqual(["repo/sub/.ignore"]);
      writeFileSync(join(tree, "repo", ".gitignore"), "");
      expect(walk(start)).toEqual(["repo/sub/.ignore", "repo/sub/b.txt", "repo/sub/skip.txt"]);
      expect(walk()).toEqual([
        "repo/.gitignore",
        "repo/a.log",
        "repo/a.txt",
        "repo/sub/.ignore",
        "repo/sub/b.txt",
        "repo/sub/skip.txt",
      ]);
    } finally {
      verdicts.mockRestore();
    }
  },
);

test.skipIf(process.platform !== "linux")(
  "walks under other global rules, interleaved over the same kept listings, each keep their own verdicts",
  async () => {
    const tree = join(root, "global");
    const home = join(root, "home");
    mkdirSync(join(tree, ".git"), { recursive: true });
    mkdirSync(join(home, ".config", "git"), { recursive: true });
    for (let index = 0; index < 40; index++) {
      writeFileSync(join(tree, `f${index}.txt`), "x\n");
      writeFileSync(join(tree, `f${index}.log`), "x\n");
    }
    await Bun.sleep(2 * SETTLE_MS);
    const listings = new ListingCache(listDirectory, SETTLE_MS);
    const overrides = compileOverrides([]);
    if (!overrides.ok) throw new Error("no overrides");
    const walker = (globalRules: string | undefined) => {
      const env = globalRules === undefined ? {} : { HOME: home };
      if (globalRules !== undefined) writeFileSync(join(home, ".config", "git", "ignore"), globalRules);
      return walkFiles({
        root: tree,
        start: tree,
        overrides: overrides.overrides,
        env,
        listings,
        isBlocked: none,
      });
    };
    // Each walk reads its global rules as it starts (its first file): none, then *.txt ignored, then *.log.
    const found: string[][] = [];
    const walks = [undefined, "*.txt\n", "*.log\n"].map((rules, index) => {
      const walk = walker(rules);
      found[index] = [walk.next().value!.relative];
      return walk;
    });
    for (let done = 0; done < walks.length;) {
      done = 0;
      walks.forEach((walk, index) => {
        const next = walk.next();
        if (next.done) done++;
        else found[index]!.push(next.value.relative);
      });
    }
    const names = (suffix: string) => Array.from({ length: 40 }, (_, index) => `f${index}${suffix}`);
    expect(found[0]!.sort()).toEqual([...names(".log"), ...names(".txt")].sort());
    expect(found[1]!.sort()).toEqual(names(".log").sort());
    expect(found[2]!.sort()).toEqual(names(".txt").sort());
  },
);

/** A block list that blocks nothing (one function for every walk, so its verdicts are kept). */
function none(): boolean {
  return false;
}
