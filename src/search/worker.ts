// Worker entry point: searches batches of files off the main thread (bundled into the binary as its own entry),
// and describes the versions of files a search showed rows of. Messages in: {request, jobs, spec} or
// {request, describe}; out: {request, replies} or {request, version} (or {request, error}) — or {ready} once loaded.

import { type FileJob, packReplies, runJobs, type SearchSpec, takeCarried, transferablesOf } from "./jobs.ts";
import { shownVersion } from "./shown-version.ts";

declare const self: Worker;

export type WorkerRequest =
  | { request: number; jobs: FileJob[]; spec: SearchSpec }
  | { request: number; describe: { bytes: Uint8Array; rows: number[] } };

self.onmessage = (event: MessageEvent<WorkerRequest | string>) => {
  // Batches come as JSON text: cloning many small objects costs far more than one string (lanes.ts).
  const message = typeof event.data === "string" ? (JSON.parse(event.data) as WorkerRequest) : event.data;
  const request = message.request;
  try {
    if ("describe" in message) {
      const version = shownVersion(message.describe.bytes, message.describe.rows);
      self.postMessage({ request, version }, [version.hashes.buffer as ArrayBuffer]);
    } else {
      const replies = runJobs(message.jobs, message.spec);
      const transfer = transferablesOf(replies);
      const carried = takeCarried(replies);
      self.postMessage({ request, replies: JSON.stringify(packReplies(replies)), carried }, transfer);
    }
  } catch (error) {
    self.postMessage({ request, error: error instanceof Error ? error.message : String(error) });
  }
};

self.postMessage({ ready: true });
