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
  /**
   * Whether a root-relative path is blocked. It must always answer the same for the same path: its verdicts on the
   * entries of a kept folder listing are kept for the next walk given the same function (see `keptVerdicts`).
   */
  isBlocked: (relative: string) => boolean;
  overrides: Overrides;
  /** Environment for git's global excludes (HOME, XDG_CONFIG_HOME); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Which search of this process walks (the engine numbers them): its first walk or batch opens the root anew. */
  search?: number;
  /** Told of each directory or file skipped because its path is longer than PATH_MAX (root-relative). */
  onTooDeep?: (relative: string) => void;
  /** Where listings are kept between walks: this thread's by default (tests give their own, settling sooner). */
  listings?: ListingCache;
}

/** Listings of the walked directories, kept for the next walk while they still hold (this thread's walks). */
const listings = new ListingCache();

/**
 * The block list's verdicts on the entries of a listing (NOT_ASKED, ALLOWED or BLOCKED each), by listing: a kept
 * listing is the same array from one walk to the next (listing-cache.ts; one per root and directory, so its entries'
 * root-relative paths are the same too), and asking the block list about every entry was a quarter of a walk of
 * 9,000 files (1.4 of 5 ms). Kept for the same `isBlocked` only.
 */
interface BlockedVerdicts {
  isBlocked: (relative: string) => boolean;
  verdicts: Uint8Array;
}
const keptVerdicts = new WeakMap<readonly ListedEntry[], BlockedVerdicts>();
const NOT_ASKED = 0;
const ALLOWED = 1;
const BLOCKED = 2;

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
  /** The block list's verdict on each entry, as far as asked (see `keptVerdicts`). */
  verdicts: Uint8Array;
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
    const slot = frame.index - 1;
    let verdict = frame.verdicts[slot];
    if (verdict === NOT_ASKED)
      frame.verdicts[slot] = verdict = options.isBlocked(relative) ? BLOCKED : ALLOWED;
    if (verdict === BLOCKED) continue;
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
    entries = (options.listings ?? listings).listing(directory, options.root);
  } catch {
    return undefined; // unreadable directories are skipped, as ripgrep does (it only warns)
  }
  // Rule files are read only when present and not blocked themselves (a blocked path is never read).
  const names = new Set<string>();
  for (const entry of entries) {
    if (isRuleFileName(entry.name) && !options.isBlocked(relativePrefix + entry.name)) names.add(entry.name);
  }
  const stack = parent.enter(loadDirectoryRules(directory, names));
  return {
    directory,
    relativePrefix,
    stack,
    entries,
    verdicts: verdictsOf(entries, options.isBlocked),
    index: 0,
  };
}

/** The verdicts kept for `entries` for this block list, else a fresh set of NOT_ASKED. */
function verdictsOf(entries: readonly ListedEntry[], isBlocked: (relative: string) => boolean): Uint8Array {
  const kept = keptVerdicts.get(entries);
  if (kept !== undefined && kept.isBlocked === isBlocked) return kept.verdicts;
  const verdicts = new Uint8Array(entries.length);
  keptVerdicts.set(entries, { isBlocked, verdicts });
  return verdicts;
}
