// Loads a guarded path as a TextDocument for editing, refusing directories, binaries and oversized files with
// stable codes. The identity (with a digest of the bytes) taken here lets the writer detect any change since.

import { closeSync, fstatSync, readSync } from "node:fs";
import { openDirectoryBeneath } from "./beneath.ts";
import { fail, ok, type Result } from "../errors.ts";
import { DIRECTORY_LISTING_MAX, KEPT_FILE_MAX_BYTES, MAX_EDIT_BYTES } from "../limits.ts";
import type { GuardedPath } from "../security/guard.ts";
import { isBinary } from "../text/binary.ts";
import { decodeDocument } from "../text/codec.ts";
import { ScratchBuffer } from "../text/scratch-buffer.ts";
import type { TextDocument } from "../text/document.ts";
import { contentDigest, identityOf, sameIdentity, type FileIdentity } from "./identity.ts";
import { binaryFile, changedWhileReading, directoryListing, fileTooLarge } from "./messages.ts";
import { openChecked } from "./open.ts";
import { quotePath } from "../text/quote-path.ts";
import { listNamed, type NamedEntry } from "../disk/list-names.ts";

export interface LoadedFile {
  doc: TextDocument;
  /** Metadata and digest of the bytes decoded: what the writer compares against before committing. */
  identity: FileIdentity;
  mode: number;
  /** How many names (hard links) the file has. */
  links: number;
  /**
   * The bytes read, in a buffer the next transient read reuses (`takes`: the scratch buffer's count when they were
   * read into it; undefined for a buffer of their own): see `loadedBytes`.
   */
  transient: { bytes: Uint8Array; takes: number | undefined };
}

/** Bytes just read, in the reused scratch buffer for most files: valid until the next read through it. */
export interface RawFile {
  bytes: Uint8Array;
  takes: number | undefined;
  identity: FileIdentity;
  mode: number;
  links: number;
}

/** A document lapp decoded or wrote before, with the digest of its bytes: reused when a load reads those bytes. */
export interface KnownDocument {
  digest: bigint;
  doc: TextDocument;
}

/** Reads the whole file (up to `maxBytes`) and decodes it, or takes `known` when the bytes are the same. */
export function loadTextFile(
  path: GuardedPath,
  isBlocked: (relative: string) => boolean,
  maxBytes = MAX_EDIT_BYTES,
  known?: KnownDocument,
): Result<LoadedFile> {
  const raw = readWholeFile(path, isBlocked, maxBytes);
  if (!raw.ok) return raw;
  const { bytes, takes, identity, mode, links } = raw.value;
  const transient = { bytes, takes };
  if (known !== undefined && identity.digest === known.digest)
    return ok({ identity, mode, links, doc: known.doc, transient });
  if (isBinary(bytes)) return fail("BINARY_FILE", binaryFile(path.display));
  return ok({ identity, mode, links, doc: decodeDocument(bytes), transient });
}

/**
 * The bytes `loaded` was decoded from, while the reused buffer still holds them (no transient read since): the
 * encoder copies the lines an edit left alone from them instead of encoding those lines again.
 */
export function loadedBytes(loaded: LoadedFile): Uint8Array | undefined {
  const { bytes, takes } = loaded.transient;
  return takes === undefined || takes === scratch.takes ? bytes : undefined;
}

const SNAPSHOT_ATTEMPTS = 3;

/**
 * Reads the file's bytes with an identity that describes exactly those bytes: the metadata must be the same
 * before and after reading (an in-place writer running meanwhile would make a torn copy), else it reads again.
 */
