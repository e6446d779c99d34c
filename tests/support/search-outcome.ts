// Test support: a search outcome built by hand (nothing skipped, nothing stopped), for the renderers' tests.
import type { SearchOutcome } from "../../src/search/engine.ts";

export function searchOutcome(fields: Partial<SearchOutcome>): SearchOutcome {
  return {
    files: [],
    totalMatches: 0,
    filesWithMatches: 0,
    filesSearched: 10,
    counted: [],
    truncated: false,
    stopped: undefined,
    tooLarge: [],
    gaveUp: [],
    unfinished: [],
    binaryStart: false,
    tooDeep: { count: 0, first: undefined },
    ...fields,
  };
}
