// Worker entry point: searches batches of files off the main thread (bundled into the binary as its own entry).
// Messages in: {request, jobs, spec} as JSON text, or {collect}; out: {request, replies} (or {request, error}),
// {collected} once it collected, or {ready} once loaded.

import { type PackedJobs, packReplies, runJobs, type SearchSpec, unpackJobs } from "./jobs.ts";
import { WORKER_IDLE_COLLECTION_MS } from "./limits.ts";

declare const self: Worker;

export type WorkerRequest = { request: number; jobs: PackedJobs; spec: SearchSpec };

let idleCollection: ReturnType<typeof setTimeout> | undefined;

/** Asks the worker to collect its heap now (after the batches sent before it: messages are taken in order). */
export type CollectRequest = { collect: true };

self.onmessage = (event: MessageEvent<WorkerRequest | CollectRequest | string>) => {
  clearTimeout(idleCollection);
  if (typeof event.data === "object" && "collect" in event.data) {
    Bun.gc(true);
    self.postMessage({ collected: true });
    return;
  }
  // Batches come as JSON text: cloning many small objects costs far more than one string (lanes.ts).
  const message = typeof event.data === "string" ? (JSON.parse(event.data) as WorkerRequest) : event.data;
  const request = message.request;
  try {
    const replies = runJobs(unpackJobs(message.jobs), message.spec);
    self.postMessage({ request, replies: JSON.stringify(packReplies(replies)) });
  } catch (error) {
    self.postMessage({ request, error: error instanceof Error ? error.message : String(error) });
  }
  idleCollection = setTimeout(() => Bun.gc(true), WORKER_IDLE_COLLECTION_MS);
  idleCollection.unref();
};

self.postMessage({ ready: true });
