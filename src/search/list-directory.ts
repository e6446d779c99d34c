// A directory's entries for lapp_grep's walk: through the native lister (list-directory.c) where there is one,
// else Node's readdir. Both give the same exact names (src/text/byte-names.ts) and kinds; the native one falls back
// to readdir for a directory whose listing it cannot give exactly (a file system that does not tell entry types).

import { isUtf8 } from "node:buffer";
import { closeSync, constants, openSync } from "node:fs";
import { hostLocator } from "../files/descriptor-location.ts";
import { DIRECTORY, NOFOLLOW } from "../files/fs-native.ts";
import { listNamed } from "../disk/list-names.ts";
import { cPath, decodeName, fsPath } from "../text/byte-names.ts";
import { cString, nativeCode } from "./native-code.ts";

export interface ListedEntry {
  name: string;
  /** Symlinks, FIFOs, sockets and devices are "other": the walk never follows or reads them. */
  kind: "file" | "directory" | "other";
}

/** The kernel's d_type values the lister passes on (list-directory.c). */
const DT_DIR = 4;
const DT_REG = 8;
/** list-directory.c: the entries did not fit the buffer; an entry's type is unknown. */
const LIST_TOO_SMALL = -100_000;
const LIST_UNKNOWN_TYPE = -3;
/** Never through a symlink: a directory swapped for one is not listed at all. */
const LIST_FLAGS = constants.O_RDONLY | DIRECTORY | NOFOLLOW | 0o2000000;

let buffer = Buffer.allocUnsafe(64 * 1024);

/**
 * The entries of `directory` (unsorted), opened from `root` (the walk's root, a real path) where the system can:
 * then no symlink swapped in for any folder on the way is followed. Throws when it cannot be listed (the walk skips
 * it, as ripgrep does).
 */
export function listDirectory(directory: string, root = ""): ListedEntry[] {
  return nativeListing(directory, root) ?? readdirListing(directory);
}

/** The native listing alone; undefined where there is none or it leaves the directory to readdir. */
export function nativeListing(directory: string, root = ""): ListedEntry[] | undefined {
  const list = nativeCode()?.lapp_list_directory;
  // A C string ends at a NUL: such a path would name another directory (readdir refuses it).
  if (!list || directory.includes("\0")) return undefined;
  const path = cPath(directory);
  const from = cString(root);
  let written = list(from, path, LIST_FLAGS, buffer, buffer.length) as number;
  while (written === LIST_TOO_SMALL) {
    buffer = Buffer.allocUnsafe(buffer.length * 4);
    written = list(from, path, LIST_FLAGS, buffer, buffer.length) as number;
  }
  if (written === LIST_UNKNOWN_TYPE) return undefined;
  if (written < 0) throw new Error(`cannot list ${directory}`);
  const packed = buffer.subarray(0, written);
  if (!isUtf8(packed)) return entriesOf(packed);
  // Decoded at once and cut at the NULs that end the names (no type byte is 0: LIST_UNKNOWN_TYPE).
  const parts = packed.toString("utf8").split("\0");
  const entries: ListedEntry[] = [];
  for (let index = 0; index < parts.length - 1; index++) {
    const part = parts[index]!;
    const type = part.charCodeAt(0);
    const kind = type === DT_DIR ? "directory" : type === DT_REG ? "file" : "other";
    entries.push({ name: part.slice(1), kind });
  }
  return entries;
}

/**
 * Whether this system opens the walk's directories below `root` from it with openat2 (no symlink followed on the
 * way); else they are opened by path (Linux before 5.6, an emulator without openat2, a root that is no real path).
 */
export function opensBeneath(root: string): boolean {
  return nativeCode()?.lapp_opens_beneath(cString(root), LIST_FLAGS) === 1;
}

/** The packed entries one by one, when some name is not UTF-8: each name decoded exactly (byte-names.ts). */
function entriesOf(packed: Buffer): ListedEntry[] {
  const entries: ListedEntry[] = [];
  for (let at = 0; at < packed.length;) {
    const end = packed.indexOf(0, at + 1);
    const type = packed[at];
    const kind = type === DT_DIR ? "directory" : type === DT_REG ? "file" : "other";
    entries.push({ name: decodeName(packed.subarray(at + 1, end)), kind });
    at = end + 1;
  }
  return entries;
}

/**
 * Node's readdir with exact names (list-names.ts), of the directory itself: on Linux it is opened (its last name not
 * followed), proven to be exactly at its path, and listed through its descriptor, so a folder on the way swapped for
 * a link out of the root is not listed; elsewhere by path.
 */
function readdirListing(directory: string): ListedEntry[] {
  const held = heldForListing(directory);
  try {
    return listNamed(held === undefined ? directory : `/proc/self/fd/${held}`);
  } finally {
    if (held !== undefined) closeSync(held);
  }
}

/** Linux: a descriptor of `directory` proven to be exactly there (throws if not); undefined where none can be. */
function heldForListing(directory: string): number | undefined {
  if (process.platform !== "linux") return undefined;
  const fd = openSync(fsPath(directory), LIST_FLAGS);
  const location = hostLocator(fd, directory);
  if (typeof location === "object" && location.at === directory) return fd;
  closeSync(fd);
  if (location === "unknown") return undefined;
  throw new Error(`${directory} is not where it was walked to`);
}
