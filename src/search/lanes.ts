// Where batches of files get searched: the main thread and a pool of Bun workers, started on first use and kept for
// later calls. A regular expression is only ever run by a worker: a pattern that backtracks without end (`(a+)+$`)
// then costs that worker, never the main thread, which keeps answering other calls; when the search's time is up
// (or it is cancelled) its workers are terminated and replaced. A plain literal, whose scan is linear, runs on the
// main thread too while no worker is up yet (a first search does not wait for a worker to load).

import { availableParallelism } from "node:os";
import { type FileJob, type JobReply, packJobs, runJobs, type SearchSpec, unpackReplies } from "./jobs.ts";
import {
  BATCH_ENDS_AT_DIRECTORY,
  BATCHES_IN_FLIGHT_PER_WORKER,
  INLINE_BATCH_ENDS_AT_DIRECTORY,
  MAX_WORKERS,
} from "./limits.ts";

export interface Lane {
  /** How big its batches are (limits.ts); BATCH_ENDS_AT_DIRECTORY when not said. */
  readonly batchBounds?: { readonly from: number; readonly upTo: number };
  run(jobs: FileJob[], spec: SearchSpec): Promise<JobReply[]>;
}

/** Whether a search may run on the main thread: a literal, whose scan takes time linear in the bytes. */
function runsInline(spec: SearchSpec): boolean {
  return spec.matcher.literal && !spec.matcher.ignoreCase;
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

/** A batch a worker was stopped in: every file of it is answered as not finished. */
function unfinished(jobs: readonly FileJob[]): JobReply[] {
  return jobs.map((job) => ({ id: job.id, result: { kind: "unfinished" } }));
}

interface Pending {
  /** Which search the batch belongs to. */
  search: number | undefined;
  jobs: FileJob[];
  spec: SearchSpec;
  resolve(value: JobReply[]): void;
  reject(error: unknown): void;
}

type WorkerMessage =
  | { ready: true }
  | { collected: true }
  | { request: number; replies: string }
  | { request: number; error: string };

class WorkerLane implements Lane {
  private readonly worker: Worker | undefined;
  private ready = false;
  private dead = false;
  private nextRequest = 1;
  private readonly pending = new Map<number, Pending>();
  /** Collections it reported after being asked (`collect`). */
  collections = 0;

  /** `onChange` runs when the worker becomes ready, finishes a batch, or dies. */
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
      if ("collected" in message) {
        this.collections++;
        return;
      }
      const pending = this.pending.get(message.request);
      if (!pending) return;
      this.pending.delete(message.request);
      if ("error" in message) pending.reject(new Error(message.error));
      else pending.resolve(unpackReplies(JSON.parse(message.replies) as Array<JobReply | number>));
      onChange();
    };
    this.worker.onerror = () => this.stop();
  }

  /** A worker takes the batches of one search at a time: stopping it then stops nothing else. */
  canTake(search: number | undefined): boolean {
    if (!this.ready || this.dead || this.pending.size >= BATCHES_IN_FLIGHT_PER_WORKER) return false;
    for (const pending of this.pending.values()) if (pending.search !== search) return false;
    return true;
  }

  /** Started and neither ready nor dead yet. */
  get loading(): boolean {
    return !this.ready && !this.dead;
  }

  get alive(): boolean {
    return !this.dead;
  }

  /** Whether it holds batches of `search`. */
  holds(search: number | undefined): boolean {
    for (const pending of this.pending.values()) if (pending.search === search) return true;
    return false;
  }

  /** Requests queued on the worker; undefined when it cannot take any (not ready yet, or dead). */
  get queued(): number | undefined {
    return this.ready && !this.dead ? this.pending.size : undefined;
  }

  run(jobs: FileJob[], spec: SearchSpec): Promise<JobReply[]> {
    if (this.dead || !this.worker) return Promise.resolve(unfinished(jobs));
    const request = this.nextRequest++;
    return new Promise<JobReply[]>((resolve, reject) => {
      this.pending.set(request, { search: spec.search, jobs, spec, resolve, reject });
      // As JSON text: structured cloning of a batch's many small objects cost ~0.1 ms per batch.
      this.worker!.postMessage(JSON.stringify({ request, jobs: packJobs(jobs), spec }));
    });
  }

  /** Asks the worker to collect its heap once the batches it holds are done (it reports back: `collections`). */
  collect(): void {
    if (this.ready && !this.dead) this.worker?.postMessage({ collect: true });
  }

  /**
   * Terminates the worker (a search's time is up, or it crashed): its batches answer as not finished — except a
   * literal search's, which the main thread can finish safely.
   */
  stop(): void {
    if (this.dead) return;
    this.dead = true;
    this.worker?.terminate();
    for (const [request, pending] of this.pending) {
      this.pending.delete(request);
      if (runsInline(pending.spec))
        onNextTurn(() => runJobs(pending.jobs, pending.spec)).then(pending.resolve, pending.reject);
      else pending.resolve(unfinished(pending.jobs));
    }
    this.onChange();
  }
}

