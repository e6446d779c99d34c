// Writes a document back through the atomic writer and verifies what landed on disk before reporting success.
import { readFileSync } from "node:fs";
import { fail, ok, type Result } from "../errors.ts";
import type { GuardedPath } from "../security/guard.ts";
import { encodeDocument } from "../text/codec.ts";
import type { TextDocument } from "../text/document.ts";
import { writeFileAtomic } from "./atomic-write.ts";
import type { FileIdentity } from "./identity.ts";
import { writeFailed } from "./messages.ts";

/** Encodes, writes atomically (FILE_CHANGED if the file moved on since `expected`), then re-reads to verify. */
export function commitDocument(
  path: GuardedPath,
  doc: TextDocument,
  expected: FileIdentity | undefined,
): Result<{ bytes: number }> {
  const encoded = encodeDocument(doc);
  if (!encoded.ok) return encoded;
  return commitBytes(path, encoded.value, expected);
}

export function commitBytes(
  path: GuardedPath,
  bytes: Uint8Array,
  expected: FileIdentity | undefined,
): Result<{ bytes: number }> {
  const written = writeFileAtomic({ real: path.real, display: path.display, bytes, expected });
  if (!written.ok) return written;
  let onDisk: Uint8Array;
  try {
    onDisk = readFileSync(path.real);
  } catch (error) {
    return fail("WRITE_FAILED", writeFailed(path.display, `cannot re-read: ${String(error)}`));
  }
  if (!Buffer.from(onDisk.buffer, onDisk.byteOffset, onDisk.byteLength).equals(bytes)) {
    // Another writer raced in after our rename; our content was replaced, so do not claim success.
    return fail("FILE_CHANGED", `${path.display} was changed by another process right after lapp wrote it.`);
  }
  return ok({ bytes: bytes.length });
}