export function readWholeFile(
  path: GuardedPath,
  isBlocked: (relative: string) => boolean,
  maxBytes: number,
): Result<RawFile> {
  const opened = openChecked(path);
  if (!opened.ok) return opened;
  const { fd, stats } = opened.value;
  try {
    if (stats.isDirectory()) return directory(path, isBlocked);
    for (let attempt = 0; attempt < SNAPSHOT_ATTEMPTS; attempt++) {
      const before = identityOf(fstatSync(fd, { bigint: true }));
      if (before.size > BigInt(maxBytes))
        return fail("FILE_TOO_LARGE", fileTooLarge(path.display, before.size, maxBytes));
      const into = scratch.take(Number(before.size));
      const takes = into === undefined ? undefined : scratch.takes;
      const bytes = readAll(fd, Number(before.size), into ?? new Uint8Array(Number(before.size)));
      const after = identityOf(fstatSync(fd, { bigint: true }));
      if (sameIdentity(before, after) && BigInt(bytes.length) === after.size) {
        return ok({
          bytes,
          takes,
          identity: { ...after, digest: contentDigest(bytes) },
          mode: Number(stats.mode) & 0o7777,
          links: Number(stats.nlink),
        });
      }
    }
    return fail("FILE_CHANGED", changedWhileReading(path.display));
  } finally {
    closeSync(fd);
  }
}

/** Reads `size` bytes from offset `from` (fewer if the file shrank meanwhile; the caller notices). */
export function readAll(
  fd: number,
  size: number,
  into: Uint8Array = new Uint8Array(size),
  from = 0,
): Uint8Array {
  const bytes = into;
  let filled = 0;
  while (filled < size) {
    const read = readSync(fd, bytes, filled, size - filled, from + filled);
    if (read === 0) break;
    filled += read;
  }
  return bytes.subarray(0, filled);
}

/** IS_DIRECTORY with the first entries, never naming a blocked one. */
export function directory(path: GuardedPath, isBlocked: (relative: string) => boolean): Result<never> {
  let names: string[] = [];
  try {
    const prefix = path.realRelative === "" ? "" : `${path.realRelative}/`;
    names = listDirectory(path)
      .filter((entry) => !isBlocked(prefix + entry.name))
      .map((entry) => (entry.kind === "directory" ? `${quotePath(entry.name)}/` : quotePath(entry.name)))
      .sort();
  } catch {
    // An unreadable directory is still a directory; list nothing.
  }
  const { summary, details } = directoryListing(path.display, names, DIRECTORY_LISTING_MAX);
  return fail("IS_DIRECTORY", summary, details);
}

/** The directory's entries, listed through a verified descriptor beneath the root (never through a swapped link). */
function listDirectory(path: GuardedPath): NamedEntry[] {
  if (path.root === undefined) return listNamed(path.real);
  const handle = openDirectoryBeneath(path.root, path.realRelative);
  try {
    return handle.list();
  } finally {
    handle.close();
  }
}

/** Files up to KEPT_FILE_MAX_BYTES are read through one reused buffer (larger ones get a buffer of their own). */
const scratch = new ScratchBuffer(KEPT_FILE_MAX_BYTES);

/**
 * The digest of the file's first `size` bytes. Loading and verifying only hash or decode the bytes they read,
 * never keep them, so they share one reused buffer: an edit call reads its file three times (load, the check
 * before the commit, the check of what landed), and fresh buffers for those were much of the garbage it left.
 */
export function digestOfDescriptor(fd: number, size: number): bigint {
  return contentDigest(readTransient(fd, size));
}

/**
 * Whether the file's first `expected.length` bytes are exactly `expected`, read in chunks through one small reused
 * buffer. Where the bytes to expect are at hand (what an edit loaded, what it wrote) this replaces reading the file
 * whole and hashing it: an edit of a 9 MB file hashed 9 MB four times (~8 ms of its ~50); now twice.
 */
export function descriptorHolds(fd: number, expected: Uint8Array): boolean {
  const chunk = compareChunk;
  for (let offset = 0; offset < expected.length;) {
    const want = Math.min(chunk.length, expected.length - offset);
    const read = readAll(fd, want, chunk.subarray(0, want), offset);
    if (read.length !== want || Buffer.compare(read, expected.subarray(offset, offset + want)) !== 0)
      return false;
    offset += want;
  }
  return true;
}

const compareChunk = new Uint8Array(1024 * 1024);

/**
 * `readAll` into the reused buffer (a buffer of its own for a file larger than the scratch may grow): for bytes
 * that are decoded or hashed at once and never kept, since the next transient read overwrites them.
 */
export function readTransient(fd: number, size: number): Uint8Array {
  return readAll(fd, size, scratch.take(size) ?? new Uint8Array(size));
}
