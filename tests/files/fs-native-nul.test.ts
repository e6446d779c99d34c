// Names handed to libc through FFI are C strings, which end at the first NUL: a name holding one would name another
// file ("a.txt\0b" is "a.txt"). fs-native refuses such names with EINVAL, as Node's own fs refuses such paths.
import { afterAll, expect, test } from "bun:test";
import { closeSync, constants, openSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nativeFs } from "../../src/files/fs-native.ts";
import { makeTempRoot } from "../support/lapp-session.ts";

const temp = makeTempRoot("lapp-fs-native-nul-");
afterAll(() => rmSync(temp, { recursive: true, force: true }));

test.skipIf(nativeFs() === null)(
  "every call refuses a name holding a NUL instead of cutting it short",
  () => {
    const native = nativeFs()!;
    writeFileSync(join(temp, "a.txt"), "x");
    const dir = openSync(temp, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      const calls: Array<[string, () => unknown]> = [
        ["openat", () => native.openat(dir, "a.txt\0b", constants.O_RDONLY)],
        ["renameat", () => native.renameat(dir, "a.txt\0b", dir, "c.txt")],
        ["linkat", () => native.linkat(dir, "a.txt", dir, "d.txt\0e")],
        ["unlinkat", () => native.unlinkat(dir, "a.txt\0b")],
        ["mkdirat", () => native.mkdirat(dir, "sub\0dir", 0o755)],
      ];
      for (const [syscall, call] of calls) {
        let caught: NodeJS.ErrnoException | undefined;
        try {
          call();
        } catch (error) {
          caught = error as NodeJS.ErrnoException;
        }
        expect({ syscall, code: caught?.code }).toEqual({ syscall, code: "EINVAL" });
      }
      // Nothing happened to the file the cut-short names would have named.
      const intact = native.openat(dir, "a.txt", constants.O_RDONLY);
      expect(intact).toBeGreaterThan(0);
      closeSync(intact);
    } finally {
      closeSync(dir);
    }
  },
);
