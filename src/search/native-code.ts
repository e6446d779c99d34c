// lapp_grep's native code (native-libc.c, beneath.c, window-scan.c, find-runs.c, line-automaton.c, prefilter.c,
// list-directory.c),
// compiled together on first use by the TinyCC that every Bun build carries, once per thread. TinyCC compiles a
// file by name: the sources go into an anonymous memory file, so nothing is written to disk. It links nothing
// (-nostdlib), so no libc development files are needed: the few libc functions the code calls are looked up here
// with dlsym and bound before any other call.
// Null on a platform, architecture or libc where any of that cannot be done: every caller then does the same work
// in JavaScript (`LAPP_NO_NATIVE_SEARCH=1` asks for that too).

import { closeSync, writeSync } from "node:fs";
import { dlopenFirst, LINUX_LIBC_NAMES, loadOnce } from "../files/fs-native.ts";
import { cPath } from "../text/byte-names.ts";
import beneathSource from "./beneath.c" with { type: "text" };
import findRunsSource from "./find-runs.c" with { type: "text" };
import listDirectorySource from "./list-directory.c" with { type: "text" };
import libcSource from "./native-libc.c" with { type: "text" };
import lineAutomatonSource from "./line-automaton.c" with { type: "text" };
import prefilterSource from "./prefilter.c" with { type: "text" };
import windowScanSource from "./window-scan.c" with { type: "text" };

/** The libc functions native-libc.c binds, in the order of its table. */
const LIBC_FUNCTIONS = [
  "open",
  "openat",
  "readlink",
  "strlen",
  "memcmp",
  "pread",
  "close",
  "syscall",
  "memchr",
  "memrchr",
  "memmem",
  "memmove",
  "memcpy",
];
const MFD_CLOEXEC = 1;

function symbolsOf(FFIType: typeof import("bun:ffi").FFIType) {
  const { i32, f64, ptr, cstring, void: none } = FFIType;
  return {
    lapp_bind: { args: [ptr], returns: none },
    lapp_prefilter: {
      // prettier-ignore
      args: [
        cstring, cstring, i32, // root, directory, directory_flags
        ptr, i32, i32, // names, count, flags
        ptr, ptr, ptr, i32, i32, i32, i32, // run_bytes, run_lengths, run_rares, run_count, anchor, caseless, any_of
        ptr, ptr, i32, ptr, i32, ptr, i32, i32, // automaton_classes, _table, _accepting, _skip (count), _pairs (count), _anchored
        f64, ptr, ptr, i32, // max_bytes, leads, buffer, buffer_length
        ptr, ptr, ptr, ptr, // statuses, descriptors, count_only, counts
      ],
      returns: i32,
    },
    lapp_list_directory: { args: [cstring, cstring, i32, ptr, i32], returns: i32 },
    lapp_forget_root: { args: [], returns: none },
    lapp_opens_beneath: { args: [cstring, i32], returns: i32 },
  } as const;
}

export type NativeCode = ReturnType<typeof compile<ReturnType<typeof symbolsOf>>>["symbols"];

/** `text` as a C string; a text holding a NUL (never a real root) as the empty one, which the C code takes as none. */
export function cString(text: string): Buffer {
  return cPath(text);
}

/** Lets this thread's kept root descriptor go (beneath.c): the next open keeps it anew, checked again. */
export function forgetKeptRoot(): void {
  nativeCode()?.lapp_forget_root();
}

/** The search this thread last worked for (the engine numbers them: SearchSpec.search). */
let currentSearch: number | undefined;

/**
 * Called as a walk or a batch begins on this thread: the first of a new search lets the kept root go, so a root
 * replaced by a new folder at its path is searched as it is now. Unnumbered work (no engine) always does.
 */
export function enterSearch(search: number | undefined): void {
  if (search !== undefined && search === currentSearch) return;
  currentSearch = search;
  forgetKeptRoot();
}

/** This thread's compiled functions; null where there are none. */
export const nativeCode: () => NativeCode | null = loadOnce(load);

function load(): NativeCode | null {
  if (process.env.LAPP_NO_NATIVE_SEARCH === "1") return null;
  if (process.platform !== "linux" || (process.arch !== "x64" && process.arch !== "arm64")) return null;
  const ffi = require("bun:ffi") as typeof import("bun:ffi");
  const table = libcTable(ffi);
  const source = [
    libcSource,
    beneathSource,
    windowScanSource,
    findRunsSource,
    lineAutomatonSource,
    prefilterSource,
    listDirectorySource,
  ].join("\n");
  const { symbols } = compile(ffi, source, symbolsOf(ffi.FFIType));
  symbols.lapp_bind(table);
  return symbols;
}

/** The addresses of LIBC_FUNCTIONS in this process (dlsym with RTLD_DEFAULT: libc is loaded already). */
function libcTable(ffi: typeof import("bun:ffi")): BigUint64Array {
  const { ptr, cstring } = ffi.FFIType;
  // dlsym is in libc (glibc 2.34+, musl) or, before glibc 2.34, in libdl.
  const dl = dlopenFirst(ffi.dlopen, [...LINUX_LIBC_NAMES, "libdl.so.2"], {
    dlsym: { args: [ptr, cstring], returns: ptr },
  });
  if (!dl) throw new Error("no dlsym");
  try {
    const table = new BigUint64Array(LIBC_FUNCTIONS.length);
    LIBC_FUNCTIONS.forEach((name, index) => {
      const address = dl.symbols.dlsym(null, Buffer.from(`${name}\0`)) as number | null;
      if (!address) throw new Error(`no ${name} in libc`);
      table[index] = BigInt(address);
    });
    return table;
  } finally {
    dl.close();
  }
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
    return ffi.cc({ source: `/proc/self/fd/${fd}`, flags: ["-std=c11", "-nostdlib"], symbols });
  } finally {
    closeSync(fd);
  }
}
