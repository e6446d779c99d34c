// grep's native prefilter (prefilter.c): decides, for a run of files in one checked directory, the files that
// cannot match a search's required runs of text — in one call, instead of a JavaScript open, read and scan per file.
// Compiled on first use by Bun's built-in TinyCC, per thread; on a platform, architecture or libc where that
// fails, there is no prefilter and every file is searched by JavaScript as before.

import { closeSync, constants, writeSync } from "node:fs";
import { dlopenFirst, LINUX_LIBC_NAMES, loadOnce, NOFOLLOW, NONBLOCK } from "../files/fs-native.ts";
import { SIGNATURE_LEADS } from "../text/binary.ts";
import source from "./prefilter.c" with { type: "text" };

/** Per-file answers (prefilter.c says when each is given). */
export const PREFILTER = { noMatch: 0, binary: 1, unreadable: 2, undecided: 3 } as const;

export interface Decisions {
  /** One status per name. */
  statuses: Uint8Array;
  /** Per name, an undecided file's descriptor, left open for the caller to search and close; else -1. */
  descriptors: Int32Array;
}

/** Runs of ASCII every matching line holds in this order (matcher.ts), the one looked for first at `anchor`. */
export interface RequiredRunBytes {
  runs: readonly Uint8Array[];
  anchor: number;
}

export interface Prefilter {
  /** Decides the files named (each inside the directory open as `dirFd`). */
  decide(dirFd: number, names: readonly string[], required: RequiredRunBytes, maxBytes: number): Decisions;
}

/** The buffer a file is read through after ripgrep's first 64 KiB fill: lines up to this long are told apart. */
const BUFFER_BYTES = 256 * 1024;
const MFD_CLOEXEC = 1;
/** The open flags of a searched file (read-file.ts): no-follow, non-blocking, close-on-exec. */
const OPEN_FLAGS = constants.O_RDONLY | NOFOLLOW | NONBLOCK | 0o2000000;

/** This thread's prefilter, compiled on the first call; null where there is none. */
export const nativePrefilter: () => Prefilter | null = loadOnce(load);

function load(): Prefilter | null {
  if (process.env.LAPP_NO_NATIVE_SEARCH === "1") return null;
  if (process.platform !== "linux" || (process.arch !== "x64" && process.arch !== "arm64")) return null;
  const { cc, dlopen, FFIType } = require("bun:ffi") as typeof import("bun:ffi");
  const { i32, u32, f64, ptr, cstring } = FFIType;
  // TinyCC compiles a file by name: the source goes into an anonymous memory file, nothing is written to disk.
  const libc = dlopenFirst(dlopen, LINUX_LIBC_NAMES, {
    memfd_create: { args: [cstring, u32], returns: i32 },
  });
  if (!libc) return null;
  let compiled;
  const fd = libc.symbols.memfd_create(Buffer.from("lapp-prefilter\0"), MFD_CLOEXEC) as number;
  libc.close();
  if (fd < 0) return null;
  try {
    writeSync(fd, source);
    compiled = cc({
      source: `/proc/self/fd/${fd}`,
      symbols: {
        lapp_prefilter: {
          args: [i32, ptr, i32, i32, ptr, ptr, i32, i32, f64, ptr, ptr, i32, ptr, ptr],
          returns: i32,
        },
      },
    });
  } finally {
    closeSync(fd);
  }
  const run = compiled.symbols.lapp_prefilter;
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  const leads = Buffer.from(SIGNATURE_LEADS);
  return {
    decide(dirFd, names, required, maxBytes) {
      const statuses = new Uint8Array(names.length);
      const descriptors = new Int32Array(names.length);
      const joined = Buffer.from(`${names.join("\0")}\0`);
      const runBytes = Buffer.concat(required.runs);
      const runLengths = Int32Array.from(required.runs, (run) => run.length);
      run(
        dirFd,
        joined,
        names.length,
        OPEN_FLAGS,
        runBytes,
        runLengths,
        runLengths.length,
        required.anchor,
        maxBytes,
        leads,
        buffer,
        buffer.length,
        statuses,
        descriptors,
      );
      return { statuses, descriptors };
    },
  };
}
