// Where batches of files get searched: the main thread (always available) and a pool of Bun workers, started on
// first use and kept for later calls. A worker that fails hands its batches back to the main thread.

import { availableParallelism } from "node:os";
import { type FileJob, type JobReply, runJobs, type SearchSpec, unpackReplies } from "./jobs.ts";
import {
  BATCH_ENDS_AT_DIRECTORY,
  BATCHES_IN_FLIGHT_PER_WORKER,
  INLINE_BATCH_ENDS_AT_DIRECTORY,
  MAX_WORKERS,
} from "./limits.ts";

export interface Lane {
  /** Whether the lane can take another batch now. */
  canTake(): boolean;
  /** How big its batches are (limits.ts); BATCH_ENDS_AT_DIRECTORY when not said. */
  readonly batchBounds?: { readonly from: number; readonly upTo: number };
  run(jobs: FileJob[], spec: SearchSpec): Promise<JobReply[]>;
}

/** Searches on the main thread, one batch per macrotask so worker replies and cancellation get through. */
class InlineLane implements Lane {
  /** Batches queued on the main thread. */
  private running = 0;

  constructor(
    private readonly onFree: () => void = () => {},
    /** Whether a worker is up to share the search with (else the main thread searches alone). */
    private readonly helped: () => boolean = () => false,
  ) {}

  /** Smaller batches beside a worker (limits.ts); alone, smaller batches would only cost more per file. */
  get batchBounds() {
    return this.helped() ? INLINE_BATCH_ENDS_AT_DIRECTORY : BATCH_ENDS_AT_DIRECTORY;
  }

  canTake(): boolean {
    return this.running === 0;
  }

  run(jobs: FileJob[], spec: SearchSpec): Promise<JobReply[]> {
    this.running++;
    const done = () => {
      this.running--;
      this.onFree();
    };
    const replies = onNextTurn(() => runJobs(jobs, spec));
    replies.then(done, done);
    return replies;
  }
}

interface Pending {
  /** Does the same work on the main thread (when the worker fails). */
  fallback(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type WorkerMessage =
  { ready: true } | { request: number; replies: string } | { request: number; error: string };

class WorkerLane implements Lane {
  private readonly worker: Worker | undefined;
  private ready = false;
  private dead = false;
  private nextRequest = 1;
  private readonly pending = new Map<number, Pending>();

  /** `onChange` runs when the worker becomes ready and whenever it finishes a batch. */
  constructor(private readonly onChange: () => void) {
    try {
      this.worker = new Worker(workerEntry());
    } catch {
      this.dead = true;
      return;
    }
    this.worker.unref();
    this.worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if ("ready" in message) {
        this.ready = true;
        onChange();
        return;
      }
      const pending = this.pending.get(message.request);
      if (!pending) return;
      this.pending.delete(message.request);
      if ("error" in message) pending.reject(new Error(message.error));
      else pending.resolve(unpackReplies(JSON.parse(message.replies) as Array<JobReply | number>));
      onChange();
    };
    this.worker.onerror = () => this.fail();
  }

  canTake(): boolean {
    return this.ready && !this.dead && this.pending.size < BATCHES_IN_FLIGHT_PER_WORKER;
  }

  /** Started and neither ready nor dead yet. */
  get loading(): boolean {
    return !this.ready && !this.dead;
  }

  /** Requests queued on the worker; undefined when it cannot take any (not ready yet, or dead). */
  get queued(): number | undefined {
    return this.ready && !this.dead ? this.pending.size : undefined;
  }

  run(jobs: FileJob[], spec: SearchSpec): Promise<JobReply[]> {
    // As JSON text both ways: structured cloning of a batch's many small objects cost ~0.1 ms per batch.
    return this.send(
      (request) => JSON.stringify({ request, jobs, spec }),
      () => runJobs(jobs, spec),
    );
  }

  private send<T>(message: (request: number) => unknown, fallback: () => T): Promise<T> {
    if (this.dead || !this.worker) return new Promise((resolve) => resolve(fallback()));
    const request = this.nextRequest++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(request, { fallback, resolve: resolve as (value: unknown) => void, reject });
      this.worker!.postMessage(message(request));
    });
  }

  /** A crashed or unloadable worker: finish its work here and never use it again. */
  private fail(): void {
    this.dead = true;
    for (const [request, pending] of this.pending) {
      this.pending.delete(request);
      try {
        pending.resolve(pending.fallback());
      } catch (error) {
        pending.reject(error);
      }
    }
    this.worker?.terminate();
  }
}

/** The lanes: the main thread (which also walks and collects) plus `workerCount` workers. */
export class LanePool {
  readonly inline = new InlineLane(
    () => this.changed(),
    () => this.workers.some((worker) => worker.queued !== undefined),
  );
  readonly workers: WorkerLane[] = [];
  private listeners = new Set<() => void>();

  constructor(workerCount: number) {
    this.addWorkers(workerCount);
  }

  /** Starts `count` more workers; each becomes available once loaded. */
  addWorkers(count: number): void {
    for (let index = 0; index < count; index++) this.workers.push(new WorkerLane(() => this.changed()));
  }

  /** Lanes that can take a batch now, workers first. */
  available(): Lane[] {
    const lanes: Lane[] = this.workers.filter((worker) => worker.canTake());
    if (this.inline.canTake()) lanes.push(this.inline);
    return lanes;
  }

  /**
   * Calls `listener` whenever a lane may have become free (a batch finished, a worker became ready), so a search
   * waiting for a lane that another search holds wakes up. Returns the unsubscribe function.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/**
 * Where the worker's code is. Run from sources, relative to this module. Compiled, import.meta.url names the
 * executable and entry points are addressed from the bundle's root, src/ (scripts/build-options.ts lists the worker).
 */
function workerEntry(): string | URL {
  return import.meta.url.endsWith("/lanes.ts")
    ? new URL("./worker.ts", import.meta.url)
    : "./search/worker.ts";
}

/** Runs `work` on the main thread in a macrotask of its own, so replies, cancellation and answers get through. */
function onNextTurn<T>(work: () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error);
      }
    });
  });
}

let shared: LanePool | undefined;
let workersStarted = false;

/** The pool every lapp_grep call uses, created on first use — with no workers until `startSharedWorkers`. */
export function sharedPool(): LanePool {
  shared ??= new LanePool(0);
  return shared;
}

/**
 * Starts the shared pool's workers, once. lapp_grep calls this when its first search has answered (or runs long):
 * a worker loading the bundle competes for the cores with that search and slowed a short first search more than
 * the worker then helped it (bench/speed: first call of a fresh server); later searches find the workers ready.
 */
export function startSharedWorkers(): void {
  if (workersStarted) return;
  workersStarted = true;
  sharedPool().addWorkers(defaultWorkerCount());
}

/** One worker per core but the main thread's, bounded: each worker is a JavaScript heap of its own. */
function defaultWorkerCount(): number {
  return Math.min(MAX_WORKERS, Math.max(0, availableParallelism() - 1));
}
