// Sentences a model reads about what the system said of a path: missing, not accessible, too long, not a regular
// file, replaced while opening, the root gone. The layers that open files (files/) and guard paths (security/) both
// say them.

/** Paths longer than this are shown shortened (a 6,000-character path is not worth echoing whole). */
const SHOWN_PATH_CHARS = 160;

export function shortenPath(display: string): string {
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

export const swappedWhileOpening = (display: string): string =>
  `${display} was replaced (or turned into a symlink) between lapp's path check and opening it; nothing was read or written. Retry the call.`;

export const rootGone = (root: string): string =>
  `lapp's root ${JSON.stringify(root)} no longer exists (it was deleted or moved away while lapp runs); nothing was read or written. Ask the user to restore it, or to restart lapp in the project.`;
