// What lapp_read shows of a path: an image, or one page of text rows — loaded whole for ordinary files, streamed
// for large ones (the same rows and refs either way). Binary files and oversized files are refused.

import { closeSync, fstatSync, readSync, type BigIntStats } from "node:fs";
import { fail, ok, type Result } from "../errors.ts";
import { readPage, type Page } from "../hashline/page.ts";
import {
  MAX_EDIT_BYTES,
  MAX_IMAGE_BYTES,
  MAX_PAGE_BYTES,
  MAX_READ_BYTES,
  STREAM_READ_MIN_BYTES,
} from "../limits.ts";
import type { GuardedPath } from "../security/guard.ts";
import { BINARY_SNIFF_BYTES, imageType, isBinary, type ImageType } from "../text/binary.ts";
import { decodeDocument } from "../text/codec.ts";
import type { Encoding, TextDocument } from "../text/document.ts";
import { directory, readAll, readTransient, type KnownDocument } from "./load.ts";
import { versionHashes } from "../text/line-hashes.ts";
import { binaryFile, changedWhileReading, fileTooLarge, imageTooLarge } from "./messages.ts";
import { contentDigest, identityOf, sameIdentity, versionKey } from "./identity.ts";
import { LineIndexes } from "./line-index.ts";
import { openChecked } from "./open.ts";
import { readPageStreaming, type IndexUse } from "./page-stream.ts";

export type Displayable =
  | { kind: "image"; mimeType: ImageType; bytes: Uint8Array }
  /**
   * `doc`: the whole file, when it was read whole (not streamed), so the session can record its version;
   * `digest`: of the bytes it was decoded from (identity.ts), so an unchanged version is not decoded or hashed again.
   */
  | {
      kind: "text";
      encoding: Encoding;
      bom: boolean;
      page: Page;
      doc?: TextDocument;
      digest?: bigint;
      /** A streamed file small enough to edit: every line's text hash (text/line-hashes.ts) of the bytes paged. */
      hashes?: Uint32Array;
      /** Device, inode and link count of the file as opened. */
      id: { dev: bigint; ino: bigint; links: number };
    };

export interface PageRequest {
  offset: number;
  limit: number;
  /** Estimated tokens the page's rows may take (default: no token cap). */
  maxTokens?: number;
  /** Called for every row shown, so the caller can record it as shown. */
  onShown: (line: number, text: string) => void;
  /** Files above this size are paged by streaming (default STREAM_READ_MIN_BYTES). */
  streamFromBytes?: number;
}

/** `known`: a document of this file decoded before; reused when the file still holds exactly its bytes. */
export function readForDisplay(
  path: GuardedPath,
  isBlocked: (relative: string) => boolean,
  request: PageRequest,
  known?: KnownDocument,
): Result<Displayable> {
  const opened = openChecked(path);
  if (!opened.ok) return opened;
  const { fd, stats } = opened.value;
  try {
    if (stats.isDirectory()) return directory(path, isBlocked);
    const size = Number(stats.size);
    const head = new Uint8Array(Math.min(size, BINARY_SNIFF_BYTES));
    readSync(fd, head, 0, head.length, 0);
    const mimeType = imageType(head);
    if (mimeType) {
      if (size > MAX_IMAGE_BYTES)
        return fail("FILE_TOO_LARGE", imageTooLarge(path.display, size, MAX_IMAGE_BYTES));
      return ok({ kind: "image", mimeType, bytes: readAll(fd, size) });
    }
    if (isBinary(head)) return fail("BINARY_FILE", binaryFile(path.display));
    if (size > MAX_READ_BYTES)
      return fail("FILE_TOO_LARGE", fileTooLarge(path.display, size, MAX_READ_BYTES));
    const id = { dev: stats.dev, ino: stats.ino, links: Number(stats.nlink) };
    if (size > (request.streamFromBytes ?? STREAM_READ_MIN_BYTES)) {
      // A file lapp can edit gets every line's hash, so its record follows outside changes like any other's; the
      // page must come from those very bytes (same metadata before and after), else the read is tried again.
      const before = size <= MAX_EDIT_BYTES ? identityOf(fstatSync(fd, { bigint: true })) : undefined;
      const version = before && readTransient(fd, size);
      const hashes = version && versionHashes(version);
      const digest = version && contentDigest(version);
      const streamed = readPageStreaming(
        fd,
        size,
        request.offset,
        request.limit,
        { bytes: MAX_PAGE_BYTES, tokens: request.maxTokens ?? Number.POSITIVE_INFINITY },
        request.onShown,
        undefined,
        indexUse(fd, path.real, stats),
      );
      if (before && !sameIdentity(before, identityOf(fstatSync(fd, { bigint: true }))))
        return fail("FILE_CHANGED", changedWhileReading(path.display));
      return ok({ kind: "text", ...streamed, id, ...(hashes && digest !== undefined && { hashes, digest }) });
    }
    const bytes = readTransient(fd, size);
    const digest = contentDigest(bytes);
    const doc = known !== undefined && known.digest === digest ? known.doc : decodeDocument(bytes);
    const page =
      request.offset > doc.lines.length
        ? { rows: [], firstLine: request.offset, lastLine: request.offset - 1, totalLines: doc.lines.length }
        : readPage(doc.lines, request.offset, request.limit, {
            bytes: MAX_PAGE_BYTES,
            tokens: request.maxTokens ?? Number.POSITIVE_INFINITY,
          });
    for (let line = page.firstLine; line <= page.lastLine; line++)
      request.onShown(line, doc.lines[line - 1]!);
    return ok({ kind: "text", encoding: doc.encoding, bom: doc.bom, page, doc, digest, id });
  } finally {
    closeSync(fd);
  }
}

/** Line indexes of the big files paged recently (one process, every session: an index describes file content). */
const lineIndexes = new LineIndexes();

/**
 * The known index of this version of the file, and where a new one goes: kept only when the file still has the
 * identity it had when opened, so an index never describes bytes another writer changed during the scan.
 */
function indexUse(fd: number, realPath: string, opened: BigIntStats): IndexUse {
  const version = versionKey(identityOf(opened));
  return {
    known: lineIndexes.get(realPath, version),
    learned: (index) => {
      if (versionKey(identityOf(fstatSync(fd, { bigint: true }))) === version)
        lineIndexes.set(realPath, version, index);
    },
  };
}
