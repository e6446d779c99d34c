// Every sentence a model reads about a patch: why it cannot be read, why a hunk cannot be placed, what was written.
// Functions of data only.

import { describeIndent } from "../blocks/messages.ts";

const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

const at = (patchLine: number): string => `patch line ${patchLine}`;

// reading the patch

export const notAPatch = (): string =>
  "patch is neither a unified diff (--- / +++ headers and @@ hunks, as git diff writes) nor a *** Begin Patch envelope";

export const patchShapes = (): string =>
  [
    "Unified diff:  --- a/src/app.ts / +++ b/src/app.ts / @@ -12,4 +12,5 @@ / then lines starting with space (context), - (removed), + (added).",
    "Envelope:      *** Begin Patch / *** Update File: src/app.ts / @@ / the same ' ', -, + lines / *** End Patch (also *** Add File: and *** Delete File:).",
  ].join("\n");

export const emptyPatch = (): string => "patch changes no file: it has no file section with a hunk";

export const hunkWithoutFile = (patchLine: number): string =>
  `${at(patchLine)}: a hunk before any file header (--- / +++); give the headers, or the file as "path"`;

export const badHunkLine = (patchLine: number, text: string): string =>
  `${at(patchLine)}: ${JSON.stringify(cut(text))} is not a hunk line; every line of a hunk starts with a space (context), - (removed) or + (added)`;

export const emptyHunk = (patchLine: number): string => `${at(patchLine)}: the hunk has no lines`;

export const binaryPatch = (patchLine: number): string =>
  `${at(patchLine)}: binary patches are not supported; lapp edits text files`;

export const copyPatch = (patchLine: number): string =>
  `${at(patchLine)}: copies (copy from / copy to) are not supported; add the new file with its content instead`;

export const addFileLine = (patchLine: number, text: string): string =>
  `${at(patchLine)}: ${JSON.stringify(cut(text))} in an *** Add File section; every line of a new file starts with +`;

export const unknownEnvelopeLine = (patchLine: number, text: string): string =>
  `${at(patchLine)}: ${JSON.stringify(cut(text))} is not part of the envelope (expected *** Update File:, *** Add File:, *** Delete File:, @@, or lines starting with space, - or +)`;

export const missingPath = (patchLine: number): string => `${at(patchLine)}: the file header names no path`;

export const deleteWithHunk = (patchLine: number): string =>
  `${at(patchLine)}: a *** Delete File section has no lines; to change a file use *** Update File`;

export const addedFileExists = (display: string): string =>
  `${display} already exists; a new-file section (*** Add File, or --- /dev/null) only creates files: change it with an update section`;

export const moveTargetExists = (display: string): string =>
  `${display} already exists; a move (*** Move to, or a rename) never replaces a file`;

export const fileUnchanged = (display: string): string => `the patch changes nothing in ${display}`;

export const sameFileTwice = (display: string): string =>
  `${display} appears more than once in the patch; put all its hunks in one section`;

export const pathWithManyFiles = (count: number): string =>
  `"path" names one file, but the patch changes ${plural(count, "file")}; leave "path" out and let the patch's headers name them`;

export const pathDiffers = (path: string, named: string): string =>
  `"path" is ${JSON.stringify(path)} but the patch's header names ${JSON.stringify(named)}; leave "path" out, or make them agree`;

// placing hunks

/** How a hunk is named in messages: `hunk 2 (@@ -10,7 +10,8 @@)`. */
export const hunkName = (index: number, header: string): string =>
  `hunk ${index + 1}${header === "" ? "" : ` (${header})`}`;

export const hunkRetry = (): string =>
  "Give the hunk more context lines so that it occurs once (or an @@ line naming its function or class), or change those lines by ref with lapp_edit.";

export const hunkOutOfOrder = (): string =>
  "It does occur above the place of the hunk before it: hunks must come in the order of the file.";

export const hunkAppliedAlready = (startRef: string, endRef: string): string =>
  `Its new lines are already there, at ${startRef}..${endRef}: this hunk looks applied already (a patch sent twice, or resent after it stopped).`;

export const noContextMidFile = (name: string): string =>
  `${name} has no context or removed line to find its place by; only the start or the end of a file can be named by line number alone — add context lines`;

export const scopeNowhere = (name: string, scope: string): string =>
  `${name}: its @@ line ${JSON.stringify(cut(scope))} matches no line of the file after the hunk before it`;

export const notAtEnd = (name: string): string =>
  `${name} is marked *** End of File, but its lines do not end the file`;

export const deletedFileDiffers = (display: string): string =>
  `${display}: the diff deletes the file, but the lines it removes are not the file's lines; nothing was written`;

export const rebasedHunk = (name: string, from: string, to: string): string =>
  `${name} was found with whitespace normalised (${describeIndent(from)} → ${describeIndent(to)}); its added lines were moved by the same amount`;

export const looseHunk = (name: string): string => `${name} was found with whitespace normalised`;

export const hunkNotRebased = (name: string, line: number): string =>
  `${name} was found with other indentation, but its added line ${line} is indented less than its old lines, so its added lines were kept as written`;

// the call's outcome

export const patchRefused = (failures: number, files: number): string =>
  `patch not applied: ${plural(failures, "problem")} in ${plural(files, "file")}; nothing was written`;

export const fileSection = (display: string, problem: string): string => `${display}: ${problem}`;

export const patchedSummary = (parts: readonly string[]): string =>
  `patched ${plural(parts.length, "file")}: ${parts.join(", ")}`;

export const updatedPart = (display: string, hunks: number, moveTo?: string): string =>
  `${display}${moveTo === undefined ? "" : ` → ${moveTo}`} (${plural(hunks, "hunk")})`;

export const addedPart = (display: string, lines: number): string =>
  `${display} (new, ${plural(lines, "line")})`;

export const deletedPart = (display: string): string => `${display} (deleted)`;

export const deletedFile = (display: string): string => `deleted ${display}`;

export const movedFile = (from: string, to: string): string => `moved ${from} → ${to}`;

export const wouldDelete = (display: string): string => `would delete ${display}`;

export const wouldCreate = (display: string, lines: number): string =>
  `would create ${display} (${plural(lines, "line")})`;

export const dryRunSummary = (files: number): string =>
  `dry run: the patch applies to ${plural(files, "file")}; nothing was written`;

export const stoppedSummary = (display: string, reason: string): string =>
  `the patch stopped at ${display}: ${reason}`;

export const stoppedDetails = (written: readonly string[], unwritten: readonly string[]): string =>
  [
    `Written before it (each complete): ${written.length ? written.join(", ") : "none"}.`,
    `Not written: ${unwritten.join(", ")}.`,
    "Every hunk had been placed before the first write; fix the cause above, then send a patch for the files not written.",
  ].join("\n");

const cut = (text: string): string => (text.length > 120 ? `${text.slice(0, 120)}…` : text);
