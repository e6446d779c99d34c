// The writer keeps a descriptor of the file it replaces (opened to check lapp may write it) until the rename; it is
// closed off the calling thread after a commit (atomic-write.ts), since closing the last hold on the replaced file
// frees its blocks. That close must still happen: no descriptor of a replaced file may stay open.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commitBytes } from "../../src/files/commit.ts";
import { loadTextFile } from "../../src/files/load.ts";
import { makeGuardedSandbox, type GuardedSandbox } from "../support/guarded-sandbox.ts";

let sandbox: GuardedSandbox;
beforeEach(() => {
  sandbox = makeGuardedSandbox("lapp-replaced-");
});
afterEach(() => sandbox.remove());

/** This process's descriptors that name a file below the root, deleted ones included. */
function openBelowRoot(): string[] {
  const targets: string[] = [];
  for (const descriptor of readdirSync("/proc/self/fd")) {
    try {
      const target = readlinkSync(`/proc/self/fd/${descriptor}`);
      if (target.startsWith(`${sandbox.root}/`)) targets.push(target);
    } catch {
      // closed while listing (the directory's own descriptor)
    }
  }
  return targets;
}

test.skipIf(process.platform !== "linux")(
  "after twenty commits no descriptor of a replaced file stays open",
  async () => {
    const file = join(sandbox.root, "f.txt");
    writeFileSync(file, "version 0\n".repeat(50_000));
    for (let version = 1; version <= 20; version++) {
      const path = sandbox.resolve("f.txt");
      const loaded = loadTextFile(path, () => false);
      if (!loaded.ok) throw loaded.error;
      const committed = commitBytes(
        path,
        Buffer.from(`version ${version}\n`.repeat(50_000)),
        loaded.value.identity,
      );
      expect(committed.ok).toBe(true);
    }
    // The closes run on the thread pool: wait for them (a descriptor never closed keeps this waiting and fails).
    const deadline = Date.now() + 5000;
    while (openBelowRoot().length > 0 && Date.now() < deadline) await Bun.sleep(5);

    expect(openBelowRoot()).toEqual([]);
  },
);
