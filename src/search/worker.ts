// Worker entry point: searches batches of files off the main thread (bundled into the binary as its own entry).
// Messages in: {request, jobs, spec} as JSON text, or {release} when no search is running; out: {request, replies}
// (or {request, error}) — or {ready} once loaded.

import { type FileJob, packReplies, runJobs, type SearchSpec } from "./jobs.ts";
import { releaseReadBuffers } from "./read-file.ts";

declare const self: Worker;

export type WorkerRequest = { request: number; jobs: FileJob[]; spec: SearchSpec };

self.onmessage = (event: MessageEvent<WorkerRequest | string | { release: true }>) => {
  if (typeof event.data === "object" && "release" in event.data) {
    // No search is running (lanes.ts): give back the grown buffers and collect now, while idle, so what a search
    // left does not stay resident until the next one (this heap holds some 12,000 live objects: a quick collection).
    releaseReadBuffers();
    Bun.gc(true);
    return;
  }
  // Batches come as JSON text: cloning many small objects costs far more than one string (lanes.ts).
  const message = typeof event.data === "string" ? (JSON.parse(event.data) as WorkerRequest) : event.data;
  const request = message.request;
  try {
    const replies = runJobs(message.jobs, message.spec);
    self.postMessage({ request, replies: JSON.stringify(packReplies(replies)) });
  } catch (error) {
    self.postMessage({ request, error: error instanceof Error ? error.message : String(error) });
  }
};

self.postMessage({ ready: true });
