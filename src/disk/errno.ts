// The one errno → error-code table: every filesystem failure a model sees goes through here, so EACCES is always
// PERMISSION_DENIED, ENAMETOOLONG always PATH_TOO_LONG (with the path shortened), and never a misleading NOT_FOUND.

import { fail, type ErrorCode, type Result } from "../errors.ts";
import {
  cannotOpen,
  notFound,
  notRegularFile,
  pathTooLong,
  permissionDenied,
  swappedWhileOpening,
} from "./messages.ts";

/** The error thrown when what was opened turned out not to be where it should be (moved out of the root). */
export const ESCAPED = "ESCAPED";

type Entry = { code: ErrorCode; summary: (display: string, errno: string) => string };

const TABLE: Record<string, Entry> = {
  ENOENT: { code: "NOT_FOUND", summary: (display) => notFound(display) },
  ENOTDIR: { code: "NOT_FOUND", summary: (display) => notFound(display) },
  EACCES: { code: "PERMISSION_DENIED", summary: (display) => permissionDenied(display) },
  EPERM: { code: "PERMISSION_DENIED", summary: (display) => permissionDenied(display) },
  EROFS: { code: "PERMISSION_DENIED", summary: (display) => permissionDenied(display) },
  ENAMETOOLONG: { code: "PATH_TOO_LONG", summary: (display) => pathTooLong(display) },
  // O_NOFOLLOW met a symlink (EMLINK on some BSDs), or the opened directory was not where it should be.
  ELOOP: { code: "FILE_CHANGED", summary: (display) => swappedWhileOpening(display) },
  EMLINK: { code: "FILE_CHANGED", summary: (display) => swappedWhileOpening(display) },
  [ESCAPED]: { code: "FILE_CHANGED", summary: (display) => swappedWhileOpening(display) },
  ENXIO: { code: "NOT_A_FILE", summary: (display) => notRegularFile(display) },
  ENODEV: { code: "NOT_A_FILE", summary: (display) => notRegularFile(display) },
  EISDIR: { code: "IS_DIRECTORY", summary: (display, errno) => cannotOpen(display, errno) },
};

/** The errno name of a thrown fs error ("EIO" when it has none). */
export function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? "EIO";
}

/** The Result for a failed open/stat of `display`; `fallback` is the code for errnos the table does not know. */
export function failFromErrno(
  error: unknown,
  display: string,
  fallback: ErrorCode = "NOT_FOUND",
): Result<never> {
  const errno = errnoOf(error);
  const entry = TABLE[errno];
  if (entry) return fail(entry.code, entry.summary(display, errno));
  return fail(fallback, cannotOpen(display, errno));
}

/** Whether an errno means "this user may not do that here" (the write is refused, nothing changed). */
export const isPermissionErrno = (errno: string): boolean =>
  errno === "EACCES" || errno === "EPERM" || errno === "EROFS";
