// The release archive writers, checked by the system's own tar and unzip, as users will open them.
import { afterAll, expect, test } from "bun:test";
import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tarGz, zip } from "../../scripts/archive.ts";

const scratch = mkdtempSync(join(tmpdir(), "lapp-archive-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;

function extract(
  kind: "tar" | "zip",
  archive: Uint8Array,
  name: string,
): { bytes: Buffer; mode: number; mtime: number } {
  const dir = join(scratch, `x${++counter}`);
  Bun.spawnSync(["mkdir", dir]);
  const file = join(dir, kind === "tar" ? "a.tar.gz" : "a.zip");
  writeFileSync(file, archive);
  const command = kind === "tar" ? ["tar", "-xzf", file] : ["unzip", "-q", file];
  const result = Bun.spawnSync(command, { cwd: dir, stderr: "pipe" });
  expect(result.stderr.toString()).toBe("");
  expect(result.exitCode).toBe(0);
  const stat = statSync(join(dir, name));
  return {
    bytes: readFileSync(join(dir, name)),
    mode: stat.mode & 0o777,
    mtime: Math.floor(stat.mtimeMs / 1000),
  };
}

const MTIME = 1_764_444_000; // 2025-11-29T19:20:00Z (even seconds: zip stores two-second steps)

test("tar.gz and zip round-trip contents, mode and time through tar and unzip", () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom(511, 512, 513, 1024).map((n) => new Uint8Array(n).fill(7)),
      ),
      fc.constantFrom(0o755, 0o644),
      (bytes, mode) => {
        const tar = extract("tar", tarGz({ name: "lapp", bytes, mode, mtime: MTIME }), "lapp");
        expect(new Uint8Array(tar.bytes)).toEqual(bytes);
        expect(tar.mode).toBe(mode);
        expect(tar.mtime).toBe(MTIME);
        const unzipped = extract("zip", zip({ name: "lapp.exe", bytes, mode, mtime: MTIME }), "lapp.exe");
        expect(new Uint8Array(unzipped.bytes)).toEqual(bytes);
        expect(unzipped.mode).toBe(mode);
      },
    ),
    { numRuns: 12 },
  );
});

test("zip stores the time in UTC, whatever the build machine's zone", () => {
  const zone = process.env.TZ;
  process.env.TZ = "Asia/Kolkata"; // +05:30, so local fields would differ from UTC ones
  const archive = zip({ name: "lapp.exe", bytes: new Uint8Array([1, 2, 3]), mode: 0o755, mtime: MTIME });
  process.env.TZ = zone;
  writeFileSync(join(scratch, "tz.zip"), archive);
  const result = Bun.spawnSync(["unzip", "-Z", "-T", join(scratch, "tz.zip")], { stdout: "pipe" });
  expect(result.stdout.toString()).toContain("20251129.192000");
});

test("the same input gives the same archive bytes", () => {
  const entry = { name: "lapp", bytes: new TextEncoder().encode("same"), mode: 0o755, mtime: MTIME };
  expect(tarGz(entry)).toEqual(tarGz(entry));
  expect(zip(entry)).toEqual(zip(entry));
});

test("a member name over 100 bytes is refused rather than truncated", () => {
  expect(() => tarGz({ name: "x".repeat(101), bytes: new Uint8Array(), mode: 0o644, mtime: 0 })).toThrow();
});
