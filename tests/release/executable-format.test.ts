// Telling a binary's OS, CPU and libc from its header, on real binaries and on minimal hand-made headers.
import { describe, expect, test } from "bun:test";
import { executableFormat, executableFormatOf } from "../../scripts/executable-format.ts";

/** A 64-bit little-endian ELF header with one PT_INTERP program header naming `interpreter`. */
function elf(machine: number, interpreter: string | undefined): Uint8Array {
  const bytes = new Uint8Array(256);
  const view = new DataView(bytes.buffer);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1], 0);
  view.setUint16(18, machine, true);
  view.setBigUint64(32, 64n, true); // program headers right after the ELF header
  view.setUint16(54, 56, true);
  view.setUint16(56, interpreter === undefined ? 0 : 1, true);
  if (interpreter !== undefined) {
    view.setUint32(64, 3, true); // PT_INTERP
    view.setBigUint64(72, 128n, true);
    view.setBigUint64(96, BigInt(interpreter.length + 1), true);
    bytes.set(new TextEncoder().encode(interpreter), 128);
  }
  return bytes;
}

function macho(cpu: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(32));
  view.setUint32(0, 0xfeedfacf, true);
  view.setUint32(4, cpu, true);
  return new Uint8Array(view.buffer);
}

function pe(machine: number): Uint8Array {
  const bytes = new Uint8Array(256);
  const view = new DataView(bytes.buffer);
  bytes.set([0x4d, 0x5a], 0);
  view.setUint32(0x3c, 0x80, true);
  bytes.set([0x50, 0x45, 0, 0], 0x80);
  view.setUint16(0x84, machine, true);
  return bytes;
}

describe("executableFormat", () => {
  test("recognises the Bun running this test as this machine's platform", () => {
    const format = executableFormatOf(process.execPath);
    expect(format?.os).toBe(
      process.platform === "win32" ? "windows" : (process.platform as "linux" | "darwin"),
    );
    expect(format?.arch).toBe(process.arch === "arm64" ? "arm64" : "x64");
    if (process.platform === "linux") expect(["glibc", "musl"]).toContain(format?.libc ?? "missing");
  });

  test.each([
    ["glibc x64", elf(0x3e, "/lib64/ld-linux-x86-64.so.2"), { os: "linux", arch: "x64", libc: "glibc" }],
    ["musl arm64", elf(0xb7, "/lib/ld-musl-aarch64.so.1"), { os: "linux", arch: "arm64", libc: "musl" }],
    ["static x64", elf(0x3e, undefined), { os: "linux", arch: "x64", libc: "none" }],
    ["riscv", elf(0xf3, "/lib/ld-linux-riscv64-lp64d.so.1"), { os: "linux", arch: "other", libc: "glibc" }],
    ["Mach-O arm64", macho(0x0100000c), { os: "darwin", arch: "arm64", libc: "none" }],
    ["Mach-O x64", macho(0x01000007), { os: "darwin", arch: "x64", libc: "none" }],
    ["PE x64", pe(0x8664), { os: "windows", arch: "x64", libc: "none" }],
    ["PE arm64", pe(0xaa64), { os: "windows", arch: "arm64", libc: "none" }],
  ])("%s", (_name, bytes, expected) => {
    expect(executableFormat(bytes)).toEqual(expected as never);
  });

  test.each([
    ["an HTML error page", new TextEncoder().encode("<!DOCTYPE html><html>Not Found</html>".padEnd(300))],
    ["a truncated ELF", elf(0x3e, undefined).subarray(0, 20)],
    [
      "an MZ file without a PE header",
      new Uint8Array(128).fill(0).map((_, i) => (i === 0 ? 0x4d : i === 1 ? 0x5a : 0)),
    ],
    ["nothing", new Uint8Array()],
  ])("%s is no executable", (_name, bytes) => {
    expect(executableFormat(bytes)).toBeUndefined();
  });
});
