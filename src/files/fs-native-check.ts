// The libc binding's self-check, at its first use: a few descriptor-relative calls in a fresh temporary folder, each
// compared with what node:fs sees. The macOS binding (constants and symbols of its own) never ran in this project's
// CI; a binding that disagrees anywhere is not used, and lapp works by paths (beneath.ts) instead.

import {
  closeSync,
  constants,
  existsSync,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { NativeFs } from "./native-fs.ts";

/** What the check found wrong, in a few words; undefined when every call did what node:fs then saw. */
function disagreement(binding: NativeFs, folder: string): string | undefined {
  const { O_WRONLY, O_RDONLY, O_CREAT, O_EXCL } = constants;
  const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
  const DIRECTORY = constants.O_DIRECTORY ?? 0;
  const failsWith = (call: () => unknown, ...codes: string[]): boolean => {
    try {
      const fd = call();
      if (typeof fd === "number") closeSync(fd);
      return false;
    } catch (error) {
      return codes.includes((error as NodeJS.ErrnoException).code ?? "");
    }
  };
  const directory = binding.openat(binding.AT_FDCWD, folder, O_RDONLY | DIRECTORY | binding.O_CLOEXEC);
  try {
    if (!fstatSync(directory).isDirectory()) return "openat of a folder";
    const created = binding.openat(directory, "a", O_WRONLY | O_CREAT | O_EXCL | binding.O_CLOEXEC, 0o600);
    try {
      // The mode is set apart, as the writer sets it: a variadic argument is not passed reliably through FFI.
      fchmodSync(created, 0o600);
      writeSync(created, "lapp");
    } finally {
      closeSync(created);
    }
    if (readFileSync(join(folder, "a"), "utf8") !== "lapp") return "openat creating a file";
    if (!failsWith(() => binding.openat(directory, "a", O_WRONLY | O_CREAT | O_EXCL, 0o600), "EEXIST"))
      return "openat O_EXCL or errno";
    if (!failsWith(() => binding.openat(directory, "missing", O_RDONLY), "ENOENT"))
      return "errno of a missing name";
    binding.mkdirat(directory, "d", 0o700);
    if (!statSync(join(folder, "d")).isDirectory()) return "mkdirat";
    binding.renameat(directory, "a", directory, "b");
    if (existsSync(join(folder, "a")) || readFileSync(join(folder, "b"), "utf8") !== "lapp")
      return "renameat";
    binding.linkat(directory, "b", directory, "c");
    if (statSync(join(folder, "c")).ino !== statSync(join(folder, "b")).ino) return "linkat";
    symlinkSync("b", join(folder, "s"));
    if (!failsWith(() => binding.openat(directory, "s", O_RDONLY | NOFOLLOW), "ELOOP", "EMLINK"))
      return "openat followed a symlink (O_NOFOLLOW)";
    if (!failsWith(() => binding.openat(directory, "b", O_RDONLY | DIRECTORY), "ENOTDIR"))
      return "openat O_DIRECTORY";
    binding.unlinkat(directory, "c");
    if (existsSync(join(folder, "c")) || !existsSync(join(folder, "b"))) return "unlinkat";
    binding.unlinkat(directory, "d", true);
    if (existsSync(join(folder, "d"))) return "unlinkat of a folder";
    if (!lstatSync(join(folder, "s")).isSymbolicLink()) return "a symlink changed";
    return undefined;
  } finally {
    closeSync(directory);
  }
}

/**
 * `binding` when it passes the check (or no temporary folder can be made to check it in: that says nothing about
 * the binding); otherwise undefined and what disagreed. Any error thrown by a call is a disagreement.
 */
export function checkBinding(binding: NativeFs): { binding: NativeFs } | { refused: string } {
  let folder: string;
  try {
    folder = mkdtempSync(join(tmpdir(), "lapp-fs-check-"));
  } catch {
    return { binding };
  }
  try {
    const wrong = disagreement(binding, folder);
    return wrong === undefined ? { binding } : { refused: wrong };
  } catch (error) {
    return { refused: (error as NodeJS.ErrnoException).code ?? String(error) };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
