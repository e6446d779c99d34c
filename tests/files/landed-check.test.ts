// Issue 11, item 10: before reporting success the writer reads back what landed (through the same verified
// directory) and compares its size and digest with the bytes it wrote; the identity it returns carries that digest.
import { afterAll, expect, test } from "bun:test";
import { linkSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../src/files/atomic-write.ts";
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
