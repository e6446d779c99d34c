// Sentences a model reads about files on disk: missing, directories, binaries, sizes, changes, write failures.

/** Paths longer than this are shown shortened (a 6,000-character path is not worth echoing whole). */
const SHOWN_PATH_CHARS = 160;

function shortenPath(display: string): string {
  if (display.length <= SHOWN_PATH_CHARS) return display;
  const half = SHOWN_PATH_CHARS / 2;
  return `${display.slice(0, half)}…(${display.length - SHOWN_PATH_CHARS} characters)…${display.slice(-half)}`;
}

export const notFound = (display: string): string =>
  `${shortenPath(display)} does not exist. Check the path (relative to the root), or create it with lapp_write.`;

export const cannotOpen = (display: string, code: string): string =>
  `${shortenPath(display)} cannot be opened (${code}).`;

export const permissionDenied = (display: string): string =>
  `permission denied for ${shortenPath(display)} (the file or its directory is not accessible to lapp's user); nothing changed.`;

export const pathTooLong = (display: string): string =>
  `the path ${shortenPath(display)} is longer than the system allows (${display.length} characters); nothing was read or written.`;

export const notRegularFile = (display: string): string =>
  `${shortenPath(display)} is not a regular file (a FIFO, socket or device); lapp reads and edits regular files only.`;

export const fileInUse = (display: string): string =>
  `${shortenPath(display)} is held open by another program, and the system does not let it be replaced while it is (Windows); nothing changed. Retry in a moment.`;

export const swappedWhileOpening = (display: string): string =>
  `${display} was replaced (or turned into a symlink) between lapp's path check and opening it; nothing was read or written. Retry the call.`;

export const changedWhileReading = (display: string): string =>
  `${display} kept changing while lapp was reading it; nothing was written. Retry when it is stable.`;

export const binaryFile = (display: string): string =>
  `${display} is a binary file; lapp reads and edits text files only (png, jpeg, gif and webp are shown as images).`;

export const fileTooLarge = (display: string, size: bigint | number, limit: number): string =>
  `${display} is ${formatBytes(Number(size))}, over lapp's ${formatBytes(limit)} limit for this operation; nothing was written.`;

export const imageTooLarge = (display: string, size: bigint | number, limit: number): string =>
  `${display} is an image of ${formatBytes(Number(size))}, over lapp's ${formatBytes(limit)} limit for returning images.`;

export function directoryListing(display: string, names: readonly string[], max: number) {
  const shown = names.slice(0, max);
  const more = names.length > max ? `\n  … and ${names.length - max} more` : "";
  return {
    summary: `${display} is a directory, not a file (${names.length} entries).`,
    details:
      (shown.length > 0 ? shown.map((name) => `  ${name}`).join("\n") + more + "\n" : "") +
      "Read one of its files, or use lapp_grep to search it.",
  };
}

export const fileChanged = (display: string): string =>
  `${display} changed on disk while lapp was editing it; nothing was written. Read it again and retry.`;

export const otherWriter = (display: string): string =>
  `another lapp process is writing ${display} right now; nothing was written. Read it again and retry.`;

export const directoryMoved = (display: string): string =>
  `a directory on the way to ${display} was replaced (or turned into a symlink) during the write; nothing was written.`;

export const rootGone = (root: string): string =>
  `lapp's root ${JSON.stringify(root)} no longer exists (it was deleted or moved away while lapp runs); nothing was read or written. Ask the user to restore it, or to restart lapp in the project.`;

export const writeFailed = (display: string, reason: string): string =>
  `writing ${display} failed (${reason}); the file on disk is unchanged.`;

export const inPlaceWriteFailed = (display: string, reason: string, recovery: string): string =>
  `overwriting ${display} in place failed (${reason}); the file may be incomplete, and its complete new content is kept in ${recovery} beside it.`;

export const parentNotCreated = (display: string, reason: string): string =>
  `cannot create the parent directory of ${display} (${reason}); nothing was written.`;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

export const disappearedAfterWrite = (display: string): string =>
  `${display} was written, but the file found there afterwards does not hold the bytes lapp wrote (another writer replaced it at once?). Read it again.`;

export const inPlaceNoSpace = (display: string, reason: string): string =>
  `overwriting ${display} in place failed before any old byte changed (${reason}); the file is unchanged.`;

/** The log line (not a model's) when the libc binding disagreed with node:fs in its self-check (fs-native-check.ts). */
export const nativeCallsRefused = (what: string): string =>
  `lapp: the descriptor-relative file calls (libc through FFI) disagreed with node:fs in the self-check (${what}); lapp works by paths instead (docs/safety.md, Platforms)`;
