// Issue 27, item 6: the libc binding checks itself at first use (a few descriptor-relative calls in a temporary
// folder, compared with node:fs) and is not used when anything disagrees. The real binding of this machine passes;
// bindings that misbehave the ways an untested platform's could (arguments swapped, a wrong errno, a flag or a
// constant lost, a link that is a copy) are each refused, with one line saying why.
import { describe, expect, test } from "bun:test";
import { constants, copyFileSync } from "node:fs";
import { checkBinding } from "../../src/files/fs-native-check.ts";
import { checked, loadLibc, nativeFsRefusal, type NativeFs } from "../../src/files/fs-native.ts";

const real = loadLibc();

/** The real binding with one call replaced. */
const misbehaving = (change: (real: NativeFs) => Partial<NativeFs>): NativeFs => ({
  ...real!,
  ...change(real!),
});

/** A directory descriptor's path, for the binding that copies instead of linking. */
const pathOf = (fd: number) => `/proc/self/fd/${fd}`;

const WRONG: Record<string, NativeFs | (() => NativeFs)> = {
  "renameat with its arguments swapped": misbehaving((libc) => ({
    renameat: (fromDir, from, toDir, to) => libc.renameat(toDir, to, fromDir, from),
  })),
  "errno read from the wrong place": misbehaving((libc) => ({
    openat: (dir, name, flags, mode) => {
      try {
        return libc.openat(dir, name, flags, mode);
      } catch (error) {
        throw Object.assign(error as Error, { code: "EIO" });
      }
    },
  })),
  "O_NOFOLLOW lost on the way": misbehaving((libc) => ({
    openat: (dir, name, flags, mode) => libc.openat(dir, name, flags & ~(constants.O_NOFOLLOW ?? 0), mode),
  })),
  "AT_REMOVEDIR of the wrong value": misbehaving((libc) => ({
    unlinkat: (dir, name) => libc.unlinkat(dir, name, false),
  })),
  "a link that is a copy": misbehaving(() => ({
    linkat: (fromDir, from, toDir, to) =>
      copyFileSync(`${pathOf(fromDir)}/${from}`, `${pathOf(toDir)}/${to}`),
  })),
  "O_DIRECTORY lost on the way": misbehaving((libc) => ({
    openat: (dir, name, flags, mode) => libc.openat(dir, name, flags & ~(constants.O_DIRECTORY ?? 0), mode),
  })),
  "renameat that says it renamed": misbehaving(() => ({ renameat: () => {} })),
};

describe.if(real !== null)("the libc binding's self-check", () => {
  test("this machine's binding passes it", () => {
    expect(checkBinding(real!)).toEqual({ binding: real! });
    expect(checked(real!)).toBe(real!);
  });

  for (const [name, binding] of Object.entries(WRONG)) {
    test(`refuses ${name}`, () => {
      const verdict = checkBinding(binding as NativeFs);
      expect("refused" in verdict).toBe(true);
      expect(checked(binding as NativeFs)).toBeNull();
      expect(nativeFsRefusal()).toStartWith("lapp: the descriptor-relative file calls");
      expect(nativeFsRefusal()).toContain((verdict as { refused: string }).refused);
    });
  }
});

test("no binding is no binding: nothing to check", () => {
  expect(checked(null)).toBeNull();
});
