// Reads an executable's header (ELF, Mach-O, PE) to tell its OS, CPU and C library without running it.
// dist checks every downloaded runtime and every compiled binary with it, since most can't run on the build host.

import { closeSync, openSync, readSync } from "node:fs";
import type { TargetArch, TargetLibc, TargetOs } from "./release-targets.ts";

export interface ExecutableFormat {
  os: TargetOs;
  arch: TargetArch | "other";
  libc: TargetLibc;
}

const ELF_MACHINE: Record<number, TargetArch> = { 0x3e: "x64", 0xb7: "arm64" };
const MACHO_CPU: Record<number, TargetArch> = { 0x01000007: "x64", 0x0100000c: "arm64" };
const PE_MACHINE: Record<number, TargetArch> = { 0x8664: "x64", 0xaa64: "arm64" };
const PT_INTERP = 3;

/** The format of the executable at `path`, from its first 64 KiB (headers and loader name live there). */
export function executableFormatOf(path: string): ExecutableFormat | undefined {
  const head = new Uint8Array(1 << 16);
  const fd = openSync(path, "r");
  try {
    return executableFormat(head.subarray(0, readSync(fd, head, 0, head.length, 0)));
  } finally {
    closeSync(fd);
  }
}

/** `undefined` when the bytes are none of the three formats (e.g. a truncated download or an HTML page). */
export function executableFormat(bytes: Uint8Array): ExecutableFormat | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 64 && view.getUint32(0, false) === 0x7f454c46) return elf(bytes, view);
  if (bytes.length >= 8 && view.getUint32(0, true) === 0xfeedfacf) {
    return { os: "darwin", arch: MACHO_CPU[view.getUint32(4, true)] ?? "other", libc: "none" };
  }
  if (bytes.length >= 64 && bytes[0] === 0x4d && bytes[1] === 0x5a) return pe(view);
  return undefined;
}

function elf(bytes: Uint8Array, view: DataView): ExecutableFormat | undefined {
  // Only 64-bit little-endian ELF is published; anything else is reported as an unknown format.
  if (bytes[4] !== 2 || bytes[5] !== 1) return undefined;
  const arch = ELF_MACHINE[view.getUint16(18, true)] ?? "other";
  const programHeaders = Number(view.getBigUint64(32, true));
  const entrySize = view.getUint16(54, true);
  const entryCount = view.getUint16(56, true);
  // The dynamic loader named in PT_INTERP is what decides which libc the binary needs.
  let libc: TargetLibc = "none";
  for (let index = 0; index < entryCount; index++) {
    const at = programHeaders + index * entrySize;
    if (at + 40 > bytes.length) break;
    if (view.getUint32(at, true) !== PT_INTERP) continue;
    const offset = Number(view.getBigUint64(at + 8, true));
    const size = Number(view.getBigUint64(at + 32, true));
    const interpreter = new TextDecoder().decode(bytes.subarray(offset, offset + size));
    libc = interpreter.includes("ld-musl") ? "musl" : "glibc";
  }
  return { os: "linux", arch, libc };
}

function pe(view: DataView): ExecutableFormat | undefined {
  const header = view.getUint32(0x3c, true);
  if (header + 6 > view.byteLength || view.getUint32(header, false) !== 0x50450000) return undefined;
  return { os: "windows", arch: PE_MACHINE[view.getUint16(header + 4, true)] ?? "other", libc: "none" };
}
