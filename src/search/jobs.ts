// A batch of files to search and its answers: the message format between the engine and its lanes (main thread
// or workers), and the function every lane runs on a batch.

import { unwrap } from "../errors.ts";
import { lineAutomaton } from "./line-automaton.ts";
import { compileMatcher, type Matcher, type MatcherSpec } from "./matcher.ts";
import { enterSearch } from "./native-code.ts";
import {
  type Decisions,
  nativePrefilter,
  PREFILTER,
  type LineCondition,
  type Prefilter,
} from "./prefilter.ts";
import { closeQuietly, SearchDirectories } from "./read-file.ts";
import { hasUnboundedRepetition } from "./regex-syntax.ts";
import { searchFile, type FileResult } from "./search-file.ts";
import { joinWalked } from "./walked-path.ts";

export interface SearchSpec {
  /** The search's root (a real path): the prefilter opens directories from it (beneath.c). */
  root?: string;
  /** Which search of this process the batch belongs to (the engine numbers them): each opens its root anew. */
  search?: number;
  matcher: MatcherSpec;
  context: number;
  maxFileBytes: number;
}

export interface FileJob {
  /** Position in path order. */
  id: number;
  absolute: string;
  /**
   * Matching lines that need rows, this file's and those of the files after it in its batch together (the room
   * left in the answer when the batch was made): the batch's earlier files take their rows from it first, since
   * the answer lists files in path order. Later matches are only counted.
   */
  keep: number;
  /** The walked directory and the name in it, when the walk gave them: `absolute` is joinWalked of the two. */
  directory?: string;
  name?: string;
}

/**
 * A batch as it travels to a worker (as JSON text, see lanes.ts): each file by its directory (once per run of files
 * in the same one) and name instead of its whole path, its id and room only where they differ from the file before
 * (ids run on, the room is the batch's). A whole-tree search of the Linux kernel sent 8.4 MB of JSON per search with
 * whole paths, which the main thread took ~27 ms to write; packed, 1.8 MB.
 */
export interface PackedJobs {
  /** The directories of the files, each once per run of files in it. */
  directories: string[];
  /** Per file: the index of its directory in `directories`, or -1 when `names` holds its whole path. */
  at: number[];
  names: string[];
  /** The first file's id; a later file's is the one before plus one unless `ids` says otherwise. */
  firstId: number;
  /** Per file whose id does not follow on: [index in the batch, id]. */
  ids: Array<[number, number]>;
  /** The room of the first file; later ones as the one before unless `keeps` says otherwise. */
  firstKeep: number;
  keeps: Array<[number, number]>;
}

export function packJobs(jobs: readonly FileJob[]): PackedJobs {
  const packed: PackedJobs = {
    directories: [],
    at: [],
    names: [],
    firstId: jobs[0]?.id ?? 0,
    ids: [],
    firstKeep: jobs[0]?.keep ?? 0,
    keeps: [],
  };
  let lastDirectory: string | undefined;
  jobs.forEach((job, index) => {
    const previous = jobs[index - 1];
    if (previous !== undefined && job.id !== previous.id + 1) packed.ids.push([index, job.id]);
    if (previous !== undefined && job.keep !== previous.keep) packed.keeps.push([index, job.keep]);
    const { directory, name } = job;
    // Never compared with `absolute`: that would make the main thread build every path's text after all.
    if (directory === undefined || name === undefined) {
      packed.at.push(-1);
      packed.names.push(job.absolute);
      return;
    }
    if (directory !== lastDirectory) {
      packed.directories.push(directory);
      lastDirectory = directory;
    }
    packed.at.push(packed.directories.length - 1);
    packed.names.push(name);
  });
  return packed;
}

/** The jobs `packJobs` packed. */
export function unpackJobs(packed: PackedJobs): FileJob[] {
  const ids = new Map(packed.ids);
  const keeps = new Map(packed.keeps);
  const jobs: FileJob[] = [];
  let id = packed.firstId - 1;
  let keep = packed.firstKeep;
  packed.names.forEach((name, index) => {
    id = ids.get(index) ?? id + 1;
    keep = keeps.get(index) ?? keep;
    const at = packed.at[index]!;
    const absolute = at === -1 ? name : joinWalked(packed.directories[at]!, name);
    jobs.push({ id, absolute, keep });
  });
  return jobs;
}

export type JobResult = FileResult;

export interface JobReply {
  id: number;
  result: JobResult;
}

