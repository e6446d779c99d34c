// The directory walk of lapp_grep, like `rg --hidden`: ignore files (nested, parents, global), `glob` overrides,
// hidden files searched, `.git` never entered, symlinks not followed, blocked paths never listed. Sorted, lazy.

import { isRuleFileName, loadAncestorRules, loadDirectoryRules, loadGlobalRules } from "./ignore-files.ts";
import { type GlobalRules, IgnoreStack } from "./ignore-stack.ts";
import type { ListedEntry } from "./list-directory.ts";
import { ListingCache } from "./listing-cache.ts";
import { enterSearch } from "./native-code.ts";
import { joinWalked } from "./walked-path.ts";
import type { Overrides } from "./overrides.ts";

export interface WalkOptions {
  /** Real path of lapp's root; every path the walk yields is relative to it. */
  root: string;
  /** Real path of the directory to walk (the root or a directory inside it). */
  start: string;
  /**
   * Whether a root-relative path is blocked. It must always answer the same for the same path: its verdicts on the
   * entries of a kept folder listing are kept for the next walk given the same function (see `ListingFacts`).
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
 * What a walk learns about a listing's entries, kept with the listing: a kept listing is the same array from one walk
 * to the next (listing-cache.ts; one per root and folder, so its entries' paths are the same too). Asking the block
 * list and the ignore rules about every entry was about half of the main thread's walking in a search of 9,000
 * files through kept listings (profiled: ~2.5 and ~2.3 ms a search).
 */
interface ListingFacts {
  /** The block list `blocked` and `ruleNames` come from (WalkOptions.isBlocked: always the same answer). */
  isBlocked: (relative: string) => boolean;
  /** Per entry: NOT_ASKED, KEPT or DROPPED by the block list. */
  blocked: Uint8Array;
  /** The entries naming a rule file (ignore-files.ts), not blocked. */
  ruleNames: Set<string>;
  /** The rules `ignored` comes from (IgnoreStack.key: the same key, the same verdicts). */
  rulesKey: string | undefined;
  /** Per entry: NOT_ASKED, KEPT or DROPPED by the ignore rules. */
  ignored: Uint8Array;
}
const keptFacts = new WeakMap<readonly ListedEntry[], ListingFacts>();
const NOT_ASKED = 0;
const KEPT = 1;
const DROPPED = 2;

/** Whether walks of `root` keep what they list for the next walk (listing-cache.ts: by its file system). */
export function keepsListings(root: string, cache: ListingCache = listings): boolean {
  return cache.keepsUnder(root);
}

/** Longest path the system opens (PATH_MAX, terminating NUL included): deeper entries cannot be opened by path. */
const PATH_MAX = process.platform === "linux" ? 4096 : process.platform === "darwin" ? 1024 : 32_767;

export interface WalkedFile {
  absolute: string;
  /** The walked directory it is in (one string per directory: files of the same one share it). */
  directory?: string;
  /** Its name in `directory` (with it, `absolute` is joinWalked(directory, name)). */
  name?: string;
  /** Root-relative, `/`-separated. */
  relative: string;
}

interface Frame {
  directory: string;
  /** The directory's root-relative path with a trailing `/` ("" for the root): an entry's is this and its name. */
  relativePrefix: string;
  stack: IgnoreStack;
  entries: readonly ListedEntry[];
  /**
   * The block list's and the ignore rules' verdicts on the entries, as far as asked (ListingFacts). The frame holds
   * the arrays themselves: a walk interleaved with this one under other rules puts new ones in the listing's facts.
   */
  blocked: Uint8Array;
  ignored: Uint8Array;
  index: number;
}

/** Files under `options.start` in path order (each directory's entries sorted by name), one at a time. */
export function* walkFiles(options: WalkOptions): Generator<WalkedFile> {
  enterSearch(options.search);
  (options.listings ?? listings).beginWalk();
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
    const absolute = joinWalked(frame.directory, name);
    const relative = frame.relativePrefix + name;
    const slot = frame.index - 1;
    const { blocked } = frame;
    if (blocked[slot] === NOT_ASKED) blocked[slot] = options.isBlocked(relative) ? DROPPED : KEPT;
    if (blocked[slot] === DROPPED) continue;
    // A UTF-16 unit is at most 3 bytes of UTF-8: most paths are too short to need their bytes counted.
    if (absolute.length * 3 >= PATH_MAX && Buffer.byteLength(absolute) >= PATH_MAX) {
      options.onTooDeep?.(relative);
      continue;
    }
    if (!included(options.overrides, frame, slot, absolute, relative, isDir)) continue;
    if (isDir) {
      const child = open(absolute, `${relative}/`, options, frame.stack);
      if (child) frames.push(child);
    } else {
      yield { absolute, relative, directory: frame.directory, name };
    }
  }
}

/**
 * ripgrep's order: a `glob` match of either kind decides at once; otherwise ignore rules decide (their verdict on
 * the entry at `slot` of the frame's listing is kept with it).
 */
function included(
  overrides: Overrides,
  frame: Frame,
  slot: number,
  absolute: string,
  relative: string,
  isDir: boolean,
): boolean {
  if (overrides.active) {
    const verdict = overrides.verdict(relative, isDir);
    if (verdict !== undefined) return verdict === "whitelist";
  }
  const { ignored } = frame;
  if (ignored[slot] === NOT_ASKED)
    ignored[slot] = frame.stack.verdict(absolute, isDir) === "ignore" ? DROPPED : KEPT;
  return ignored[slot] === KEPT;
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
  const facts = factsOf(entries, relativePrefix, options.isBlocked);
  const stack = parent.enter(loadDirectoryRules(directory, facts.ruleNames));
  if (facts.rulesKey !== stack.key) {
    facts.rulesKey = stack.key;
    facts.ignored = new Uint8Array(entries.length);
  }
  return {
    directory,
    relativePrefix,
    stack,
    entries,
    blocked: facts.blocked,
    ignored: facts.ignored,
    index: 0,
  };
}

/** The facts kept for `entries` from this block list, else new ones (no verdict asked yet). */
function factsOf(
  entries: readonly ListedEntry[],
  relativePrefix: string,
  isBlocked: (relative: string) => boolean,
): ListingFacts {
  const kept = keptFacts.get(entries);
  if (kept !== undefined && kept.isBlocked === isBlocked) return kept;
  const ruleNames = new Set<string>();
  for (const entry of entries) {
    if (isRuleFileName(entry.name) && !isBlocked(relativePrefix + entry.name)) ruleNames.add(entry.name);
  }
  const facts: ListingFacts = {
    isBlocked,
    blocked: new Uint8Array(entries.length),
    ruleNames,
    rulesKey: undefined,
    ignored: new Uint8Array(entries.length),
  };
  keptFacts.set(entries, facts);
  return facts;
}
