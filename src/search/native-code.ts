// lapp_grep's native code (prefilter.c, list-directory.c), compiled together on first use by the TinyCC that every
// Bun build carries, once per thread. TinyCC compiles a file by name: the sources go into an anonymous memory file,
// so nothing is written to disk. Null on a platform, architecture or libc where that cannot be done: every caller
// then does the same work in JavaScript (`LAPP_NO_NATIVE_SEARCH=1` asks for that too).

import { closeSync, writeSync } from "node:fs";
import { dlopenFirst, LINUX_LIBC_NAMES, loadOnce } from "../files/fs-native.ts";
import listDirectorySource from "./list-directory.c" with { type: "text" };
import prefilterSource from "./prefilter.c" with { type: "text" };

const MFD_CLOEXEC = 1;

function symbolsOf(FFIType: typeof import("bun:ffi").FFIType) {
  const { i32, f64, ptr, cstring } = FFIType;
  return {
    lapp_prefilter: {
      args: [cstring, i32, ptr, i32, i32, ptr, ptr, i32, i32, f64, ptr, ptr, i32, ptr, ptr],
      returns: i32,
    },
    lapp_list_directory: { args: [cstring, i32, ptr, i32], returns: i32 },
  } as const;
}

export type NativeCode = ReturnType<typeof compile<ReturnType<typeof symbolsOf>>>["symbols"];

/** This thread's compiled functions; null where there are none. */
export const nativeCode: () => NativeCode | null = loadOnce(load);

function load(): NativeCode | null {
  if (process.env.LAPP_NO_NATIVE_SEARCH === "1") return null;
  if (process.platform !== "linux" || (process.arch !== "x64" && process.arch !== "arm64")) return null;
  const ffi = require("bun:ffi") as typeof import("bun:ffi");
  return compile(ffi, `${prefilterSource}\n${listDirectorySource}`, symbolsOf(ffi.FFIType)).symbols;
}

function compile<Symbols extends Record<string, import("bun:ffi").FFIFunction>>(
  ffi: typeof import("bun:ffi"),
  source: string,
  symbols: Symbols,
) {
  const { i32, u32, cstring } = ffi.FFIType;
  const libc = dlopenFirst(ffi.dlopen, LINUX_LIBC_NAMES, {
    memfd_create: { args: [cstring, u32], returns: i32 },
  });
  if (!libc) throw new Error("no libc with memfd_create");
  const fd = libc.symbols.memfd_create(Buffer.from("lapp-native\0"), MFD_CLOEXEC) as number;
  libc.close();
  if (fd < 0) throw new Error("memfd_create failed");
  try {
    writeSync(fd, source);
    return ffi.cc({ source: `/proc/self/fd/${fd}`, symbols });
  } finally {
    closeSync(fd);
  }
}