let cached:
  | { key: string; matcher: Matcher; condition?: LineCondition | undefined; countNatively?: boolean }
  | undefined;

/** Runs a batch on the calling thread. The matcher is compiled once per distinct spec. */
export function runJobs(jobs: readonly FileJob[], spec: SearchSpec): JobReply[] {
  const key = JSON.stringify(spec.matcher);
  if (cached?.key !== key) cached = { key, matcher: unwrap(compileMatcher(spec.matcher)) };
  const matcher = cached.matcher;
  const prefilter = matcher.kind !== "multiline" ? nativePrefilter() : null;
  // What every matching line satisfies, when known (a file with no such line has no match); built once per spec.
  if (prefilter && !("condition" in cached)) {
    cached.condition = lineConditionOf(matcher);
    cached.countNatively = countsNatively(matcher, cached.condition);
  }
  const required = prefilter ? cached.condition : undefined;
  const countNatively = cached.countNatively === true;
  if (required) enterSearch(spec.search);
  const batch: Batch = {
    jobs,
    spec,
    matcher,
    directories: new SearchDirectories(),
    kept: 0,
    replies: [],
  };
  try {
    // Run by run of files in one directory: the prefilter opens them through the directory's checked descriptor and
    // decides those it can prove have no match; the others it hands over open, to be searched here.
    for (let start = 0, end = 0; start < jobs.length; start = end) {
      end = directoryRunEnd(jobs, start);
      const decided =
        prefilter && required
          ? decideRun(prefilter, jobs, start, end, required, spec, countNatively ? batch.kept : undefined)
          : undefined;
      answerRun(batch, start, end, decided);
    }
  } finally {
    batch.directories.close();
  }
  // Read through a directory that moved away from its walked path meanwhile: not searched after all.
  for (const index of batch.directories.refused) batch.replies[index]!.result = { kind: "unreadable" };
  return batch.replies;
}

interface Batch {
  jobs: readonly FileJob[];
  spec: SearchSpec;
  matcher: Matcher;
  directories: SearchDirectories;
  /** Rows of matching lines the batch's files answered so far (their files come first in the answer). */
  kept: number;
  replies: JobReply[];
}

/** Answers jobs[start…end): from the prefilter's decisions where it made one, else by searching the file. */
function answerRun(batch: Batch, start: number, end: number, decided: Decisions | undefined): void {
  let index = start;
  try {
    for (; index < end; index++) {
      const job = batch.jobs[index]!;
      const status = decided?.statuses[index - start] ?? PREFILTER.undecided;
      const openFd = decided?.descriptors[index - start] ?? -1;
      let result: FileResult;
      if (decided?.refused) {
        // Its directory moved away from the walked path while the prefilter opened its files.
        if (openFd >= 0) closeQuietly(openFd);
        result = { kind: "unreadable" };
      } else if (status !== PREFILTER.undecided) {
        result = decidedResult(status, decided?.counts[index - start] ?? 0);
      } else {
        batch.directories.tag = index;
        const options = {
          matcher: batch.matcher,
          context: batch.spec.context,
          keep: Math.max(0, job.keep - batch.kept),
          maxBytes: batch.spec.maxFileBytes,
        };
        result = searchFile(job.absolute, options, batch.directories, openFd >= 0 ? openFd : undefined);
      }
      if (result.kind === "searched") batch.kept += result.matches.length;
      batch.replies.push({ id: job.id, result });
    }
  } finally {
    // A failure midway: the files the prefilter left open for the jobs not reached are closed.
    if (decided) for (let rest = index + 1; rest < end; rest++) closeLeftOpen(decided, rest - start);
  }
}

/** Where the run of jobs in the directory of `jobs[start]` ends (the walk hands a directory's files in a row). */
function directoryRunEnd(jobs: readonly FileJob[], start: number): number {
  const path = jobs[start]!.absolute;
  const directory = path.slice(0, path.lastIndexOf("/") + 1);
  let end = start + 1;
  while (end < jobs.length && isDirectFile(jobs[end]!.absolute, directory)) end++;
  return end;
}

function isDirectFile(path: string, directory: string): boolean {
  return path.startsWith(directory) && path.indexOf("/", directory.length) === -1;
}

/**
 * The prefilter's decisions for jobs[start…end), all in one directory (which it checks, before and after, to be
 * exactly at the walked path). Undefined when it could not decide: the files are then searched as without it.
 */
