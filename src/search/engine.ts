// Runs one search: walks lazily, hands batches of files to the lanes, and commits answers in path order so the
// result is the same on every run. Stops at the time budget or on cancellation with what it has, in order.

import { nativeSpelling, slashed } from "../files/path-spelling.ts";
import { scanBlockedInodes } from "../security/blocked-inodes.ts";
import { IdWindow } from "./id-window.ts";
import type { FileJob, JobResult, SearchSpec } from "./jobs.ts";
import type { Lane } from "./lanes.ts";
import { BATCH_ENDS_AT_DIRECTORY, BATCH_GROWTH_EVERY, BATCH_GROWTH_MAX } from "./limits.ts";
import type { Overrides } from "./overrides.ts";
import type { Row } from "./search-file.ts";
import { walkFiles, type WalkedFile } from "./walk.ts";

export interface LaneSource {
  /** Lanes that can take a batch of this search right now. */
  available(spec: SearchSpec): Lane[];
  /** Calls `listener` when more lanes may have become available. */
  onChange(listener: () => void): () => void;
  /** Stops the work in progress of a search that ended early (its workers terminated and replaced). */
  stop?(search: number | undefined): void;
}

export interface SearchRequest {
  root: string;
  /** Real path of the file or directory to search. */
  start: string;
  startIsFile: boolean;
  spec: SearchSpec;
  maxResults: number;
  overrides: Overrides;
  /** Whether a root-relative path is blocked; always the same answer for the same path (WalkOptions.isBlocked). */
  isBlocked: (relative: string) => boolean;
  lanes: LaneSource;
  signal: AbortSignal;
  budgetMs: number;
  progressIntervalMs: number;
  progress(filesSearched: number, matches: number): void;
  env?: Record<string, string | undefined>;
}

export interface FileMatches {
  relative: string;
  absolute: string;
  /** Matching line numbers shown (ascending). */
  matches: number[];
  /** Rows of the matches and their context. */
  rows: Row[];
  /** A multiline search's blocks: the last line of each (`matches` holds each block's first line). */
  ends?: number[];
  /** Digest (hex) of the bytes the rows were taken from: the session records them only while the file holds them. */
  digest?: string;
}

export type StopReason = "time" | "cancelled";

/** A file with matches, however many of them the answer shows. */
export interface FileCount {
  relative: string;
  /** Its matching lines (blocks in a multiline search). */
  count: number;
  /** A NUL byte stopped its reading after its matches (FileResult.binaryAfter). */
  binaryAfter?: true;
}

export interface SearchOutcome {
  files: FileMatches[];
  totalMatches: number;
  filesWithMatches: number;
  filesSearched: number;
  /** Every file with matches, in path order (the files and count outputs). */
  counted: FileCount[];
  /** More matching lines exist than `files` shows (max_results reached). */
  truncated: boolean;
  stopped: StopReason | undefined;
  /** Root-relative paths skipped for their size. */
  tooLarge: string[];
  /** Files where the regex engine gave up on some lines (too much backtracking): their matches may be incomplete. */
  gaveUp: { relative: string; lines: number }[];
  /** Files being searched when the search stopped (time up, cancelled): their matches are not counted. */
  unfinished: string[];
  /** The searched path itself was a single binary file. */
  binaryStart: boolean;
  /** Directories and files skipped because their path is longer than the system allows (PATH_MAX). */
  tooDeep: { count: number; first: string | undefined };
}

/**
 * How many times the usual batch size a search's next batch gets, by the files it walked so far: a small search keeps
 * small batches (every lane busy from the start), a search of tens of thousands of files gets bigger ones, since each
 * batch costs the main thread a message both ways whatever its size.
 */
function batchScale(walkedFiles: number): number {
  return Math.min(BATCH_GROWTH_MAX, Math.max(1, Math.floor(walkedFiles / BATCH_GROWTH_EVERY)));
}

/** Searches run by this process so far (each batch says which it belongs to: SearchSpec.search). */
let searches = 0;

/** Whether this process has begun a search (the walk before the first one then ends: warm-walk.ts). */
export function searchBegun(): boolean {
  return searches > 0;
}

