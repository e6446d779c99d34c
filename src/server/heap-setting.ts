// The runtime sizes its garbage-collected heaps from the machine's memory: on a machine with many GiB a heap may
// double before it is collected, and back-to-back searches of a big tree (the Linux kernel's 78,000 files) left the
// server at 440–580 MiB and growing. Told the machine has 256 MiB (JavaScriptCore's forceRAMSize), it collects
// sooner and peaks lower with no search slower (bench/README.md, "kernel-memory"); at 128 MiB it peaked lower still
// but collected so often that whole-tree searches took 15–20 % longer. The runtime reads that setting from the
// environment only as it starts, so a compiled lapp starts itself once more with it (execve: the same process, id
// and stdio) before anything else runs. Other variables of the runtime a person set (such as a heap's growth between
// collections: bench/README.md, "kernel-memory") reach the relaunched process unchanged.

import { dlopenFirst, libcNames } from "../files/fs-native.ts";
import { cPath } from "../text/byte-names.ts";

/** The variable JavaScriptCore's option is read from (Bun's prefix); set to 0 it keeps the runtime's own sizing. */
export const HEAP_RAM_VARIABLE = "BUN_JSC_forceRAMSize";

/** The machine size the heaps are sized for (bench/README.md, "kernel-memory", weighs 64 MiB to 512 MiB). */
export const HEAP_RAM_BYTES = 256 * 1024 * 1024;

export interface Relaunch {
  file: string;
  args: string[];
  env: Record<string, string | undefined>;
}

/**
 * The execve that gives this process the heap setting, or undefined when none is needed: the variable is already
 * set (by the relaunch itself, or by a person who wants another value — 0 for the runtime's default), lapp runs
 * from its sources (its executable is the runtime, not lapp), or the system has no execve (Windows).
 */
export function heapRelaunch(
  env: Record<string, string | undefined>,
  args: readonly string[],
  runtime: { platform: string; execPath: string; compiled: boolean },
): Relaunch | undefined {
  if (env[HEAP_RAM_VARIABLE] !== undefined) return undefined;
  if (!runtime.compiled || runtime.platform === "win32") return undefined;
  return {
    file: runtime.execPath,
    args: [runtime.execPath, ...args],
    env: { ...env, [HEAP_RAM_VARIABLE]: String(HEAP_RAM_BYTES) },
  };
}

/** A compiled executable's modules live in Bun's embedded file system (`/$bunfs/` on POSIX). */
export function runsCompiled(mainPath: string): boolean {
  return mainPath.startsWith("/$bunfs/") || mainPath.includes("~BUN");
}

/**
 * Replaces this process with itself under the heap setting when it needs one; returns when it does not, or when
 * the execve failed (lapp then serves with the runtime's own sizing: more memory, nothing else lost).
 */
export function relaunchWithHeapSetting(args: readonly string[]): void {
  const relaunch = heapRelaunch(process.env, args, {
    platform: process.platform,
    execPath: process.execPath,
    compiled: runsCompiled(Bun.main),
  });
  if (relaunch === undefined) return;
  try {
    execve(relaunch);
  } catch {
    // serve as is
  }
}

/** Where execve's buffers are held until it returned (see execve). */
const keptUntilHere: unknown[] = [];

/**
 * libc's execve, which returns only when it fails (qemu-user without binfmt_misc cannot start an arm64 binary
 * again, for one). Not Node's process.execve: Bun prints an "experimental feature" warning on stderr for it when
 * the call fails, and stderr must stay silent under a client.
 */
export function execve(relaunch: Relaunch): void {
  const { dlopen, FFIType, ptr } = require("bun:ffi") as typeof import("bun:ffi");
  const libc = dlopenFirst(dlopen, libcNames(), {
    execve: { args: [FFIType.ptr, FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
  });
  if (!libc) return;
  const file = cPath(relaunch.file);
  const args = relaunch.args.map(cPath);
  const env = Object.entries(relaunch.env)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => cPath(`${name}=${value}`));
  // argv and envp: the strings' addresses, then a null pointer. Every buffer an address was taken of is held in a
  // constant used after the call, so no collection (the tables' own allocation may start one) frees it before.
  const table = (strings: Buffer[]) => BigUint64Array.from([...strings.map((text) => BigInt(ptr(text))), 0n]);
  const argv = table(args);
  const envp = table(env);
  libc.symbols.execve(ptr(file), ptr(argv), ptr(envp));
  libc.close();
  keptUntilHere.push(file, args, env, argv, envp);
  keptUntilHere.length = 0;
}
