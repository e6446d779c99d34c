// The descriptor-relative calls lapp needs from the system (openat, renameat, linkat, unlinkat, mkdirat), as a
// binding gives them: fs-native.ts makes one from libc, fs-native-check.ts checks one against node:fs.

export interface NativeFs {
  /** `openat(dirFd, name, flags, mode)`; throws an errno error (`.code` like Node's) on failure. */
  openat(dirFd: number, name: string, flags: number, mode?: number): number;
  renameat(fromDir: number, from: string, toDir: number, to: string): void;
  /** Hard link without following a symlink (flags 0). */
  linkat(fromDir: number, from: string, toDir: number, to: string): void;
  unlinkat(dirFd: number, name: string, removeDirectory?: boolean): void;
  mkdirat(dirFd: number, name: string, mode: number): void;
  readonly AT_FDCWD: number;
  readonly O_CLOEXEC: number;
}
