// Named limits and budgets of lapp_grep, in one place so the messages, the schema and the engine agree.
// Numbers that mirror ripgrep's behaviour say so; the rest are lapp's own choices.

/** Default `max_results` (matching lines returned). */
export const DEFAULT_MAX_RESULTS = 200;
/** Default lines of context before and after each match. */
export const DEFAULT_CONTEXT = 2;
/** Largest `context` accepted. */
export const MAX_CONTEXT = 20;
/** A search stops after this long and says its results are partial (the agent should not wait longer). */
export const SEARCH_TIME_BUDGET_MS = 10_000;
/** Progress notifications go out at most this often on a long search. */
export const PROGRESS_INTERVAL_MS = 500;
/** The text result stops growing at this size (like a read page) and says it was cut. */
export const MAX_OUTPUT_BYTES = 256 * 1024;
/** Files larger than this are not searched (the result names them); lapp_read pages through them, edits refuse them. */
export const MAX_SEARCH_FILE_BYTES = 64 * 1024 * 1024;
/** Ignore files larger than this are not read (a sane cap for a list of patterns), counted in bytes read. */
export const MAX_IGNORE_FILE_BYTES = 1024 * 1024;
/**
 * ripgrep reads files in buffers of this size and, on meeting a NUL byte, gives up on the file: nothing is reported
 * when the NUL is in the first buffer, and only lines of earlier buffers otherwise. lapp_grep mirrors that.
 */
export const RIPGREP_BUFFER_BYTES = 64 * 1024;
/**
 * Files larger than one ripgrep buffer and up to this size are read whole at once (into a buffer each lane reuses,
 * so this also bounds what that buffer keeps) rather than streamed, then read again for the rows of their matches.
 */
export const WHOLE_READ_MAX_BYTES = 16 * 1024 * 1024;
/**
 * Files handed to a search lane at once: few enough to keep lanes balanced, enough to amortize messages. A batch
 * ends where a directory ends once it holds `from` files, else at `upTo`: a directory cut between two batches is
 * opened and checked twice (prefilter.c), once for each.
 */
export const BATCH_ENDS_AT_DIRECTORY = { from: 24, upTo: 48 } as const;
/**
 * A search's batches grow by the usual size for every this many files walked (engine.ts: batchScale), up to
 * BATCH_GROWTH_MAX times it: each batch costs the main thread a message both ways (a JSON text each way), which
 * whole-tree searches of the Linux kernel (78,000 files, ~2,000 batches of the usual size) felt: with growing
 * batches they took 0.84–0.97× the time, calls alternating (bench/results/2026-12-06-vm-xeon-ab-7.md).
 */
export const BATCH_GROWTH_EVERY = 2048;
export const BATCH_GROWTH_MAX = 8;
/**
 * The main thread's own batches beside a worker: half as big. It walks every file besides searching its batches, so
 * with equal batches it searched a third of the files while a worker waited for the walk; with half batches its
 * share falls to about a quarter, where the two threads of 2 cores finish together (corpus regex 3-5 ms less, the
 * packages tree's regex 5 ms less, same-hour A/B). Searching alone (no worker up yet), it keeps the usual size.
 */
export const INLINE_BATCH_ENDS_AT_DIRECTORY = { from: 12, upTo: 24 } as const;
/**
 * Search workers at most, besides the main thread. Measured on 2 cores (bench/results/*-grep.md): the main thread
 * plus one worker beats the main thread alone by about a quarter; each worker costs a JavaScript heap.
 */
export const MAX_WORKERS = 7;
/** A first search still running after this long starts the search workers (they start after it otherwise). */
export const WORKERS_JOIN_AFTER_MS = 1000;
/**
 * A worker given no batch for this long collects its heap fully, as the main thread does between calls
 * (server/create.ts): on the Linux tree, after a few whole-tree searches, the server then idles at 157 MiB instead
 * of 174. A batch arriving during the collection (~5 ms) waits for it.
 */
export const WORKER_IDLE_COLLECTION_MS = 500;
/**
 * A search that searched this many files has the search workers collect their heaps once their batches are done,
 * rather than when they next idle for WORKER_IDLE_COLLECTION_MS: back-to-back whole-tree searches of the Linux tree
 * (78,000 files) otherwise started each on the garbage of the one before. bench:kernel-memory's three rounds: peaks
 * 254 and 263 MiB against 301 and 268, the searches 0.92–1.05× (bench/README.md, "kernel-memory"). A smaller search
 * is left alone: collecting after every call made searches of a few thousand files up to 4× slower.
 */
export const WORKERS_COLLECT_AFTER_FILES = 20_000;
/** Batches a worker may have queued, so it never idles while the main thread collects. */
export const BATCHES_IN_FLIGHT_PER_WORKER = 3;
/**
 * A directory's listing is kept for the next search only when the directory had been quiet this long when it was
 * listed (listing-cache.ts): longer than any local file system's timestamp granularity (FAT's is 2 s).
 */
export const LISTING_SETTLED_MS = 3000;
/**
 * Directory entries kept at most (~100 bytes each); past it the listing used longest ago is dropped, never one the
 * walk in progress used (listing-cache.ts).
 */
export const KEPT_LISTING_ENTRIES = 100_000;
