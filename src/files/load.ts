// Loads a guarded path as a TextDocument, refusing directories, binaries and oversized files with stable codes.
// The identity taken at load time lets the writer detect a change made behind lapp's back.

import { closeSync, fstatSync, openSync, readSync, readdirSync } from "node:fs";
import { fail, ok, type Result } from "../errors.ts";
import { DIRECTORY_LISTING_MAX, MAX_EDIT_BYTES } from "../limits.ts";
import type { GuardedPath } from "../security/guard.ts";
import { decodeDocument } from "../text/codec.ts";
import type { TextDocument } from "../text/document.ts";
import { isBinary } from "../text/binary.ts";
import { identityOf, type FileIdentity } from "./identity.ts";
import { binaryFile, directoryListing, fileTooLarge, notFound } from "./messages.ts";

export interface LoadedFile {
  doc: TextDocument;
  bytes: Uint8Array;
  identity: FileIdentity;
  mode: number;
}

/** Reads the whole file (up to `maxBytes`) and decodes it. */
export function loadTextFile(
  path: GuardedPath,
  isBlocked: (relative: string) => boolean,
  maxBytes = MAX_EDIT_BYTES,
): Result<LoadedFile> {
  const raw = readWholeFile(path, isBlocked, maxBytes);
  return raw.ok ? decodeRaw(path, raw.value) : raw;
}

/** Turns already-read bytes into a document, refusing binaries. */
export function decodeRaw(path: GuardedPath, raw: RawFile): Result<LoadedFile> {
  if (isBinary(raw.bytes)) return fail("BINARY_FILE", binaryFile(path.display));
  return ok({ ...raw, doc: decodeDocument(raw.bytes) });
}

export interface RawFile {
  bytes: Uint8Array;
  identity: FileIdentity;
  mode: number;
}

/** Reads the file's bytes with its identity; shared by text loading and image reading. */
export function readWholeFile(
  path: GuardedPath,
  isBlocked: (relative: string) => boolean,
  maxBytes: number,
): Result<RawFile> {
  let fd: number;
  try {
    fd = openSync(path.real, "r");
  } catch (error) {
    return openFailure(path, error, isBlocked);
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (stats.isDirectory()) return directory(path, isBlocked);
    if (stats.size > BigInt(maxBytes)) return fail("FILE_TOO_LARGE", fileTooLarge(path.display, stats.size, maxBytes));
    const size = Number(stats.size);
    const bytes = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, bytes, filled, size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return ok({ bytes: bytes.subarray(0, filled), identity: identityOf(stats), mode: Number(stats.mode) & 0o7777 });
  } finally {
    closeSync(fd);
  }
}

function openFailure(path: GuardedPath, error: unknown, isBlocked: (relative: string) => boolean): Result<never> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EISDIR") return directory(path, isBlocked);
  if (code === "ENOENT" || code === "ENOTDIR") return fail("NOT_FOUND", notFound(path.display));
  return fail("NOT_FOUND", `${path.display} cannot be opened (${code ?? "error"}).`);
}

function directory(path: GuardedPath, isBlocked: (relative: string) => boolean): Result<never> {
  let names: string[] = [];
  try {
    const prefix = path.realRelative === "" ? "" : `${path.realRelative}/`;
    names = readdirSync(path.real, { withFileTypes: true })
      .filter((entry) => !isBlocked(prefix + entry.name))
      .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
      .sort();
  } catch {
    // An unreadable directory is still a directory; list nothing.
  }
  const { summary, details } = directoryListing(path.display, names, DIRECTORY_LISTING_MAX);
  return fail("IS_DIRECTORY", summary, details);
}
