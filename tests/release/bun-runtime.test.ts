// The runtime cache of `npm run dist`: npm-style integrity, reuse of verified tarballs, extraction.
import { afterAll, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tarGz } from "../../scripts/archive.ts";
import { ensureRuntimes, extractRuntime, integrityOf } from "../../scripts/bun-runtime.ts";
import { findTarget } from "../../scripts/release-targets.ts";

const cache = mkdtempSync(join(tmpdir(), "lapp-runtime-cache-"));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Runs `body` with PATH holding only an `npm` that records its arguments and fails: no registry is reached. */
function withRecordingNpm(body: () => void): string[] {
  const bin = join(cache, "fake-bin");
  const log = join(cache, "npm.log");
  mkdirSync(bin, { recursive: true });
  writeFileSync(log, "");
  writeFileSync(join(bin, "npm"), `#!/bin/sh\necho "$*" >> ${log}\nexit 1\n`);
  chmodSync(join(bin, "npm"), 0o755);
  const savedPath = process.env.PATH;
  process.env.PATH = bin;
  try {
    body();
  } finally {
    process.env.PATH = savedPath;
  }
  return readFileSync(log, "utf8").split("\n").filter(Boolean);
}

test("integrity is npm's sha512-<base64> of the tarball bytes", () => {
  expect(integrityOf(new TextEncoder().encode(""))).toBe(
    "sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==",
  );
});

test("a verified tarball in the cache is reused without asking npm, and its binary extracted", () => {
  const target = findTarget("darwin-arm64")!;
  const runtime = new TextEncoder().encode("pretend runtime");
  const tarball = tarGz({ name: "package/bin/bun", bytes: runtime, mode: 0o755, mtime: 1_700_000_000 });
  const path = join(cache, "oven-bun-darwin-aarch64-9.9.9.tgz");
  writeFileSync(path, tarball);
  writeFileSync(`${path}.integrity`, `${integrityOf(tarball)}\n`);

  const logged: string[] = [];
  const npmCalls = withRecordingNpm(() =>
    ensureRuntimes([target], "9.9.9", cache, (line) => logged.push(line)),
  );
  expect(npmCalls).toEqual([]);
  expect(logged).toEqual([]);

  const binary = extractRuntime(cache, target, "9.9.9", join(cache, "scratch"));
  expect(readFileSync(binary, "utf8")).toBe("pretend runtime");
});

test("a cached tarball that no longer matches its recorded integrity is fetched again", () => {
  const target = findTarget("linux-arm64")!;
  const path = join(cache, "oven-bun-linux-aarch64-9.9.9.tgz");
  writeFileSync(path, "corrupted");
  writeFileSync(`${path}.integrity`, `${integrityOf(new TextEncoder().encode("original"))}\n`);
  const logged: string[] = [];
  const npmCalls = withRecordingNpm(() =>
    expect(() => ensureRuntimes([target], "9.9.9", cache, (line) => logged.push(line))).toThrow(),
  );
  expect(npmCalls).toEqual([`pack @oven/bun-linux-aarch64@9.9.9 --pack-destination ${cache} --silent`]);
  expect(logged[0]).toContain("fetching 1 Bun 9.9.9 runtime(s) from npm: linux-arm64");
});
