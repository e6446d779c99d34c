// Issue 11, item 10: before reporting success the writer reads back what landed (through the same verified
// directory) and compares its size and digest with the bytes it wrote; the identity it returns carries that digest.
import { afterAll, expect, test } from "bun:test";
import { linkSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openParent, writeFileAtomic, type WriteRequest } from "../../src/files/atomic-write.ts";
import { ESCAPED } from "../../src/disk/errno.ts";
import type { DirectoryHandle } from "../../src/files/beneath.ts";
import { contentDigest } from "../../src/files/identity.ts";
import { loadTextFile } from "../../src/files/load.ts";
import { makeGuardedSandbox } from "../support/guarded-sandbox.ts";

const sandbox = makeGuardedSandbox("lapp-landed-", []);
afterAll(() => sandbox.remove());

for (const linked of [false, true]) {
  test(`${linked ? "an in-place (hard-linked)" : "a renamed"} commit returns the digest of the bytes read back`, () => {
    const name = linked ? "linked.txt" : "plain.txt";
    writeFileSync(join(sandbox.root, name), "old\n");
    if (linked) linkSync(join(sandbox.root, name), join(sandbox.root, `${name}.link`));
    const path = sandbox.resolve(name);
    const loaded = loadTextFile(path, () => false);
    if (!loaded.ok) throw loaded.error;
    const bytes = new TextEncoder().encode("new content\n");
    const result = writeFileAtomic({
      real: path.real,
      display: path.display,
      bytes,
      expected: loaded.value.identity,
      root: path.root,
      realRelative: path.realRelative,
    });
    if (!result.ok) throw result.error;
    const onDisk = readFileSync(join(sandbox.root, name));
    expect(result.value.digest).toBe(contentDigest(onDisk));
    expect(result.value.digest).toBe(contentDigest(bytes));
    expect(result.value.size).toBe(BigInt(bytes.length));
  });
}

// Two servers editing one file: ours renamed its copy in, and the other renamed its own over ours in the instant
// between the check's open of the name and the check of where the opened file is (beneath.ts refuses a descriptor
// whose file is no longer at its name). Seen once as a line inserted twice in tests/e2e/safety-race.test.ts: the
// landed edit was answered WRITE_FAILED and the agent made it again. Here the other writer's rename is real and
// lands at that moment; the refusal of the open is the one the location check gives then.
test("another writer's rename landing while what landed is checked is its later change, not a failed write", () => {
  writeFileSync(join(sandbox.root, "raced.txt"), "old\n");
  writeFileSync(join(sandbox.root, "theirs.txt"), "the other writer's version\n");
  const path = sandbox.resolve("raced.txt");
  const loaded = loadTextFile(path, () => false);
  if (!loaded.ok) throw loaded.error;
  let renamed = false;
  let raced = false;
  const racing = (request: WriteRequest): DirectoryHandle => {
    const directory = openParent(request);
    return {
      ...directory,
      rename(from, to) {
        directory.rename(from, to);
        renamed = true;
      },
      open(name, flags, mode) {
        if (!renamed || raced || name !== "raced.txt") return directory.open(name, flags, mode);
        raced = true;
        renameSync(join(sandbox.root, "theirs.txt"), join(sandbox.root, "raced.txt"));
        throw Object.assign(new Error(`${ESCAPED}: open`), { code: ESCAPED });
      },
    };
  };
  const result = writeFileAtomic(
    {
      real: path.real,
      display: path.display,
      bytes: new TextEncoder().encode("ours\n"),
      expected: loaded.value.identity,
      root: path.root,
      realRelative: path.realRelative,
    },
    racing,
  );
  expect(raced).toBe(true);
  if (!result.ok) throw new Error(`refused although it landed: ${result.error.message}`);
  // Its bytes landed and were replaced at once: no digest of bytes that are no longer there.
  expect(result.value.digest).toBeUndefined();
  expect(readFileSync(join(sandbox.root, "raced.txt"), "utf8")).toBe("the other writer's version\n");
});
