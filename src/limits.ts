// Named limits of lapp, in one place so the README, the messages and the code agree.

export const DEFAULT_READ_LIMIT = 2000;
/** A displayed line is cut after this many characters; its ref stays valid. */
export const MAX_LINE_CHARS = 2000;
/** A read page also stops at this many bytes (UTF-8) of output, counted as lapp_grep counts its output. */
export const MAX_PAGE_BYTES = 256 * 1024;
/**
 * Files larger than this are refused by edit and write (FILE_TOO_LARGE); read pages through larger files by
 * streaming. An edit holds the file decoded in memory: at 32 MiB that peaks near 430 MB RSS and ~1 s (docs/safety.md).
 */
export const MAX_EDIT_BYTES = 32 * 1024 * 1024;
/**
 * Files up to this size keep, between calls, what makes the next call on them cheap: their decoded document, their
 * block analysis (known-documents.ts, block-analyses.ts) and reused buffers for their bytes — a fresh buffer of a 9 MB
 * file cost ~35 ms of page faults per use on a 2-core VM, where reusing one took 2 ms. Also what they may keep.
 */
export const KEPT_FILE_MAX_BYTES = 16 * 1024 * 1024;
/**
 * Arrays of at least this many entries (a big file's lines or terminators) are made ahead, between calls, for the
 * next edit (src/text/spare-arrays.ts); up to SPARE_ARRAY_MAX_LENGTH (8 MiB an array), kept SPARE_ARRAY_KEEP_MS.
 */
export const SPARE_ARRAY_MIN_LENGTH = 50_000;
export const SPARE_ARRAY_MAX_LENGTH = 1024 * 1024;
export const SPARE_ARRAY_KEEP_MS = 60_000;
/** lapp_read loads files up to this size whole; larger ones are paged by a streaming scan (bounded memory). */
export const STREAM_READ_MIN_BYTES = 8 * 1024 * 1024;
/** lapp_read refuses text files above this (FILE_TOO_LARGE): one page of them would mean scanning gigabytes. */
export const MAX_READ_BYTES = 1024 * 1024 * 1024;
/** Images above this are FILE_TOO_LARGE instead of being returned as image content. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** lapp_write returns the new file's rows when it has at most this many lines. */
export const WRITE_ECHO_MAX_LINES = 200;
/** At most this many edits per lapp_edit call. */
export const MAX_EDITS_PER_CALL = 100;
/** Entries listed when a directory is read. */
export const DIRECTORY_LISTING_MAX = 50;
/**
 * Largest JSON-RPC line lapp reads on stdin: a lapp_write of an editable file whose JSON escaping doubles it, plus
 * room for the envelope. A longer line is answered with an error and skipped unread (never buffered whole), since
 * the content it carries would be refused as FILE_TOO_LARGE anyway.
 */
export const MAX_MESSAGE_BYTES = 2 * MAX_EDIT_BYTES + 1024 * 1024;
/**
 * Backpressure on stdio: lapp stops reading stdin while more than this many bytes of answers wait for the client to
 * take them from stdout, or while more than MAX_UNANSWERED_REQUESTS requests wait for their answers, so a client that
 * sends without reading cannot make it buffer without bound (docs/safety.md, "Sizes").
 */
export const MAX_UNSENT_BYTES = 4 * 1024 * 1024;
/** Far above the parallel calls of any agent: only a client that floods lapp ever meets it. */
export const MAX_UNANSWERED_REQUESTS = 32;
