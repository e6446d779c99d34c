// Sentences a model reads about files on disk: missing, directories, binaries, sizes, write failures.

export const notFound = (display: string): string =>
  `${display} does not exist. Check the path (relative to the root), or create it with lapp_write.`;

export const binaryFile = (display: string): string =>
  `${display} is a binary file; lapp reads and edits text files only (png, jpeg, gif and webp are shown as images).`;

export const fileTooLarge = (display: string, size: bigint | number, limit: number): string =>
  `${display} is ${formatBytes(Number(size))}, over lapp's ${formatBytes(limit)} limit for this operation; nothing was written.`;

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

export const writeFailed = (display: string, reason: string): string =>
  `writing ${display} failed (${reason}); the file on disk is unchanged.`;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}
