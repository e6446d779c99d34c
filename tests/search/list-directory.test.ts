// The walk's directory listing (list-directory.ts over list-directory.c) gives exactly the names and kinds Node's
// readdir gives, falls back to it where it cannot, and never lists through a symlink — with the root given, not
// through one swapped in for any folder on the way either (beneath.c).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { listNamed } from "../../src/disk/list-names.ts";
import { listDirectory, nativeListing, opensBeneath } from "../../src/search/list-directory.ts";
import { nativeCode } from "../../src/search/native-code.ts";
import { compileOverrides } from "../../src/search/overrides.ts";
import { walkFiles } from "../../src/search/walk.ts";
import { makeTempRoot } from "../support/lapp-session.ts";
import { removeSwapper, startSwapping, swapperBinary } from "../support/swapper.ts";

const supported = process.platform === "linux" && (process.arch === "x64" || process.arch === "arm64");
const temp = makeTempRoot("lapp-list-");
const noOverrides = (compileOverrides([]) as Extract<ReturnType<typeof compileOverrides>, { ok: true }>)
  .overrides;
afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
  removeSwapper();
});
const swapper = swapperBinary();
// openat2 (Linux 5.6+): qemu's user-mode emulation of another architecture may lack it; then listings go by path.
const beneath = supported && opensBeneath(temp);
if (supported && !beneath)
  console.error("openat2 is not available here: the tests of opening from the root skipped");

/** What Node's readdir says, as the walk sees it: sorted `name kind`. */
function readdirView(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .map((entry) => `${entry.name} ${entry.isDirectory() ? "directory" : entry.isFile() ? "file" : "other"}`)
    .sort();
}

/** The listing the walk gets; `native`: the native lister's own, which must not have fallen back to readdir. */
function listedView(directory: string, native = true): string[] {
  const entries = native ? nativeListing(directory) : listDirectory(directory);
  if (!entries) throw new Error(`the native lister left ${directory} to readdir`);
  return entries.map((entry) => `${entry.name} ${entry.kind}`).sort();
}

