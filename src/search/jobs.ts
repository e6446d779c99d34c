// A batch of files to search and its answers: the message format between the engine and its lanes (main thread
// or workers), and the function every lane runs on a batch.

import { unwrap } from "../errors.ts";
import { compileMatcher, type Matcher, type MatcherSpec } from "./matcher.ts";
import { adoptTransferred, SearchDirectories, transferableMemory } from "./read-file.ts";
import { searchFile, type FileResult } from "./search-file.ts";

export interface SearchSpec {
  matcher: MatcherSpec;
  context: number;
  maxFileBytes: number;
  /** Files with rows up to this size hand back their bytes (for recording the shown rows); 0 for none. */
  carryBytes?: number;
  /** Bytes a batch may carry in all (the engine's share of its bound per search); unbounded when absent. */
  carryBudget?: number;
}

export interface FileJob {
  /** Position in path order. */
  id: number;
  absolute: string;
  /** Matching lines that need rows; later matches are only counted. */
  keep: number;
  /** Digest (decimal) of the version of the file the session has recorded: see FileSearchOptions.knownDigest. */
  knownDigest?: string;
}

export type JobResult = FileResult;

export interface JobReply {
  id: number;
  result: JobResult;
}

let cached: { key: string; matcher: Matcher } | undefined;

/** Runs a batch on the calling thread. The matcher is compiled once per distinct spec. */
export function runJobs(jobs: readonly FileJob[], spec: SearchSpec): JobReply[] {
  const key = JSON.stringify(spec.matcher);
  if (cached?.key !== key) cached = { key, matcher: unwrap(compileMatcher(spec.matcher)) };
  const matcher = cached.matcher;
  const directories = new SearchDirectories();
  let budget = spec.carryBudget ?? Number.POSITIVE_INFINITY;
  let replies: JobReply[];
  try {
    replies = jobs.map((job, index) => {
      directories.tag = index;
      const options = {
        matcher,
        context: spec.context,
        keep: job.keep,
        maxBytes: spec.maxFileBytes,
        carryBytes: Math.min(spec.carryBytes ?? 0, budget),
        knownDigest: job.knownDigest,
      };
      const result = searchFile(job.absolute, options, directories);
      if (result.kind === "searched" && result.bytes) budget -= result.bytes.buffer.byteLength;
      return { id: job.id, result };
    });
  } finally {
    directories.close();
  }
  // Read through a directory that moved away from its walked path meanwhile: not searched after all.
  for (const index of directories.refused) replies[index]!.result = { kind: "unreadable" };
  return replies;
}

/** The memory of the carried bytes in `replies`, to transfer rather than copy across threads. */
export function transferablesOf(replies: readonly JobReply[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const reply of replies) {
    const bytes = reply.result.kind === "searched" ? reply.result.bytes : undefined;
    const memory = bytes && transferableMemory(bytes);
    if (memory) buffers.push(memory);
  }
  return buffers;
}

/** Carried bytes, by reply index, taken out of `replies` so the rest travels as JSON text (see `putCarried`). */
export function takeCarried(replies: JobReply[]): Array<[index: number, bytes: Uint8Array]> {
  const carried: Array<[number, Uint8Array]> = [];
  replies.forEach((reply, index) => {
    if (reply.result.kind === "searched" && reply.result.bytes) {
      carried.push([index, reply.result.bytes]);
      delete reply.result.bytes;
    }
  });
  return carried;
}

/** Puts carried bytes back into replies that travelled as JSON text. */
export function putCarried(replies: JobReply[], carried: ReadonlyArray<[number, Uint8Array]>): JobReply[] {
  for (const [index, bytes] of carried) {
    adoptTransferred(bytes);
    const result = replies[index]?.result;
    if (result?.kind === "searched") result.bytes = bytes;
  }
  return replies;
}