function decideRun(
  prefilter: Prefilter,
  jobs: readonly FileJob[],
  start: number,
  end: number,
  required: LineCondition,
  spec: SearchSpec,
  /** Rows the batch's files answered so far, when files whose rows are not wanted are to be counted natively. */
  kept: number | undefined,
): Decisions | undefined {
  const first = jobs[start]!.absolute;
  const slash = first.lastIndexOf("/");
  if (slash < 0) return undefined;
  const directory = slash === 0 ? "/" : first.slice(0, slash);
  const names = jobs.slice(start, end).map((job) => job.absolute.slice(slash + 1));
  // C strings end at a NUL: a path holding one would name another file (no walked name does; never trusted).
  if (directory.includes("\0") || names.some((name) => name.includes("\0"))) return undefined;
  // A file whose rows the answer has no room for left (the room only shrinks as the run's files answer) is only
  // counted: where the automaton can, natively.
  const countOnly =
    kept === undefined
      ? undefined
      : Uint8Array.from(jobs.slice(start, end), (job) => (job.keep - kept <= 0 ? 1 : 0));
  return prefilter.decide(directory, names, required, spec.maxFileBytes, spec.root, countOnly);
}

/**
 * Whether the automaton counts the matching lines of files whose rows are not wanted, instead of leaving them to
 * JavaScript. It steps every byte of such a file (~2.7 ms per MB over the kernel's C on a 2-core VM); JavaScript's
 * engine is faster on a pattern of bounded pieces (`[A-Z]{4}[0-9]{2}` ignoring case: 1.4 ms per MB, read and
 * decoded), slower where an unbounded repetition makes it try runs again and again (`\w+\(\d+\)`: 4.2).
 */
function countsNatively(matcher: Matcher, condition: LineCondition | undefined): boolean {
  return (
    condition !== undefined &&
    "table" in condition &&
    matcher.kind === "regex" &&
    hasUnboundedRepetition(matcher.line.source)
  );
}

/**
 * The runs every matching line holds, else, for a regex without them, its automaton (line-automaton.ts; undefined
 * for a pattern it does not take). Automata only on x86_64, where line-automaton.c steps in assembly: its C loop, all
 * TinyCC gives elsewhere, reads about half as fast as JavaScript's regex engine.
 */
function lineConditionOf(matcher: Matcher): LineCondition | undefined {
  if (matcher.runs) return matcher.runs;
  if (matcher.kind !== "regex" || matcher.everyLine || process.arch !== "x64") return undefined;
  return lineAutomaton(matcher.line.source, matcher.line.flags);
}

function closeLeftOpen(decided: Decisions, slot: number): void {
  const fd = decided.descriptors[slot]!;
  if (fd >= 0) closeQuietly(fd);
}

/** What searchFile answers for a file the prefilter decided (`count`: a counted file's matching lines). */
function decidedResult(status: number, count: number): FileResult {
  if (status === PREFILTER.binary) return BINARY;
  if (status === PREFILTER.unreadable) return UNREADABLE;
  if (status === PREFILTER.counted) return { kind: "searched", count, matches: [], rows: [] };
  return NO_MATCH;
}

/**
 * Replies as they travel from a worker (as JSON text, see lanes.ts): a file searched with no match and nothing else
 * to tell, which most files of a search are, as its id alone.
 */
export function packReplies(replies: readonly JobReply[]): Array<JobReply | number> {
  return replies.map((reply) => (isPlainNoMatch(reply.result) ? reply.id : reply));
}

/** The replies `packReplies` packed. */
export function unpackReplies(packed: ReadonlyArray<JobReply | number>): JobReply[] {
  return packed.map((item) => (typeof item === "number" ? { id: item, result: NO_MATCH } : item));
}

function isPlainNoMatch(result: JobResult): boolean {
  return (
    result.kind === "searched" &&
    result.count === 0 &&
    result.matches.length === 0 &&
    result.rows.length === 0 &&
    result.link === undefined &&
    result.gaveUp === undefined &&
    result.digest === undefined
  );
}

// The answers most files of a search get, shared rather than made per file (a whole-tree search answers tens of
// thousands): frozen, since nothing may change an answer once given (a change would throw).
const NO_MATCH: JobResult = Object.freeze({
  kind: "searched",
  count: 0,
  matches: Object.freeze([]) as unknown as number[],
  rows: Object.freeze([]) as unknown as [],
});
const BINARY: JobResult = Object.freeze({ kind: "binary" });
const UNREADABLE: JobResult = Object.freeze({ kind: "unreadable" });
