// SHA256SUMS as written by dist and read by formula/verify-release, compatible with sha256sum -c.
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseChecksums, renderChecksums, sha256Hex } from "../../scripts/checksums.ts";

const A = "a".repeat(64);
const B = "b".repeat(64);

test("renders sha256sum lines sorted by name", () => {
  expect(
    renderChecksums(
      new Map([
        ["z.zip", A],
        ["a.tar.gz", B],
      ]),
    ),
  ).toBe(`${B}  a.tar.gz\n${A}  z.zip\n`);
});

test("parses text and binary mode lines, CRLF and upper-case hex", () => {
  const parsed = parseChecksums(`${A.toUpperCase()}  one.tar.gz\r\n${B} *two.zip\n\n`);
  expect(parsed).toEqual({
    ok: true,
    sums: new Map([
      ["one.tar.gz", A],
      ["two.zip", B],
    ]),
  });
});

test.each([
  ["a malformed line", `${A}  ok\nnot a checksum line\n`, "line 2"],
  ["a short hash", `${"a".repeat(63)}  x\n`, "line 1"],
  ["a name listed twice", `${A}  x\n${B}  x\n`, "second time"],
  ["an empty file", "\n", "no checksums"],
])("refuses %s", (_name, text, problem) => {
  const parsed = parseChecksums(text);
  expect(parsed.ok).toBe(false);
  if (!parsed.ok) expect(parsed.problem).toContain(problem);
});

test("what renderChecksums writes, sha256sum -c accepts", () => {
  const dir = mkdtempSync(join(tmpdir(), "lapp-sums-"));
  try {
    const sums = new Map<string, string>();
    for (const [name, text] of [
      ["lapp-linux-x64.tar.gz", "one"],
      ["lapp-windows-x64.zip", "two"],
    ] as const) {
      writeFileSync(join(dir, name), text);
      sums.set(name, sha256Hex(new TextEncoder().encode(text)));
    }
    writeFileSync(join(dir, "SHA256SUMS"), renderChecksums(sums));
    const checker = Bun.which("sha256sum")
      ? ["sha256sum", "-c", "SHA256SUMS"]
      : ["shasum", "-a", "256", "-c", "SHA256SUMS"];
    const result = Bun.spawnSync(checker, { cwd: dir, stdout: "pipe" });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.toString()).toContain("lapp-windows-x64.zip: OK");
    writeFileSync(join(dir, "lapp-windows-x64.zip"), "tampered");
    expect(Bun.spawnSync(checker, { cwd: dir, stdout: "pipe", stderr: "pipe" }).exitCode).not.toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
