// The release matrix the README promises: seven archives with these exact names, one runtime each.
import { expect, test } from "bun:test";
import { RELEASE_TARGETS, archiveName, binaryName } from "../../scripts/release-targets.ts";

test("seven archives with the published names", () => {
  expect(RELEASE_TARGETS.map(archiveName).sort()).toEqual(
    [
      "lapp-darwin-arm64.tar.gz",
      "lapp-darwin-x64.tar.gz",
      "lapp-linux-arm64-musl.tar.gz",
      "lapp-linux-arm64.tar.gz",
      "lapp-linux-x64-musl.tar.gz",
      "lapp-linux-x64.tar.gz",
      "lapp-windows-x64.zip",
    ].sort(),
  );
  expect(RELEASE_TARGETS.filter((target) => binaryName(target) === "lapp.exe").map((t) => t.asset)).toEqual([
    "windows-x64",
  ]);
});

test("each Bun target and runtime package names the target's OS, CPU and libc", () => {
  for (const target of RELEASE_TARGETS) {
    expect(target.bunTarget).toStartWith(`bun-${target.os}-${target.arch}`);
    expect(target.bunTarget.includes("musl")).toBe(target.libc === "musl");
    expect(target.runtimePackage.includes("musl")).toBe(target.libc === "musl");
    expect(target.runtimePackage).toContain(
      `@oven/bun-${target.os}-${target.arch === "arm64" ? "aarch64" : "x64"}`,
    );
    // x64 ships the baseline runtime (no AVX2 needed); see the note in release-targets.ts.
    expect(target.bunTarget.endsWith("-baseline")).toBe(target.arch === "x64");
    expect(target.runtimePackage.endsWith("-baseline")).toBe(target.arch === "x64");
  }
});
