// The names of lapp's own files beside a long-named target (temp copies, recovery copies, locks): each long name gets
// a prefix of its own, from its bytes (src/text/byte-names.ts), and the prefix is a name the system can create.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { artifactPrefix } from "../../src/files/artifacts.ts";
import { writeFileAtomic } from "../../src/files/atomic-write.ts";
import { encodeName } from "../../src/text/byte-names.ts";
import { makeGuardedSandbox, type GuardedSandbox } from "../support/guarded-sandbox.ts";

let sandbox: GuardedSandbox;
beforeEach(() => {
  sandbox = makeGuardedSandbox("lapp-artifacts-");
});
afterEach(() => sandbox.remove());

/** Past the 96 characters an artifact name keeps verbatim. */
const LONG = "a".repeat(100);

test.if(process.platform !== "win32")(
  "two long names that differ only in a byte that is not UTF-8 never share their artifacts",
  () => {
    // Bun's string hash reads both escapes as U+FFFD: hashed as strings, these two would get one prefix.
    expect(artifactPrefix(`${LONG}\udcff.txt`)).not.toBe(artifactPrefix(`${LONG}\udcfe.txt`));
  },
);

test("a long name whose kept part would end inside a character still gets artifacts, and the write lands", () => {
  // The 80th code unit is the first half of 😀: a prefix cut there would hold half a character, no byte at all.
  const name = `${"a".repeat(79)}😀${"b".repeat(20)}.txt`;
  const prefix = artifactPrefix(name);
  expect(prefix.isWellFormed()).toBe(true);
  expect(() => encodeName(prefix)).not.toThrow();
  const path = sandbox.resolve(name);
  const written = writeFileAtomic({
    real: path.real,
    display: path.display,
    bytes: new TextEncoder().encode("x\n"),
    expected: undefined,
    root: path.root,
    realRelative: path.realRelative,
  });
  expect(written.ok).toBe(true);
  expect(readFileSync(path.real, "utf8")).toBe("x\n");
  expect(readdirSync(sandbox.root)).toEqual([name]);
});
