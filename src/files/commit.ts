// Turns a document or new bytes into a committed file: encode (ENCODING_UNREPRESENTABLE writes nothing), then the
// atomic writer, which checks under its lock that the file is still exactly what was loaded.
import { ok, type Result } from "../errors.ts";
import type { GuardedPath } from "../security/guard.ts";
import type { ChangedRegion } from "../text/changed-region.ts";
import { encodeDocumentTransient, encodeEditedTransient } from "../text/codec.ts";
import type { TextDocument } from "../text/document.ts";
import { removeFileAtomic, writeFileAtomic } from "./atomic-write.ts";
import type { FileIdentity } from "./identity.ts";
import { loadedBytes, type LoadedFile } from "./load.ts";

export interface Committed {
  bytes: number;
  /** Digest of the bytes that landed (identity.ts); undefined when a later writer already replaced them. */
  digest: bigint | undefined;
}

/** Encodes and writes atomically; FILE_CHANGED if the file moved on since `expected` was loaded. */
export function commitDocument(
  path: GuardedPath,
  doc: TextDocument,
  expected: FileIdentity | undefined,
): Result<Committed> {
  const encoded = encodeDocumentTransient(doc);
  if (!encoded.ok) return encoded;
  return commitBytes(path, encoded.value, expected);
}

/**
 * `commitDocument` for `loaded` edited into `doc` (`regions`: which lines changed): the bytes of the lines the edit
 * left alone are copied from the loaded bytes when they are still at hand, not encoded again.
 */
export function commitEdit(
  path: GuardedPath,
  loaded: LoadedFile,
  doc: TextDocument,
  regions: readonly ChangedRegion[],
): Result<Committed> {
  const encoded = encodeEditedTransient({ doc: loaded.doc, bytes: () => loadedBytes(loaded) }, doc, regions);
  if (!encoded.ok) return encoded;
  return commitBytes(path, encoded.value, loaded.identity, () => loadedBytes(loaded));
}

/**
 * Writes `bytes` atomically. Success means the rename (or in-place rewrite) of exactly these bytes happened
 * over exactly the loaded version; what other writers do afterwards is their own later change.
 */
export function commitBytes(
  path: GuardedPath,
  bytes: Uint8Array,
  expected: FileIdentity | undefined,
  /** The bytes `expected` describes, while at hand (see WriteRequest). */
  expectedBytes?: () => Uint8Array | undefined,
): Result<Committed> {
  const written = writeFileAtomic({
    real: path.real,
    display: path.display,
    bytes,
    expected,
    expectedBytes,
    root: path.root,
    realRelative: path.realRelative,
  });
  if (!written.ok) return written;
  return ok({ bytes: bytes.length, digest: written.value.digest });
}

/** Removes the file `path` names, while it is still exactly the version `expected` describes. */
export function commitRemoval(path: GuardedPath, expected: FileIdentity): Result<true> {
  return removeFileAtomic({
    real: path.real,
    display: path.display,
    expected,
    root: path.root,
    realRelative: path.realRelative,
  });
}
