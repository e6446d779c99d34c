// Opens paths inside the root the only safe way: from a descriptor of the root, one name at a time, never following
// a symlink, then checks what was opened really is where it should be. Creates, renames and links happen relative
// to that verified directory descriptor, so a directory swapped for a symlink mid-call cannot redirect any of it.

import {
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmdirSync,
  unlinkSync,
} from "node:fs";
import { decodeName, fsPath } from "../text/byte-names.ts";
import { hostLocator, locatedAsOpened, locatedAt, locatedIn } from "./descriptor-location.ts";
import { DIRECTORY, errnoError, nativeFs, NOFOLLOW, NONBLOCK, type NativeFs } from "./fs-native.ts";
import { listNamed, type NamedEntry } from "../disk/list-names.ts";
import { joinName, samePath } from "./path-spelling.ts";
import { ESCAPED } from "../disk/errno.ts";

/** A directory inside the root, opened and verified; every operation names an entry of exactly this directory. */
export interface DirectoryHandle {
  /** The directory's real path when it was verified (for messages and the path-based fallback). */
  readonly path: string;
  /** Opens an entry; O_NOFOLLOW and O_CLOEXEC are always added. Throws Node-style errno errors. */
  open(name: string, flags: number, mode?: number): number;
  rename(from: string, to: string): void;
  link(from: string, to: string): void;
  unlink(name: string): void;
  rmdir(name: string): void;
  mkdir(name: string, mode?: number): void;
  /** Opens a subdirectory (no symlink) as a handle of its own. */
  child(name: string): DirectoryHandle;
  /** The entries with their exact names (src/text/byte-names.ts). */
  list(): NamedEntry[];
  sync(): void;
  close(): void;
}

const realRoots = new Map<string, string>();

/** The root's own real path (its ancestors are the user's choice and trusted), cached per root. */
function realRoot(root: string): string {
  let real = realRoots.get(root);
  if (real === undefined) {
    real = realPathOf(root);
    realRoots.set(root, real);
  }
  return real;
}

const join = (directory: string, name: string) => joinName(directory, name);

/**
 * Opens `relativeDir` (root-relative, `/`-separated, no `..`; "" is the root) as a verified directory handle.
 * ELOOP / ENOTDIR when a name on the way is (now) a symlink or a file; ESCAPED when the directory reached is not
 * at the expected real path any more; ENOENT when a name is missing.
 */
export function openDirectoryBeneath(
  root: string,
  relativeDir: string,
  native: NativeFs | null = nativeFs(),
): DirectoryHandle {
  const base = realRoot(root);
  const names = relativeDir === "" ? [] : relativeDir.split("/");
  if (names.some((name) => name === "" || name === "." || name === ".."))
    throw errnoErrorNamed(ESCAPED, "openat");
  const expected = names.reduce(join, base);
  if (!native) return pathHandle(expected);
  let fd = native.openat(native.AT_FDCWD, base, DIRECTORY | native.O_CLOEXEC);
  try {
    let reached = base;
    for (const name of names) {
      reached = join(reached, name);
      const next = openSubdirectory(native, fd, name, reached);
      closeSync(fd);
      fd = next;
    }
    verifyDescriptor(fd, expected);
  } catch (error) {
    closeQuietly(fd);
    throw error;
  }
  return fdHandle(native, fd, expected);
}

/** Opens a file (or directory) at a root-relative path the same way; the caller closes the descriptor. */
export function openBeneath(root: string, relative: string, flags: number, mode = 0): number {
  const slash = relative.lastIndexOf("/");
  const directory = openDirectoryBeneath(root, slash === -1 ? "" : relative.slice(0, slash));
  try {
    if (relative === "") return directory.open(".", flags, mode);
    return directory.open(relative.slice(slash + 1), flags, mode);
  } finally {
    directory.close();
  }
}

