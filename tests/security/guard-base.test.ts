// Resolution below a real root starts at the root (its ancestors are trusted, as every open beneath the root trusts
// them): on a hostile tree — symlinks out and back in, to the root itself, through `..`, absolute and relative,
// dangling, looping — it must give exactly what resolving from `/` gives, for any path below the root.
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { resolvePosix } from "../../src/security/guard.ts";

let base: string;
let root: string;

beforeAll(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "lapp-guard-base-")));
  root = join(base, "proj");
  mkdirSync(join(root, "src", "deep"), { recursive: true });
  mkdirSync(join(base, "outside", "inner"), { recursive: true });
  writeFileSync(join(root, "src", "app.ts"), "x\n");
  writeFileSync(join(root, "src", "deep", "leaf.ts"), "y\n");
  writeFileSync(join(base, "outside", "loot.txt"), "loot\n");
  const links: Array<[string, string]> = [
    ["src/up", ".."],
    ["src/deep/up2", "../.."],
    ["out-rel", "../outside"],
    ["out-abs", join(base, "outside")],
    ["back-in", `../proj/src`],
    ["abs-in", join(root, "src", "deep")],
    ["self", "."],
    ["root-abs", root],
    ["dangling", "missing/file.ts"],
    ["dangling-out", "../outside/gone.txt"],
    ["loop-a", "loop-b"],
    ["loop-b", "loop-a"],
    ["src/deep/sideways", "../app.ts"],
  ];
  for (const [link, target] of links) symlinkSync(target, join(root, link));
  // A link outside that points back into the root.
  symlinkSync(join(root, "src"), join(base, "outside", "inner", "to-src"));
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const NAMES = [
  "src",
  "deep",
  "app.ts",
  "leaf.ts",
  "up",
  "up2",
  "out-rel",
  "out-abs",
  "back-in",
  "abs-in",
  "self",
  "root-abs",
  "dangling",
  "dangling-out",
  "loop-a",
  "sideways",
  "inner",
  "to-src",
  "loot.txt",
  "new.ts",
  ".",
];

test("from the real root, every path resolves as it does from /", () => {
  let outside = 0;
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 6 }), (names) => {
      const absolute = `${root}/${names.join("/")}`;
      const fromRoot = resolvePosix(absolute, names.join("/"), root);
      const fromTop = resolvePosix(absolute, names.join("/"));
      expect(fromRoot).toEqual(fromTop);
      if (fromTop.ok && !fromTop.value.path.startsWith(`${root}/`)) outside++;
    }),
    { numRuns: 2000 },
  );
  // The tree leads outside often enough for the comparison to mean something there too.
  expect(outside).toBeGreaterThan(100);
});

test("a path outside the base (a prefix sibling too), or a base that is `/`, resolves from /", () => {
  const loot = join(base, "outside", "loot.txt");
  expect(resolvePosix(loot, "x", root)).toEqual(resolvePosix(loot, "x"));
  mkdirSync(`${root}-evil`, { recursive: true });
  writeFileSync(`${root}-evil/loot.txt`, "loot\n");
  const sibling = `${root}-evil/loot.txt`;
  expect(resolvePosix(sibling, "x", root)).toEqual(resolvePosix(sibling, "x"));
  const resolved = resolvePosix(sibling, "x", root);
  expect(resolved.ok && resolved.value.path).toBe(sibling);
  expect(resolvePosix(`${root}/src/app.ts`, "x", "/")).toEqual(resolvePosix(`${root}/src/app.ts`, "x"));
});