/** The lanes: the main thread (which also walks and collects) plus up to `workerCount` workers. */
export class LanePool {
  readonly inline = new InlineLane(
    () => this.changed(),
    () => this.workers.some((worker) => worker.queued !== undefined),
  );
  workers: WorkerLane[] = [];
  private wanted: number;
  private listeners = new Set<() => void>();

  /** `workerCount`: workers started now; a regex search starts the pool's share if none are (`defaultWorkerCount`). */
  constructor(workerCount: number) {
    this.wanted = workerCount;
    this.addWorkers(workerCount);
  }

  /** Starts `count` more workers; each becomes available once loaded. */
  addWorkers(count: number): void {
    for (let index = 0; index < count; index++) this.workers.push(new WorkerLane(() => this.changed()));
    this.wanted = Math.max(this.wanted, this.workers.filter((worker) => worker.alive).length);
  }

  /**
   * Lanes that can take a batch of `spec`'s search now, workers first; the main thread only for a literal. A
   * regex search with no worker alive starts them (they take a batch once loaded).
   */
  available(spec: SearchSpec): Lane[] {
    if (!runsInline(spec) && !this.workers.some((worker) => worker.alive))
      this.addWorkers(Math.max(1, this.wanted, defaultWorkerCount()));
    const lanes: Lane[] = this.workers.filter((worker) => worker.canTake(spec.search));
    const workersUp = this.workers.some((worker) => worker.queued !== undefined);
    if (runsInline(spec) && !workersUp && this.inline.canTake()) lanes.push(this.inline);
    return lanes;
  }

  /**
   * Stops a search's work in progress (its time is up, or it was cancelled): its workers are terminated and as many
   * new ones started in their place. Returns whether any was.
   */
  stop(search: number | undefined): boolean {
    const stopped = this.workers.filter((worker) => worker.alive && worker.holds(search));
    for (const worker of stopped) worker.stop();
    this.workers = this.workers.filter((worker) => worker.alive);
    this.addWorkers(stopped.length);
    return stopped.length > 0;
  }

  /** Asks every worker to collect its heap once its batches are done (after a big search: limits.ts). */
  collect(): void {
    for (const worker of this.workers) worker.collect();
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

/** The pool every lapp_grep call uses, created on first use — with no workers until one is needed. */
export function sharedPool(): LanePool {
  shared ??= new LanePool(0);
  return shared;
}

/**
 * Starts the shared pool's workers, once. lapp_grep calls this when its first search has answered (or runs long):
 * a worker loading the bundle competes for the cores with that search and slowed a short first search more than
 * the worker then helped it (bench/speed: first call of a fresh server); later searches find the workers ready. A
 * regex search starts them at once (LanePool.available).
 */
export function startSharedWorkers(): void {
  if (workersStarted) return;
  workersStarted = true;
  const pool = sharedPool();
  const alive = pool.workers.filter((worker) => worker.alive).length;
  pool.addWorkers(Math.max(0, defaultWorkerCount() - alive));
}

/**
 * One worker per core, bounded: the main thread only walks and collects once they are up. Each worker is a
 * JavaScript heap of its own.
 */
function defaultWorkerCount(): number {
  return Math.min(MAX_WORKERS, Math.max(1, availableParallelism()));
}