/** One name, no symlink: ENOTDIR from a symlink (Linux, with O_DIRECTORY) becomes ELOOP, i.e. "swapped". */
function openSubdirectory(native: NativeFs, fd: number, name: string, where: string): number {
  try {
    return native.openat(fd, name, DIRECTORY | NOFOLLOW | NONBLOCK | native.O_CLOEXEC);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR" && isSymlink(where))
      throw errnoErrorNamed("ELOOP", "openat");
    throw error;
  }
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(fsPath(path)).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Where the system tells where a descriptor is now, anything else than the expected path is an escape. */
function verifyDescriptor(fd: number, expected: string) {
  if (!locatedAt(fd, expected, expected)) throw errnoErrorNamed(ESCAPED, "openat");
}

/**
 * A file opened by one name from a verified directory was an entry of that directory; afterwards it may have been
 * renamed within it or replaced (Linux then says "… (deleted)"): both fine. Only a different directory is an escape.
 */
function verifyEntry(fd: number, openedAs: string, directory: string) {
  if (!locatedIn(fd, openedAs, directory)) throw errnoErrorNamed(ESCAPED, "openat");
}

function fdHandle(native: NativeFs, fd: number, path: string): DirectoryHandle {
  const procPath = process.platform === "linux" ? `/proc/self/fd/${fd}` : undefined;
  return {
    path,
    open(name, flags, mode = 0) {
      const opened = native.openat(fd, name, flags | NOFOLLOW | native.O_CLOEXEC, mode);
      if (name === ".") return opened;
      try {
        verifyEntry(opened, joinName(path, name), path);
      } catch (error) {
        closeQuietly(opened);
        throw error;
      }
      return opened;
    },
    rename: (from, to) => native.renameat(fd, from, fd, to),
    link: (from, to) => native.linkat(fd, from, fd, to),
    unlink: (name) => native.unlinkat(fd, name),
    rmdir: (name) => native.unlinkat(fd, name, true),
    mkdir: (name, mode = 0o777) => native.mkdirat(fd, name, mode),
    child(name) {
      const next = openSubdirectory(native, fd, name, join(path, name));
      try {
        verifyDescriptor(next, join(path, name));
      } catch (error) {
        closeQuietly(next);
        throw error;
      }
      return fdHandle(native, next, join(path, name));
    },
    // Linux lists the descriptor itself; elsewhere the verified path is listed (names only, never contents).
    list: () => listNamed(procPath ?? path),
    sync: () => fsyncSync(fd),
    close: () => closeQuietly(fd),
  };
}

/**
 * No descriptor-relative calls (Windows, `LAPP_NO_NATIVE_FS=1`, a libc that cannot be loaded or fails its check):
 * the same interface over paths. Every descriptor it opens is located before it is returned (descriptor-location.ts):
 * a file reached through a directory swapped for a link out of the root is refused before a byte is read. Where the
 * system names a directory descriptor's entries (Linux: /proc/self/fd/N/NAME), names are created, renamed, linked
 * and removed through a descriptor of the verified directory, so a swap cannot redirect them either; elsewhere each
 * of those first checks that the directory still resolves to itself (docs/safety.md's table says what remains).
 */
function pathHandle(path: string): DirectoryHandle {
  const held = heldDirectory(path);
  const unchanged = () => {
    if (held !== undefined) return;
    if (!samePath(realPathOf(path), path)) throw errnoErrorNamed(ESCAPED, "open");
  };
  unchanged();
  /** Where an entry's name is created or changed: through the held descriptor, else by path. */
  const entry = (name: string) => (held === undefined ? join(path, name) : `/proc/self/fd/${held}/${name}`);
  // Every path goes to the system as its exact bytes (src/text/byte-names.ts); the strings are kept for locating.
  const at = (name: string) => fsPath(entry(name));
  return {
    path,
    open(name, flags, mode = 0o666) {
      unchanged();
      const creates = (flags & constants.O_CREAT) !== 0;
      const openedAs = name === "." ? path : creates ? entry(name) : join(path, name);
      const opened = openSync(fsPath(openedAs), flags | NOFOLLOW, mode);
      const where = locatedAsOpened(opened, openedAs, name === "." ? path : join(path, name));
      if (!where) {
        if (creates) removeStray(opened, openedAs);
        closeQuietly(opened);
        throw errnoErrorNamed(ESCAPED, "open");
      }
      return opened;
    },
    rename: (from, to) => (unchanged(), renameSync(at(from), at(to))),
    link: (from, to) => (unchanged(), linkSync(at(from), at(to))),
    unlink: (name) => unlinkSync(at(name)),
    rmdir: (name) => rmdirSync(at(name)),
    mkdir: (name, mode = 0o777) => (unchanged(), mkdirSync(at(name), mode)),
    child: (name) => pathHandle(join(path, name)),
    list: () => listNamed(held === undefined ? path : `/proc/self/fd/${held}`),
    sync() {
      const fd = held ?? openSync(fsPath(path), "r");
      try {
        fsyncSync(fd);
      } finally {
        if (held === undefined) closeSync(fd);
      }
    },
    close: () => {
      if (held !== undefined) closeQuietly(held);
    },
  };
}

/**
 * Linux: the directory opened (its last name not followed) and proven to be exactly at `path`; its /proc entry then
 * names its entries whatever happens to the path. Undefined where /proc cannot tell (the handle works by path).
 */
function heldDirectory(path: string): number | undefined {
  if (process.platform !== "linux") return undefined;
  let fd: number;
  try {
    fd = openSync(fsPath(path), constants.O_RDONLY | DIRECTORY | NOFOLLOW | NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR" && isSymlink(path))
      throw errnoErrorNamed("ELOOP", "open");
    throw error;
  }
  const location = hostLocator(fd, path);
  if (location === "unknown") {
    closeQuietly(fd);
    return undefined;
  }
  if (location === "elsewhere" || !samePath(location.at, path)) {
    closeQuietly(fd);
    throw errnoErrorNamed(ESCAPED, "open");
  }
  return fd;
}

/** The real path of `path`, its bytes decoded exactly (src/text/byte-names.ts). */
function realPathOf(path: string): string {
  return decodeName(realpathSync(fsPath(path), { encoding: "buffer" }));
}

/** A file this handle created by path somewhere else than asked (a directory swapped meanwhile) is removed again. */
function removeStray(fd: number, openedAs: string) {
  const location = hostLocator(fd, openedAs);
  if (typeof location !== "object") return;
  try {
    const stats = fstatSync(fd, { bigint: true });
    const there = lstatSync(fsPath(location.at), { bigint: true });
    if (there.dev === stats.dev && there.ino === stats.ino) unlinkSync(fsPath(location.at));
  } catch {
    // gone already, or something else is there now: nothing of lapp's to remove
  }
}

function errnoErrorNamed(code: string, syscall: string): NodeJS.ErrnoException {
  const error = errnoError(0, syscall);
  error.code = code;
  error.message = `${code}: ${syscall}`;
  return error;
}

export function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed or never valid: nothing to release
  }
}
