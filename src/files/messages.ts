// Sentences a model reads about files on disk: directories, binaries, sizes, changes, write failures (what the system
// says of a path — missing, not accessible, too long — is in disk/messages.ts).

import { shortenPath } from "../disk/messages.ts";

export const fileInUse = (display: string): string =>
  `${shortenPath(display)} is held open by another program, and the system does not let it be replaced while it is (Windows); nothing changed. Retry in a moment.`;

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
