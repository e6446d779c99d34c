// The walk a server takes of its root while it waits for the agent's first call: clients start lapp and list its
// tools seconds before the model sends anything, and the first lapp_grep of a big tree spent that time listing
// folders, reading ignore files and asking the block list about every entry (on the Linux tree ~250 ms of the main
// thread's work, and the JIT compiling the walk). Walked beforehand, what it learns is kept as any search's walk
// keeps it (listing-cache.ts, walk.ts's verdicts), so the first search walks as a later one does.
//
// It is the walk every search takes — the same block list, ignore files and containment — and reads no file. It
// walks in slices of a few milliseconds, lets any call in progress go first, and ends for good once a search has
// begun (that search's walk does the rest), or after as many files as the kept listings hold.

import { KEPT_LISTING_ENTRIES } from "./limits.ts";
import type { ListingCache } from "./listing-cache.ts";
import { NO_OVERRIDES } from "./overrides.ts";
import { keepsListings, walkFiles } from "./walk.ts";

/** Walking time per turn of the event loop: a message arriving meanwhile waits at most about this long. */
const SLICE_MS = 4;
/** How long it waits before looking again while a call is in progress. */
const BUSY_RETRY_MS = 25;

export interface WarmWalkOptions {
  /** Real path of the root. */
  root: string;
  /** The block list every search of this server walks with (the same function: its verdicts are kept by it). */
  isBlocked: (relative: string) => boolean;
  /** Whether a call is in progress now: the walk waits until none is. */
  busy: () => boolean;
  /** Whether a search has begun: the walk ends. */
  searched: () => boolean;
  /** Files walked at most (past them the kept listings would be dropped again). */
  maxFiles?: number;
  env?: Record<string, string | undefined>;
  /** Tests give their own (walk.ts's own by default). */
  listings?: ListingCache;
}

export type WarmWalkEnd = "walked" | "searched" | "too-many" | "not-kept";

/**
 * Walks the root in slices until done (`walked`), a search began (`searched`) or `maxFiles` files were walked
 * (`too-many`). Where listings are not kept (network file systems, systems without the checks: listing-cache.ts)
 * a walk now would save no later search anything: `not-kept`, nothing walked. Never rejects: a walk that fails is
 * a search's to report.
 */
export function warmWalk(options: WarmWalkOptions): Promise<{ end: WarmWalkEnd; files: number }> {
  const maxFiles = options.maxFiles ?? KEPT_LISTING_ENTRIES;
  const cache = options.listings;
  if (!keepsListings(options.root, cache)) return Promise.resolve({ end: "not-kept", files: 0 });
  const files = walkFiles({
    root: options.root,
    start: options.root,
    isBlocked: options.isBlocked,
    overrides: NO_OVERRIDES,
    ...(options.env && { env: options.env }),
    ...(cache && { listings: cache }),
  });
  let walked = 0;
  return new Promise((resolve) => {
    const finish = (end: WarmWalkEnd) => {
      files.return(undefined);
      resolve({ end, files: walked });
    };
    const slice = () => {
      if (options.searched()) return finish("searched");
      if (options.busy()) return later(slice, BUSY_RETRY_MS);
      const until = performance.now() + SLICE_MS;
      try {
        while (performance.now() < until) {
          if (files.next().done) return finish("walked");
          if (++walked >= maxFiles) return finish("too-many");
        }
      } catch {
        return finish("walked");
      }
      later(slice, 0);
    };
    later(slice, 0);
  });
}

/** A timer that keeps no process alive (a server closing its input ends even mid-walk). */
function later(run: () => void, ms: number): void {
  setTimeout(run, ms).unref();
}
