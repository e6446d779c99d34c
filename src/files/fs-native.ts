// The libc calls Node's fs lacks — openat, renameat, linkat, unlinkat, mkdirat — through Bun's FFI, on Linux and
// macOS. Everything lapp creates, renames or opens inside the root goes through a directory descriptor with these.

import { constants } from "node:fs";
import { constants as osConstants } from "node:os";
import { cPath } from "../text/byte-names.ts";
import { checkBinding } from "./fs-native-check.ts";
import type { NativeFs } from "./native-fs.ts";
import { nativeCallsRefused } from "./messages.ts";

export type { NativeFs };

const ERRNO_NAMES = new Map<number, string>(
  Object.entries(osConstants.errno).map(([name, number]) => [number as number, name]),
);

/** An Error shaped like Node's fs errors (`code`, `errno`, `syscall`), so one table maps them all. */
export function errnoError(errno: number, syscall: string): NodeJS.ErrnoException {
  const code = ERRNO_NAMES.get(errno) ?? `E${errno}`;
  const error = new Error(`${code}: ${syscall} failed`) as NodeJS.ErrnoException;
  error.code = code;
  error.errno = -errno;
  error.syscall = syscall;
  return error;
}

/** Where libc may be found on Linux: glibc, then musl (Alpine) on either architecture. */
export const LINUX_LIBC_NAMES = ["libc.so.6", "libc.musl-x86_64.so.1", "libc.musl-aarch64.so.1", "libc.so"];

/** Where libc may be found on this system (Linux or macOS). */
export function libcNames(): readonly string[] {
  return process.platform === "linux" ? LINUX_LIBC_NAMES : ["/usr/lib/libSystem.B.dylib", "libc.dylib"];
}

/** A loader run on the first call only; a loader that throws gives null, like one that finds nothing. */
export function loadOnce<T>(load: () => T | null): () => T | null {
  let loaded: T | null | undefined;
  return () => {
    if (loaded !== undefined) return loaded;
    try {
      loaded = load();
    } catch {
      loaded = null;
    }
    return loaded;
  };
}

/** The first of `names` that dlopen loads with `symbols`; undefined when none does. */
export function dlopenFirst<Symbols extends Record<string, import("bun:ffi").FFIFunction>>(
  dlopen: typeof import("bun:ffi").dlopen,
  names: readonly string[],
  symbols: Symbols,
): ReturnType<typeof dlopen<Symbols>> | undefined {
  for (const name of names) {
    try {
      return dlopen(name, symbols);
    } catch {
      // try the next name
    }
  }
  return undefined;
}

/** Why the binding that loaded was not used (its self-check disagreed with node:fs), for one log line. */
let refusal: string | undefined;

/**
 * Null where no FFI binding exists (Windows, or a libc that cannot be loaded) or where the one that loads fails its
 * self-check (fs-native-check.ts): callers fall back to paths.
 */
export const nativeFs: () => NativeFs | null = loadOnce(() => checked(load()));

/** A binding that passes its self-check, else null (and the refusal noted for nativeFsRefusal). */
export function checked(binding: NativeFs | null): NativeFs | null {
  if (binding === null) return null;
  const verdict = checkBinding(binding);
  if ("binding" in verdict) return verdict.binding;
  refusal = nativeCallsRefused(verdict.refused);
  return null;
}

/** The log line saying the binding was refused, once it was (after nativeFs()); undefined otherwise. */
export function nativeFsRefusal(): string | undefined {
  return refusal;
}

function load(): NativeFs | null {
  if (process.env.LAPP_NO_NATIVE_FS === "1") return null;
  return loadLibc();
}

/** libc's calls through FFI, unchecked; null where there is no such binding (Windows) or libc does not load. */
export function loadLibc(): NativeFs | null {
  const linux = process.platform === "linux";
  const mac = process.platform === "darwin";
  if (!linux && !mac) return null;
  // Required lazily: bun:ffi exists in every Bun build, but nothing should load it on Windows.
  const { dlopen, FFIType, read } = require("bun:ffi") as typeof import("bun:ffi");
  const { i32, u32, cstring, ptr } = FFIType;
  const symbols = {
    openat: { args: [i32, cstring, i32, u32], returns: i32 },
    renameat: { args: [i32, cstring, i32, cstring], returns: i32 },
    linkat: { args: [i32, cstring, i32, cstring, i32], returns: i32 },
    unlinkat: { args: [i32, cstring, i32], returns: i32 },
    mkdirat: { args: [i32, cstring, u32], returns: i32 },
    [linux ? "__errno_location" : "__error"]: { args: [], returns: ptr },
  } as const;
  const lib = dlopenFirst(dlopen, libcNames(), symbols);
  if (!lib) return null;
  const s = lib.symbols as unknown as Record<string, (...args: unknown[]) => number> & {
    __errno_location?: () => number;
    __error?: () => number;
  };
  const errnoPointer = (linux ? s.__errno_location : s.__error)!;
  const errno = () => read.i32(errnoPointer() as never, 0);
  // A C string ends at its first NUL: a name holding one would name another file, so it is refused (as Node's fs
  // refuses such paths) instead of being cut short. Escaped bytes go as the bytes they stand for (byte-names.ts).
  const EINVAL = osConstants.errno.EINVAL;
  const cstr = (text: string, syscall: string) => {
    if (text.includes("\0")) throw errnoError(EINVAL, syscall);
    return cPath(text);
  };
  const check = (result: number, syscall: string): number => {
    if (result < 0) throw errnoError(errno(), syscall);
    return result;
  };
  const AT_REMOVEDIR = linux ? 0x200 : 0x80;
  return {
    AT_FDCWD: linux ? -100 : -2,
    O_CLOEXEC: linux ? 0o2000000 : 0x01000000,
    openat: (dirFd, name, flags, mode = 0) =>
      check(s.openat!(dirFd, cstr(name, "openat"), flags, mode), "openat"),
    renameat: (fromDir, from, toDir, to) => {
      check(s.renameat!(fromDir, cstr(from, "renameat"), toDir, cstr(to, "renameat")), "renameat");
    },
    linkat: (fromDir, from, toDir, to) => {
      check(s.linkat!(fromDir, cstr(from, "linkat"), toDir, cstr(to, "linkat"), 0), "linkat");
    },
    unlinkat: (dirFd, name, removeDirectory = false) => {
      check(s.unlinkat!(dirFd, cstr(name, "unlinkat"), removeDirectory ? AT_REMOVEDIR : 0), "unlinkat");
    },
    mkdirat: (dirFd, name, mode) => {
      check(s.mkdirat!(dirFd, cstr(name, "mkdirat"), mode), "mkdirat");
    },
  };
}

/** Flags every descriptor-relative open uses: never follow the last name, never block on a FIFO. */
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
export const NONBLOCK = constants.O_NONBLOCK ?? 0;
export const DIRECTORY = constants.O_DIRECTORY ?? 0;
