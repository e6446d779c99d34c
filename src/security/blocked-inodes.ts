// The inodes of blocked files under the root, so a hard link to `.env` under an innocent name is refused too.
// Only files with more than one link ever ask, so the scan (cached briefly) costs nothing in ordinary repositories.

import { lstatSync } from "node:fs";
import { listNamed } from "../disk/list-names.ts";
import { fsPath } from "../text/byte-names.ts";

/** How long one scan answers for: a burst of reads of hard-linked files shares it. */
const SCAN_TTL_MS = 2_000;
/** Directory entries a scan looks at before it stops (it then knows the blocked files it met). */
const SCAN_MAX_ENTRIES = 200_000;

const inodeKey = (dev: bigint | number, ino: bigint | number): string => `${dev}:${ino}`;

export class BlockedInodes {
  private known: Set<string> | undefined;
  private scannedAt = 0;

  constructor(
    private readonly root: string,
    private readonly isBlocked: (relative: string) => boolean,
  ) {}

  has(dev: bigint | number, ino: bigint | number): boolean {
    const now = Date.now();
    if (this.known === undefined || now - this.scannedAt > SCAN_TTL_MS) {
      this.known = scanBlockedInodes(this.root, this.isBlocked);
      this.scannedAt = Date.now();
    }
    return this.known.has(inodeKey(dev, ino));
  }
}

/**
 * Walks the root (symlinks not followed, `.git` not entered) and returns the inodes of every blocked regular
 * file, including every file inside a blocked directory.
 */
export function scanBlockedInodes(root: string, isBlocked: (relative: string) => boolean): Set<string> {
  const found = new Set<string>();
  const pending: Array<{ relative: string; blocked: boolean }> = [{ relative: "", blocked: false }];
  let seen = 0;
  while (pending.length > 0 && seen < SCAN_MAX_ENTRIES) {
    const { relative, blocked } = pending.pop()!;
    const absolute = relative === "" ? root : `${root}/${relative}`;
    let entries;
    try {
      entries = listNamed(absolute);
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen++;
      if (entry.name === ".git" && relative === "") continue;
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      const childBlocked = blocked || isBlocked(child);
      if (entry.kind === "directory") pending.push({ relative: child, blocked: childBlocked });
      else if (entry.kind === "file" && childBlocked) {
        try {
          const stats = lstatSync(fsPath(`${root}/${child}`), { bigint: true });
          found.add(inodeKey(stats.dev, stats.ino));
        } catch {
          // vanished meanwhile: nothing to remember
        }
      }
    }
  }
  return found;
}
