// grep's native prefilter (prefilter.c): decides, for a run of files in one checked directory, the files that
// cannot match a search's required runs of text — in one call, instead of a JavaScript open, read and scan per file.
// Compiled on first use (native-code.ts); where it cannot be, every file is searched by JavaScript as before.

import { constants } from "node:fs";
import { DIRECTORY, loadOnce, NOFOLLOW, NONBLOCK } from "../files/fs-native.ts";
import { SIGNATURE_LEADS } from "../text/binary.ts";
import { cNames, cPath } from "../text/byte-names.ts";
import type { LineAutomaton } from "./line-automaton.ts";
import { rarestByteOf } from "./required-literal.ts";
import { cString, nativeCode } from "./native-code.ts";

/** Per-file answers (prefilter.c says when each is given). */
export const PREFILTER = { noMatch: 0, binary: 1, unreadable: 2, undecided: 3, counted: 4 } as const;

export interface Decisions {
  /** One status per name. */
  statuses: Uint8Array;
  /** Per name, an undecided file's descriptor, left open for the caller to search and close; else -1. */
  descriptors: Int32Array;
  /** Per name, a counted file's matching lines (PREFILTER.counted); else 0. */
  counts: Int32Array;
  /** The directory was no longer at its path once its files were opened: they are all refused (unreadable). */
  refused: boolean;
}

/**
 * Runs of ASCII every matching line holds in this order (matcher.ts), the one looked for first at `anchor`;
 * `anyOf`: runs one of which every matching line holds instead (literal-set.ts); `caseless`: lowercased, held in
 * either ASCII case, k and s also as U+212A and U+017F (required-literal.ts, caselessRuns).
 */
export interface RequiredRunBytes {
  runs: readonly Uint8Array[];
  anchor: number;
  caseless: boolean;
  anyOf?: boolean;
}

/** What every matching line satisfies: it holds the runs, or the automaton accepts it (line-automaton.ts). */
export type LineCondition = RequiredRunBytes | LineAutomaton;

export interface Prefilter {
  /**
   * Decides the files named inside `directory` (a walked, real path), which is opened from `root` (the search's
   * root, a real path) where the system can (beneath.c). Undefined when it decided nothing and opened nothing (a
   * directory it could not open or check, runs it does not take).
   */
  decide(
    directory: string,
    names: readonly string[],
    required: LineCondition,
    maxBytes: number,
    root?: string,
    /**
     * Per name, 1 when only the count of its matching lines is wanted (no rows): with an automaton exact on ASCII
     * lines (LineAutomaton.asciiExact), such a file is counted natively where every accepted line is ASCII.
     */
    countOnly?: Uint8Array,
  ): Decisions | undefined;
}

/** The buffer a file is read through after ripgrep's first 64 KiB fill: lines up to this long are told apart. */
const BUFFER_BYTES = 256 * 1024;
/** The open flags of a searched file (read-file.ts): no-follow, non-blocking, close-on-exec. */
const OPEN_FLAGS = constants.O_RDONLY | NOFOLLOW | NONBLOCK | 0o2000000;
/** The open flags of its directory (read-file.ts, openCheckedDirectory), close-on-exec too. */
const DIRECTORY_FLAGS = constants.O_RDONLY | DIRECTORY | NOFOLLOW | 0o2000000;

/** This thread's prefilter, compiled on the first call (native-code.ts); null where there is none. */
export const nativePrefilter: () => Prefilter | null = loadOnce(load);

function load(): Prefilter | null {
  const prefilter = nativeCode()?.lapp_prefilter;
  if (!prefilter) return null;
  const buffer = Buffer.allocUnsafe(BUFFER_BYTES);
  const leads = Buffer.from(SIGNATURE_LEADS);
  return {
    decide(directory, names, required, maxBytes, root = "", countOnly) {
      const statuses = new Uint8Array(names.length);
      const descriptors = new Int32Array(names.length);
      const counts = new Int32Array(names.length);
      const joined = cNames(names);
      const automaton = "table" in required ? required : undefined;
      const { runBytes, runLengths, runRares } = automaton
        ? NO_RUNS
        : packedRuns(required as RequiredRunBytes);
      const runs = required as Partial<RequiredRunBytes>;
      const decided = prefilter(
        cString(root),
        cPath(directory),
        DIRECTORY_FLAGS,
        joined,
        names.length,
        OPEN_FLAGS,
        runBytes,
        runLengths,
        runRares,
        automaton ? 0 : runLengths.length,
        runs.anchor ?? 0,
        runs.caseless ? 1 : 0,
        runs.anyOf ? 1 : 0,
        automaton?.classes ?? null,
        automaton?.table ?? null,
        automaton?.accepting ?? 0,
        automaton?.skipRanges ?? null,
        automaton?.skipRanges ? automaton.skipRanges.length / 2 : -1,
        automaton?.pairRanges ?? null,
        automaton?.pairRanges ? automaton.pairRanges.length / 2 : 0,
        automaton?.anchored ? 1 : 0,
        maxBytes,
        leads,
        buffer,
        buffer.length,
        statuses,
        descriptors,
        automaton?.asciiExact && countOnly ? countOnly : null,
        counts,
      ) as number;
      return decided === -1 ? undefined : { statuses, descriptors, counts, refused: decided === -2 };
    },
  };
}

/** The runs as the C code takes them, packed once per search's runs (every directory run of a search reuses them). */
interface PackedRuns {
  runBytes: Buffer;
  runLengths: Int32Array;
  /**
   * Per run, where its rarest byte is: the C code finds the run by that byte (find-runs.c, find_exact), a caseless
   * run by one that is not k or s (-1 if none: the C code then takes no runs).
   */
  runRares: Int32Array;
}

const packed = new WeakMap<RequiredRunBytes, PackedRuns>();

/** An automaton's call passes no runs. */
const NO_RUNS: PackedRuns = {
  runBytes: Buffer.alloc(1),
  runLengths: new Int32Array(1),
  runRares: new Int32Array(1),
};

function packedRuns(required: RequiredRunBytes): PackedRuns {
  let runs = packed.get(required);
  if (!runs) {
    runs = {
      runBytes: Buffer.concat(required.runs),
      runLengths: Int32Array.from(required.runs, (run) => run.length),
      runRares: Int32Array.from(required.runs, (run) => rarestByteOf(run, required.caseless)),
    };
    packed.set(required, runs);
  }
  return runs;
}
