// Worker entry point: searches batches of files off the main thread (bundled into the binary as its own entry).
// Messages in: {request, jobs, spec}; out: {request, replies} — or {ready} once loaded.

import { type FileJob, runJobs, type SearchSpec } from "./jobs.ts";

declare const self: Worker;

export interface WorkerRequest {
  request: number;
  jobs: FileJob[];
  spec: SearchSpec;
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { request, jobs, spec } = event.data;
  try {
    self.postMessage({ request, replies: runJobs(jobs, spec) });
  } catch (error) {
    self.postMessage({ request, error: error instanceof Error ? error.message : String(error) });
  }
};

self.postMessage({ ready: true });
