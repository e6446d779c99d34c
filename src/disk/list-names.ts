// A directory's entries with their exact names (src/text/byte-names.ts) and kinds, listed by path. Node's readdir
// decodes names lossily: three names that are not UTF-8 alike can come back as one `x\uFFFD.txt`. Only when a name
// shows U+FFFD are the raw names asked for, and the kinds of those names taken from lstat.

import { isUtf8 } from "node:buffer";
import { lstatSync, readdirSync, type Dirent } from "node:fs";
import { decodeName, fsPath } from "../text/byte-names.ts";

export interface NamedEntry {
  name: string;
  /** Symlinks, FIFOs, sockets and devices are "other". */
  kind: "file" | "directory" | "other";
}

/** The entries of `directory` (unsorted, "." and ".." left out); throws when it cannot be listed. */
export function listNamed(directory: string): NamedEntry[] {
  const path = fsPath(directory);
  const entries = readdirSync(path, { withFileTypes: true });
  if (!entries.some((entry) => entry.name.includes("\uFFFD")))
    return entries.map((entry) => ({ name: entry.name, kind: kindOf(entry) }));
  // Some name may not be UTF-8: the replacement character hides which bytes it had, and which entry it was.
  const kinds = new Map(entries.map((entry) => [entry.name, kindOf(entry)]));
  const named: NamedEntry[] = [];
  for (const raw of readdirSync(path, { encoding: "buffer" }) as Buffer[]) {
    const name = decodeName(raw);
    const known = isUtf8(raw) && !name.includes("\uFFFD") ? kinds.get(name) : undefined;
    const kind = known ?? kindAt(directory === "/" ? `/${name}` : `${directory}/${name}`);
    if (kind !== undefined) named.push({ name, kind });
  }
  return named;
}

function kindOf(entry: Dirent): NamedEntry["kind"] {
  return entry.isDirectory() ? "directory" : entry.isFile() ? "file" : "other";
}

/** The kind of what is at `path` now (never through a symlink); undefined when it vanished meanwhile. */
function kindAt(path: string): NamedEntry["kind"] | undefined {
  const stats = lstatSync(fsPath(path), { throwIfNoEntry: false });
  if (stats === undefined) return undefined;
  return stats.isDirectory() ? "directory" : stats.isFile() ? "file" : "other";
}