export async function runSearch(given: SearchRequest): Promise<SearchOutcome> {
  // The walk joins names with `/` and cuts the root off by its spelling: on Windows, root and start are given as the
  // system spells real paths (`C:\x\root`), so both are walked as `C:/x/root`; answers name files as the system does.
  const request = { ...given, root: slashed(given.root), start: slashed(given.start) };
  const started = performance.now();
  const search = ++searches;
  const deadline = started + request.budgetMs;
  const tooDeep = { count: 0, first: undefined as string | undefined };
  const files = request.startIsFile
    ? singleFile(request)
    : walkFiles({
        ...walkOptions(request),
        search,
        onTooDeep: (relative) => (tooDeep.count++, (tooDeep.first ??= relative)),
      });
  const outcome: SearchOutcome = {
    files: [],
    totalMatches: 0,
    filesWithMatches: 0,
    filesSearched: 0,
    counted: [],
    truncated: false,
    stopped: undefined,
    tooLarge: [],
    gaveUp: [],
    unfinished: [],
    binaryStart: false,
    tooDeep,
  };
  // The jobs of each batch handed out and not answered yet: the files a stop leaves unfinished.
  const inFlightJobs = new Map<number, FileJob[]>();
  let batches = 0;
  // Searched files with several hard links: refused at the end if one shares its inode with a blocked file.
  const linked: Array<{ link: string; relative: string; count: number; kept: number }> = [];
  const walked = new IdWindow<WalkedFile>();
  const answered = new IdWindow<JobResult>();
  let nextId = 0;
  let commitId = 0;
  let kept = 0;
  let exhausted = false;
  let failure: unknown;
  let inFlight = 0;
  // Answers that arrive after the search stopped (time budget, cancellation) must not change the outcome.
  let closed = false;

  let wake: () => void = () => {};
  const wakeUp = () => wake();
  const unsubscribe = request.lanes.onChange(wakeUp);
  request.signal.addEventListener("abort", wakeUp);
  const timer = setTimeout(wakeUp, Math.max(0, request.budgetMs));
  let lastProgress = started;

  const commit = () => {
    while (answered.has(commitId)) {
      const result = answered.take(commitId)!;
      const file = walked.take(commitId)!;
      commitId++;
      if (result.kind === "too-large") outcome.tooLarge.push(file.relative);
      if (result.kind === "binary" && request.startIsFile) outcome.binaryStart = true;
      if (result.kind === "unfinished") outcome.unfinished.push(file.relative);
      if (result.kind !== "searched") continue;
      const linkedFile = result.link
        ? { link: result.link, relative: file.relative, count: result.count, kept: 0 }
        : undefined;
      if (linkedFile) linked.push(linkedFile);
      outcome.filesSearched++;
      if (result.gaveUp) outcome.gaveUp.push({ relative: file.relative, lines: result.gaveUp });
      if (result.count === 0) continue;
      outcome.filesWithMatches++;
      outcome.totalMatches += result.count;
      outcome.counted.push({
        relative: file.relative,
        count: result.count,
        ...(result.binaryAfter && { binaryAfter: result.binaryAfter }),
      });
      const room = request.maxResults - kept;
      if (room <= 0 || result.matches.length === 0) continue;
      const matches = result.matches.slice(0, room);
      kept += matches.length;
      if (linkedFile) linkedFile.kept = matches.length;
      const found: FileMatches = {
        relative: file.relative,
        absolute: nativeSpelling(file.absolute),
        matches,
        rows: result.rows,
        ...(result.ends !== undefined && { ends: result.ends.slice(0, room) }),
        ...(result.digest !== undefined && { digest: result.digest }),
      };
      outcome.files.push(found);
    }
  };

  // The file after the last batch's end, taken from the walk to see whether its directory went on.
  let held: WalkedFile | undefined;
  const nextFile = (): WalkedFile | undefined => {
    if (held !== undefined) {
      const file = held;
      held = undefined;
      return file;
    }
    const next = files.next();
    return next.done ? undefined : next.value;
  };
  const takeBatch = (bounds: NonNullable<Lane["batchBounds"]> = BATCH_ENDS_AT_DIRECTORY): FileJob[] => {
    const scale = batchScale(nextId);
    const from = bounds.from * scale;
    const upTo = bounds.upTo * scale;
    const jobs: FileJob[] = [];
    const keep = Math.max(0, request.maxResults - kept);
    let previous: WalkedFile | undefined;
    while (jobs.length < upTo) {
      const file = nextFile();
      if (file === undefined) {
        exhausted = true;
        break;
      }
      // A new directory ends the batch once it holds enough files; the same directory goes on, up to the most.
      const newDirectory = previous === undefined || file.directory !== previous.directory;
      if (newDirectory && jobs.length >= from) {
        held = file;
        break;
      }
      previous = file;
      const id = nextId++;
      walked.set(id, file);
      jobs.push({ id, absolute: file.absolute, keep, directory: file.directory, name: file.name });
    }
    return jobs;
  };

  try {
    while (true) {
      if (failure !== undefined) throw failure;
      if (request.signal.aborted) {
        outcome.stopped = "cancelled";
        break;
      }
      if (performance.now() >= deadline) {
        outcome.stopped = "time";
        break;
      }
      // Every lane that can take a batch gets one, again until none can: a worker keeps a few queued.
      for (
        let lane = nextLane(request.lanes, { ...request.spec, search });
        lane !== undefined && !exhausted;
        lane = nextLane(request.lanes, { ...request.spec, search })
      ) {
        const jobs = takeBatch(lane.batchBounds);
        if (jobs.length === 0) break;
        inFlight++;
        const batch = batches++;
        inFlightJobs.set(batch, jobs);
        lane.run(jobs, { ...request.spec, search }).then(
          (replies) => {
            if (closed) return;
            inFlightJobs.delete(batch);
            for (const reply of replies) answered.set(reply.id, reply.result);
            commit();
            inFlight--;
            wakeUp();
          },
          (error: unknown) => {
            if (closed) return;
            failure = error;
            inFlight--;
            wakeUp();
          },
        );
      }
      if (exhausted && inFlight === 0) break;
      const now = performance.now();
      if (now - lastProgress >= request.progressIntervalMs) {
        lastProgress = now;
        request.progress(outcome.filesSearched, outcome.totalMatches);
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    closed = true;
    clearTimeout(timer);
    unsubscribe();
    request.signal.removeEventListener("abort", wakeUp);
    if (inFlightJobs.size > 0) {
      // Stopped early: the files still being searched are named, and the workers searching them stopped.
      for (const jobs of inFlightJobs.values())
        for (const job of jobs) {
          const file = walked.take(job.id);
          if (file) outcome.unfinished.push(file.relative);
        }
      outcome.unfinished.sort();
      request.lanes.stop?.(search);
    }
  }
  if (failure !== undefined) throw failure;
  kept -= dropBlockedLinks(outcome, linked, request);
  outcome.truncated = outcome.totalMatches > kept;
  return outcome;
}

/**
 * A hard link to a blocked file under an innocent name: removed from the answer as if never searched. The blocked
 * inodes come from a scan of the whole root, made only when a searched file has several links. Returns how many
 * kept matches were dropped.
 */
function dropBlockedLinks(
  outcome: SearchOutcome,
  linked: ReadonlyArray<{ link: string; relative: string; count: number; kept: number }>,
  request: SearchRequest,
): number {
  if (linked.length === 0) return 0;
  const blocked = scanBlockedInodes(request.root, (relative) => request.isBlocked(relative));
  const refused = linked.filter((file) => blocked.has(file.link));
  if (refused.length === 0) return 0;
  const names = new Set(refused.map((file) => file.relative));
  outcome.files = outcome.files.filter((file) => !names.has(file.relative));
  outcome.counted = outcome.counted.filter((file) => !names.has(file.relative));
  let dropped = 0;
  for (const file of refused) {
    outcome.filesSearched--;
    outcome.totalMatches -= file.count;
    if (file.count > 0) outcome.filesWithMatches--;
    dropped += file.kept;
  }
  return dropped;
}

/** A lane that can take a batch now (workers before the main thread); each batch given changes the answer. */
function nextLane(lanes: LaneSource, spec: SearchSpec): Lane | undefined {
  return lanes.available(spec)[0];
}

function walkOptions(request: SearchRequest) {
  return {
    root: request.root,
    start: request.start,
    // Passed as it is: the walk keeps verdicts for the same function (walk.ts).
    isBlocked: request.isBlocked,
    overrides: request.overrides,
    env: request.env,
  };
}

function* singleFile(request: SearchRequest): Generator<WalkedFile> {
  const prefix = request.root === "/" ? "/" : `${request.root}/`;
  const relative = request.start.startsWith(prefix) ? request.start.slice(prefix.length) : request.start;
  yield { absolute: request.start, relative };
}
