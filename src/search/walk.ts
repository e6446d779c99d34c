// The directory walk of lapp_grep, like `rg --hidden`: ignore files (nested, parents, global), `glob` overrides,
// hidden files searched, `.git` never entered, symlinks not followed, blocked paths never listed. Sorted, lazy.

import { isRuleFileName, loadAncestorRules, loadDirectoryRules, loadGlobalRules } from "./ignore-files.ts";
import { type GlobalRules, IgnoreStack } from "./ignore-stack.ts";
import type { ListedEntry } from "./list-directory.ts";
import { ListingCache } from "./listing-cache.ts";
import { enterSearch } from "./native-code.ts";
import type { Overrides } from "./overrides.ts";

export interface WalkOptions {
  /** Real path of lapp's root; every path the walk yields is relative to it. */
  root: string;
  /** Real path of the directory to walk (the root or a directory inside it). */
  start: string;
  isBlocked(relative: string): boolean;
  overrides: Overrides;
  /** Environment for git's global excludes (HOME, XDG_CONFIG_HOME); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Which search of this process walks (the engine numbers them): its first walk or batch opens the root anew. */
  search?: number;
  /** Told of each directory or file skipped because its path is longer than PATH_MAX (root-relative). */
  onTooDeep?: (relative: string) => void;
}

/** Listings of the walked directories, kept for the next walk while they still hold (this thread's walks). */
const listings = new ListingCache();

/** Longest path the system opens (PATH_MAX, terminating NUL included): deeper entries cannot be opened by path. */
const PATH_MAX = process.platform === "linux" ? 4096 : process.platform === "darwin" ? 1024 : 32_767;

export interface WalkedFile {
  absolute: string;
  /** The walked directory it is in (one string per directory: files of the same one share it). */
  directory?: string;
  /** Root-relative, `/`-separated. */
  relative: string;
}

interface Frame {
  directory: string;
  /** The directory's root-relative path with a trailing `/` ("" for the root): an entry's is this and its name. */
  relativePrefix: string;
  stack: IgnoreStack;
  entries: readonly ListedEntry[];
  index: number;
}

/** Files under `options.start` in path order (each directory's entries sorted by name), one at a time. */
export function* walkFiles(options: WalkOptions): Generator<WalkedFile> {
  enterSearch(options.search);
  const global: GlobalRules | undefined = loadGlobalRules(options.root, options.env);
  const ancestors = IgnoreStack.of(loadAncestorRules(options.start), global);
  const rootPrefix = options.root === "/" ? "/" : `${options.root}/`;
  const start = options.start;
  const startPrefix =
    start === options.root ? "" : `${start.startsWith(rootPrefix) ? start.slice(rootPrefix.length) : start}/`;
  const first = open(start, startPrefix, options, ancestors);
  if (!first) return;
  const frames: Frame[] = [first];
  while (frames.length > 0) {
    const frame = frames.at(-1)!;
    const entry = frame.entries[frame.index++];
    if (entry === undefined) {
      frames.pop();
      continue;
    }
    const name = entry.name;
    if (name === ".git") continue;
    const isDir = entry.kind === "directory";
    if (!isDir && entry.kind !== "file") continue; // symlinks, sockets, devices: never followed or read
    const absolute = frame.directory === "/" ? `/${name}` : `${frame.directory}/${name}`;
    const relative = frame.relativePrefix + name;
    if (options.isBlocked(relative)) continue;
    // A UTF-16 unit is at most 3 bytes of UTF-8: most paths are too short to need their bytes counted.
    if (absolute.length * 3 >= PATH_MAX && Buffer.byteLength(absolute) >= PATH_MAX) {
      options.onTooDeep?.(relative);
      continue;
    }
    if (!included(options.overrides, frame.stack, absolute, relative, isDir)) continue;
    if (isDir) {
      const child = open(absolute, `${relative}/`, options, frame.stack);
      if (child) frames.push(child);
    } else {
      yield { absolute, relative, directory: frame.directory };
    }
  }
}

/** ripgrep's order: a `glob` match of either kind decides at once; otherwise ignore rules decide. */
function included(
  overrides: Overrides,
  stack: IgnoreStack,
  absolute: string,
  relative: string,
  isDir: boolean,
): boolean {
  if (overrides.active) {
    const verdict = overrides.verdict(relative, isDir);
    if (verdict !== undefined) return verdict === "whitelist";
  }
  return stack.verdict(absolute, isDir) !== "ignore";
}

function open(
  directory: string,
  relativePrefix: string,
  options: WalkOptions,
  parent: IgnoreStack,
): Frame | undefined {
  let entries: readonly ListedEntry[];
  try {
    entries = listings.listing(directory, options.root);
  } catch {
    return undefined; // unreadable directories are skipped, as ripgrep does (it only warns)
  }
  // Rule files are read only when present and not blocked themselves (a blocked path is never read).
  const names = new Set<string>();
  for (const entry of entries) {
    if (isRuleFileName(entry.name) && !options.isBlocked(relativePrefix + entry.name)) names.add(entry.name);
  }
  const stack = parent.enter(loadDirectoryRules(directory, names));
  return { directory, relativePrefix, stack, entries, index: 0 };
}
