// Sorted directory listings kept from one search to the next. An agent searches the same tree again and again, and
// listing every directory (open, getdents, close: ~15 µs each on a 2-core VM) was a fifth of the main thread's work
// in a search of 400 directories; a stat (~2 µs) tells whether a kept listing still holds.
//
// A kept listing is used only while the directory's device, inode, change time and modification time are what they
// were when it was listed, and a listing is kept only when the directory had been quiet for SETTLED_MS by then: an
// entry added within the file system's timestamp granularity of an earlier change could leave both times as they
// were (git calls such an index entry "racily clean"). The change time cannot be set by a program, so a directory
// whose modification time is set back still shows its change. Only on file systems known to keep those times for
// directories (network and FUSE file systems may cache or not keep them); elsewhere every search lists anew.

import { lstatSync, statfsSync } from "node:fs";
import { fsPath } from "../text/byte-names.ts";
import { KEPT_LISTING_ENTRIES, LISTING_SETTLED_MS } from "./limits.ts";
import { listDirectory, type ListedEntry } from "./list-directory.ts";

/** statfs f_type of Linux file systems that update a directory's times on every change of its entries. */
const LOCAL_FILE_SYSTEMS = new Set([
  0xef53, // ext2, ext3, ext4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0x794c7630, // overlayfs
  0x2fc12fc1, // zfs
  0xf2f52010, // f2fs
  0xca451a4e, // bcachefs
]);

interface Kept {
  dev: bigint;
  ino: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  entries: readonly ListedEntry[];
  /** The walk (beginWalk) that last used it. */
  usedIn: number;
}

export type Lister = (directory: string, root: string) => ListedEntry[];

/**
 * Past the bound on entries, the listing used longest ago goes first — but never one the walk in progress used: a
 * tree bigger than the bound, walked whole again and again, would otherwise drop every listing before the next walk
 * came back to it (as dropping them all did: a 235,000-file tree kept nothing from one search to the next). It keeps
 * the listings it met first instead, and a walk of another part of the tree still takes the room of the part
 * walked before.
 */
export class ListingCache {
  /** In the order of their last use, the least recent first. */
  private readonly kept = new Map<string, Kept>();
  /** Walks begun so far (beginWalk). */
  private walk = 0;
  private keptEntries = 0;
  /** Whether listings under a root may be kept (its file system), by root. */
  private readonly keeps = new Map<string, boolean>();

  constructor(
    private readonly list: Lister = listDirectory,
    private readonly settledMs = LISTING_SETTLED_MS,
    private readonly maxEntries = KEPT_LISTING_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  /** A walk begins: the listings it uses are not dropped to make room for others while it goes on. */
  beginWalk(): void {
    this.walk++;
  }

  /**
   * The entries of `directory` sorted by name (as JavaScript compares strings), opened from `root` as
   * listDirectory does; throws when it cannot be listed. The array is shared: callers must not change it.
   */
  listing(directory: string, root: string): readonly ListedEntry[] {
    if (!this.keepsUnder(root)) return sorted(this.list(directory, root));
    const key = `${root}\0${directory}`;
    const stats = lstatSync(fsPath(directory), { bigint: true, throwIfNoEntry: false });
    if (!stats?.isDirectory()) {
      // Gone, or something else now (a symlink swapped in): the lister says what (it lists no symlink).
      this.forget(key);
      return sorted(this.list(directory, root));
    }
    const kept = this.kept.get(key);
    if (
      kept !== undefined &&
      kept.dev === stats.dev &&
      kept.ino === stats.ino &&
      kept.mtimeNs === stats.mtimeNs &&
      kept.ctimeNs === stats.ctimeNs
    ) {
      kept.usedIn = this.walk;
      // Moved to the end: the map stays in the order of last use.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.entries;
    }
    this.forget(key);
    // Times of the directory before it is listed: a change during the listing makes them differ next time.
    const entries = sorted(this.list(directory, root));
    const newest = stats.mtimeNs > stats.ctimeNs ? stats.mtimeNs : stats.ctimeNs;
    const settled = newest < BigInt(Math.floor(this.now() - this.settledMs)) * 1_000_000n;
    if (settled && this.makeRoom(entries.length)) {
      this.kept.set(key, {
        dev: stats.dev,
        ino: stats.ino,
        mtimeNs: stats.mtimeNs,
        ctimeNs: stats.ctimeNs,
        entries,
        usedIn: this.walk,
      });
      this.keptEntries += entries.length;
    }
    return entries;
  }

  /**
   * Drops the listings used longest ago until `count` more entries fit; false (nothing dropped) when they would not
   * fit without dropping one the walk in progress used.
   */
  private makeRoom(count: number): boolean {
    if (count > this.maxEntries) return false;
    let free = this.maxEntries - this.keptEntries;
    const dropped: string[] = [];
    for (const [key, kept] of this.kept) {
      if (free >= count) break;
      if (kept.usedIn === this.walk) return false;
      free += kept.entries.length;
      dropped.push(key);
    }
    for (const key of dropped) this.forget(key);
    return free >= count;
  }

  /** Whether listings under `root` are kept (its file system tells every change of a directory: see above). */
  keepsUnder(root: string): boolean {
    let keeps = this.keeps.get(root);
    if (keeps === undefined) {
      try {
        keeps = process.platform === "linux" && LOCAL_FILE_SYSTEMS.has(Number(statfsSync(root).type));
      } catch {
        keeps = false;
      }
      this.keeps.set(root, keeps);
    }
    return keeps;
  }

  private forget(key: string): void {
    const kept = this.kept.get(key);
    if (kept === undefined) return;
    this.kept.delete(key);
    this.keptEntries -= kept.entries.length;
  }
}

function sorted(entries: ListedEntry[]): ListedEntry[] {
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