describe.skipIf(!supported)("the native lister", () => {
  test("is compiled here", () => expect(nativeCode()?.lapp_list_directory).toBeDefined());

  test.if(process.arch === "x64")(
    "opens from the root with openat2 on this kind of machine (Linux 5.6+)",
    () => {
      // Where lapp's CI runs; an arm64 run here is qemu's emulation, which may lack the call.
      expect(beneath).toBe(true);
      expect(opensBeneath(join(temp, "no-such-root"))).toBe(false);
    },
  );

  test("every kind of entry, odd names included, as readdir lists them", () => {
    const directory = join(temp, "kinds");
    mkdirSync(join(directory, "sub"), { recursive: true });
    writeFileSync(join(directory, "plain.txt"), "x");
    writeFileSync(join(directory, ".hidden"), "x");
    writeFileSync(join(directory, "new\nline.txt"), "x");
    writeFileSync(join(directory, "día ü.md"), "x");
    writeFileSync(join(directory, "...."), "x");
    symlinkSync("plain.txt", join(directory, "link"));
    symlinkSync("sub", join(directory, "dir-link"));
    Bun.spawnSync(["mkfifo", join(directory, "fifo")]);
    expect(listedView(directory)).toEqual(readdirView(directory));
    expect(listedView(directory)).toContain("sub directory");
    expect(listedView(directory)).toContain("link other");
  });

  test("a directory whose names outgrow the buffer (grown and listed again)", () => {
    const directory = join(temp, "many");
    mkdirSync(directory);
    for (let index = 0; index < 3000; index++)
      writeFileSync(join(directory, `${"n".repeat(40)}-${index}`), "");
    const listed = listedView(directory);
    expect(listed.length).toBe(3000);
    expect(listed).toEqual(readdirView(directory));
  });

  test("a name that is not UTF-8 is listed exactly (its stray bytes escaped: byte-names.ts), as by readdir", () => {
    const directory = join(temp, "latin1");
    mkdirSync(directory);
    writeFileSync(Buffer.from(`${directory}/caf\xe9.txt`, "latin1"), "x");
    mkdirSync(Buffer.from(`${directory}/d\xfe`, "latin1"));
    writeFileSync(join(directory, "caf\uFFFD.txt"), "x");
    writeFileSync(join(directory, "ok.txt"), "x");
    const exact = ["caf\udce9.txt file", "caf\uFFFD.txt file", "d\udcfe directory", "ok.txt file"];
    expect(listedView(directory)).toEqual(exact);
    // Node's readdir decodes lossily (two names as one caf\uFFFD.txt); the fallback asks it for the raw names.
    expect(
      listNamed(directory)
        .map((entry) => `${entry.name} ${entry.kind}`)
        .sort(),
    ).toEqual(exact);
  });

  test("a symlink to a directory, a file and a missing path are not listed", () => {
    const directory = join(temp, "target");
    mkdirSync(directory);
    writeFileSync(join(directory, "secret.txt"), "x");
    symlinkSync(directory, join(temp, "alias"));
    expect(() => listDirectory(join(temp, "alias"))).toThrow();
    expect(() => listDirectory(join(directory, "secret.txt"))).toThrow();
    expect(() => listDirectory(join(temp, "missing"))).toThrow();
    // A NUL would end the path early in C (here: `directory` itself); it is left to readdir, which refuses it.
    expect(nativeListing(`${directory}\0/..`)).toBeUndefined();
    expect(() => listDirectory(`${directory}\0/..`)).toThrow();
  });

  test.if(beneath)(
    "with the root given, a folder on the way that is a symlink is refused, inside the root or out of it",
    () => {
      const root = join(temp, "beneath");
      const outside = join(temp, "outside");
      mkdirSync(join(root, "real", "sub"), { recursive: true });
      mkdirSync(join(outside, "sub"), { recursive: true });
      writeFileSync(join(root, "real", "sub", "inside.txt"), "x");
      writeFileSync(join(outside, "sub", "secret.txt"), "x");
      symlinkSync(join(root, "real"), join(root, "link"));
      symlinkSync(outside, join(root, "out"));
      expect(nativeListing(join(root, "real", "sub"), root)?.map((entry) => entry.name)).toEqual([
        "inside.txt",
      ]);
      expect(() => nativeListing(join(root, "out", "sub"), root)).toThrow();
      expect(() => nativeListing(join(root, "link", "sub"), root)).toThrow();
      // What the root prevents: by path alone, only the last component is refused when it is a symlink.
      expect(nativeListing(join(root, "out", "sub"))?.map((entry) => entry.name)).toEqual(["secret.txt"]);
    },
  );

  test("a root replaced by a new folder at its path is walked anew by the next search, not through the old one", () => {
    const root = join(temp, "replaced");
    mkdirSync(join(root, "d"), { recursive: true });
    writeFileSync(join(root, "d", "old.txt"), "x");
    const walked = () =>
      [...walkFiles({ root, start: root, isBlocked: () => false, overrides: noOverrides, env: {} })].map(
        (file) => file.relative,
      );
    expect(walked()).toEqual(["d/old.txt"]);
    renameSync(root, join(temp, "replaced-before"));
    mkdirSync(join(root, "d"), { recursive: true });
    writeFileSync(join(root, "d", "new.txt"), "x");
    expect(walked()).toEqual(["d/new.txt"]);
  });

  test("a root that is not a real path is not kept: listings open by path, as without a root", () => {
    const real = join(temp, "real-root");
    mkdirSync(join(real, "d"), { recursive: true });
    writeFileSync(join(real, "d", "a.txt"), "x");
    symlinkSync(real, join(temp, "root-alias"));
    const alias = join(temp, "root-alias");
    expect(nativeListing(join(alias, "d"), alias)?.map((entry) => entry.name)).toEqual(["a.txt"]);
  });

  test.if(beneath && "path" in swapper)(
    "a renameat2 swap of a folder on the way with a symlink out: no outside name is ever listed from the root",
    async () => {
      const base = join(temp, "race");
      const root = join(base, "proj");
      mkdirSync(join(root, "d", "sub"), { recursive: true });
      mkdirSync(join(base, "outside", "sub"), { recursive: true });
      writeFileSync(join(root, "d", "sub", "inside.txt"), "x");
      writeFileSync(join(base, "outside", "sub", "outside-name.txt"), "x");
      symlinkSync("../outside", join(root, "d_swap"));
      const { path: binary } = swapper as { path: string };
      let done = false;
      const swaps = startSwapping(binary, join(root, "d"), join(root, "d_swap"), 1.5).then(
        (count) => ((done = true), count),
      );
      const seen = { fromRoot: 0, fromRootOutside: 0, byPathOutside: 0 };
      while (!done) {
        for (const from of [root, ""]) {
          let names: string[] = [];
          try {
            names = (nativeListing(join(root, "d", "sub"), from) ?? []).map((entry) => entry.name);
          } catch {
            // refused, or between the two names of the swap: nothing listed
          }
          const outside = names.includes("outside-name.txt");
          if (from) {
            seen.fromRoot += names.length > 0 ? 1 : 0;
            seen.fromRootOutside += outside ? 1 : 0;
          } else seen.byPathOutside += outside ? 1 : 0;
        }
        await Bun.sleep(0);
      }
      const swapCount = await swaps;
      expect(swapCount).toBeGreaterThan(1000);
      expect(seen.fromRoot).toBeGreaterThan(100);
      expect(seen.fromRootOutside).toBe(0);
      // The race is real: by path alone, the same listing went through the swapped-in symlink.
      expect(seen.byPathOutside).toBeGreaterThan(0);
    },
  );
});
