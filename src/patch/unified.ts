// Reads a unified diff as git diff (or diff -u) writes it: `diff --git` and its extended headers, `---`/`+++`
// file headers, `@@ -a,b +c,d @@` hunks, `\ No newline at end of file`. Lenient where models slip (wrong hunk
// counts, a blank context line without its space, a bare `@@`), strict where a slip would lose a line: a line that
// is not part of a hunk after the first file header is an error, never skipped. Pure.

import { fail, ok, type Result } from "../errors.ts";
import { decodeName } from "../text/byte-names.ts";
import * as say from "./messages.ts";
import type { FilePatch, HunkLine, PatchHunk } from "./types.ts";

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** Extended header lines of `diff --git` that change nothing lapp handles. */
const IGNORED_HEADERS = /^(?:index |old mode |new mode |similarity index |dissimilarity index )/;

interface GitSection {
  oldName?: string | undefined;
  newName?: string | undefined;
  newFile: boolean;
  deletedFile: boolean;
  renameFrom?: string | undefined;
  renameTo?: string | undefined;
  patchLine: number;
}

/** `rows` are the patch's lines (no terminators); `first` is the 1-based patch line of rows[0]. */
export function parseUnified(rows: readonly string[], first = 1): Result<FilePatch[]> {
  const files: FilePatch[] = [];
  let git: GitSection | undefined;
  let seenHeader = false;
  let index = 0;
  const flushGit = (): Result<true> => {
    // A `diff --git` section without ---/+++ : a rename, an empty new file or an empty file deleted.
    if (git === undefined) return ok(true);
    const section = git;
    git = undefined;
    const oldName = section.renameFrom ?? section.oldName;
    const newName = section.renameTo ?? section.newName;
    if (section.newFile && newName) files.push({ kind: "add", path: newName, lines: [], finalNewline: true });
    else if (section.deletedFile && oldName) files.push({ kind: "delete", path: oldName, oldLines: [] });
    else if (section.renameFrom && section.renameTo)
      files.push({ kind: "update", path: section.renameFrom, moveTo: section.renameTo, hunks: [] });
    return ok(true);
  };
  while (index < rows.length) {
    const row = rows[index]!;
    const patchLine = first + index;
    if (row.startsWith("diff --git ")) {
      const flushed = flushGit();
      if (!flushed.ok) return flushed;
      const names = gitNames(row.slice("diff --git ".length));
      git = { ...names, newFile: false, deletedFile: false, patchLine };
      seenHeader = true;
      index++;
      continue;
    }
    if (git !== undefined && gitExtendedHeader(row, git)) {
      if (/^(?:copy from |copy to )/.test(row)) return fail("INVALID_PATCH", say.copyPatch(patchLine));
      index++;
      continue;
    }
    if (row.startsWith("Binary files ") || row === "GIT binary patch")
      return fail("INVALID_PATCH", say.binaryPatch(patchLine));
    if (row.startsWith("--- ") && rows[index + 1]?.startsWith("+++ ")) {
      const oldName = fileName(row.slice(4));
      const newName = fileName(rows[index + 1]!.slice(4));
      const read = parseHunks(rows, index + 2, first);
      if (!read.ok) return read;
      const { hunks } = read.value;
      index = read.value.next;
      const section = git;
      git = undefined;
      seenHeader = true;
      const file = filePatch(oldName, newName, section, hunks, patchLine);
      if (!file.ok) return file;
      files.push(file.value);
      continue;
    }
    if (row.startsWith("@@")) {
      if (seenHeader) return fail("INVALID_PATCH", say.badHunkLine(patchLine, row));
      // Hunks with no file header: the tool's "path" names the file.
      const read = parseHunks(rows, index, first);
      if (!read.ok) return read;
      index = read.value.next;
      files.push({ kind: "update", path: "", hunks: read.value.hunks });
      seenHeader = true;
      continue;
    }
    if (seenHeader && !skippableBetweenFiles(row)) {
      // A format-patch signature ends the diff; anything else after a file header is a line out of place.
      if (row === "-- ") break;
      return fail("INVALID_PATCH", say.badHunkLine(patchLine, row));
    }
    index++; // text before the first header: a commit message, "Index:" lines
  }
  const flushed = flushGit();
  if (!flushed.ok) return flushed;
  return ok(files);
}

/** Lines that may stand between two files' sections without belonging to a hunk. */
function skippableBetweenFiles(row: string): boolean {
  return row.trim() === "" || row.startsWith("Index: ") || /^={5,}$/.test(row) || row.startsWith("Only in ");
}

/** Extended header lines of a `diff --git` section; records what matters. False for any other line. */
function gitExtendedHeader(row: string, git: GitSection): boolean {
  if (row.startsWith("new file mode ")) git.newFile = true;
  else if (row.startsWith("deleted file mode ")) git.deletedFile = true;
  else if (row.startsWith("rename from ")) git.renameFrom = unquote(row.slice("rename from ".length));
  else if (row.startsWith("rename to ")) git.renameTo = unquote(row.slice("rename to ".length));
  else if (!IGNORED_HEADERS.test(row) && !/^(?:copy from |copy to )/.test(row)) return false;
  return true;
}

function filePatch(
  oldName: string | undefined,
  newName: string | undefined,
  git: GitSection | undefined,
  hunks: readonly PatchHunk[],
  patchLine: number,
): Result<FilePatch> {
  const { oldPath, newPath } = stripPrefixes(oldName, newName);
  if (oldPath === undefined && newPath === undefined)
    return fail("INVALID_PATCH", say.missingPath(patchLine));
  if (oldPath === undefined || git?.newFile) {
    const added = hunks.flatMap((hunk) =>
      hunk.lines.filter((line) => line.op === "+").map((line) => line.text),
    );
    const finalNewline = !(hunks.at(-1)?.newEndsWithoutNewline ?? false);
    return ok({ kind: "add", path: newPath ?? oldPath!, lines: added, finalNewline });
  }
  if (newPath === undefined || git?.deletedFile) {
    const removed = hunks.flatMap((hunk) =>
      hunk.lines.filter((line) => line.op !== "+").map((line) => line.text),
    );
    return ok({ kind: "delete", path: oldPath, oldLines: removed });
  }
  return ok({ kind: "update", path: oldPath, ...(newPath !== oldPath ? { moveTo: newPath } : {}), hunks });
}

/** git's `a/` and `b/` prefixes, taken off when both sides carry theirs (or one side is /dev/null). */
function stripPrefixes(
  oldName: string | undefined,
  newName: string | undefined,
): { oldPath: string | undefined; newPath: string | undefined } {
  const oldPrefixed = oldName === undefined || oldName.startsWith("a/");
  const newPrefixed = newName === undefined || newName.startsWith("b/");
  if (!oldPrefixed || !newPrefixed) return { oldPath: oldName, newPath: newName };
  return { oldPath: oldName?.slice(2), newPath: newName?.slice(2) };
}

/** The name in a `---`/`+++` header: a tab and a timestamp after it are dropped; /dev/null is no file. */
function fileName(raw: string): string | undefined {
  const name = raw.startsWith('"') ? unquote(raw) : raw.split("\t")[0]!.trimEnd();
  return name === "/dev/null" || name === "" ? undefined : name;
}

/** The two names of `diff --git a/x b/x` (quoted or not); a rename's names come from its own headers. */
function gitNames(rest: string): { oldName?: string; newName?: string } {
  if (rest.startsWith('"')) {
    const end = closingQuote(rest);
    const oldName = unquote(rest.slice(0, end + 1));
    const newName = unquote(rest.slice(end + 1).trim());
    return { oldName, newName };
  }
  // Unquoted names may hold spaces: the split where both halves name the same path is the one meant.
  for (let at = rest.indexOf(" b/"); at !== -1; at = rest.indexOf(" b/", at + 1)) {
    const oldName = rest.slice(0, at);
    const newName = rest.slice(at + 1);
    if (oldName.slice(2) === newName.slice(2)) return { oldName, newName };
  }
  return {};
}

function closingQuote(text: string): number {
  for (let at = 1; at < text.length; at++) {
    if (text[at] === "\\") at++;
    else if (text[at] === '"') return at;
  }
  return text.length - 1;
}

/** git's C-style quoting of names with special characters: `"a/caf\303\251.txt"`, `"a/x\377.txt"`. */
function unquote(raw: string): string {
  const text = raw.trim();
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return text;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  const simple: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, "\\": 92, a: 7, b: 8, f: 12, v: 11 };
  for (let at = 0; at < body.length; at++) {
    const char = body[at]!;
    if (char !== "\\") {
      bytes.push(...new TextEncoder().encode(char));
      continue;
    }
    const next = body[at + 1] ?? "";
    const octal = /^[0-7]{3}/.exec(body.slice(at + 1));
    if (octal) {
      bytes.push(Number.parseInt(octal[0], 8));
      at += 3;
    } else {
      bytes.push(simple[next] ?? next.charCodeAt(0));
      at += 1;
    }
  }
  // Octal escapes are a name's bytes, UTF-8 or not: decoded exactly (a lossy decode would name another file).
  return decodeName(Uint8Array.from(bytes));
}

/** The hunks whose `@@` headers follow one another from `rows[start]`; `next` is the first row after them. */
function parseHunks(
  rows: readonly string[],
  start: number,
  first: number,
): Result<{ hunks: PatchHunk[]; next: number }> {
  const hunks: PatchHunk[] = [];
  let index = start;
  while (index < rows.length && rows[index]!.startsWith("@@")) {
    const hunk = parseHunk(rows, index, first);
    if (!hunk.ok) return hunk;
    hunks.push(hunk.value.hunk);
    index = hunk.value.next;
  }
  return ok({ hunks, next: index });
}

/** One hunk from its `@@` header at `rows[start]`; `next` is the first row after it. */
function parseHunk(
  rows: readonly string[],
  start: number,
  first: number,
): Result<{ hunk: PatchHunk; next: number }> {
  const header = rows[start]!;
  const numbers = HUNK_HEADER.exec(header);
  const oldCount = numbers ? Number(numbers[2] ?? 1) : undefined;
  const newCount = numbers ? Number(numbers[4] ?? 1) : undefined;
  const lines: HunkLine[] = [];
  let oldSeen = 0;
  let newSeen = 0;
  let oldEndsWithoutNewline = false;
  let newEndsWithoutNewline = false;
  let index = start + 1;
  const countsMet = () => oldCount !== undefined && oldSeen >= oldCount && newSeen >= newCount!;
  while (index < rows.length) {
    const row = rows[index]!;
    if (row.startsWith("@@") || row.startsWith("diff --git ")) break;
    // `--- x` with `+++ y` under it is the next file's header, unless the counts still expect old lines.
    if (
      row.startsWith("--- ") &&
      rows[index + 1]?.startsWith("+++ ") &&
      (oldCount === undefined || countsMet())
    )
      break;
    if (row.startsWith("\\")) {
      const last = lines.at(-1);
      if (last?.op !== "+") oldEndsWithoutNewline = true;
      if (last?.op !== "-") newEndsWithoutNewline = true;
      index++;
      continue;
    }
    if (row === "-- " && (oldCount === undefined || countsMet())) break; // format-patch signature
    if (row === "") {
      // A blank context line that lost its space, unless only blank rows or the end follow (then the hunk ended).
      if (countsMet() || !hunkGoesOn(rows, index)) break;
      lines.push({ op: " ", text: "" });
      oldSeen++;
      newSeen++;
      index++;
      continue;
    }
    const op = row[0];
    if (op !== " " && op !== "-" && op !== "+") {
      if (lines.length === 0 || !countsMet())
        return fail("INVALID_PATCH", say.badHunkLine(first + index, row));
      break;
    }
    lines.push({ op, text: row.slice(1) });
    if (op !== "+") oldSeen++;
    if (op !== "-") newSeen++;
    index++;
  }
  if (lines.length === 0) return fail("INVALID_PATCH", say.emptyHunk(first + start));
  const oldStart = numbers ? Number(numbers[1]) : undefined;
  return ok({
    hunk: {
      lines,
      header: numbers ? numbers[0] : header.trim(),
      patchLine: first + start,
      oldStart,
      scopes: [],
      atEnd: false,
      oldEndsWithoutNewline,
      newEndsWithoutNewline,
    },
    next: index,
  });
}

/** Whether a hunk line (not a header) follows the blank rows starting at `index`. */
function hunkGoesOn(rows: readonly string[], index: number): boolean {
  let at = index;
  while (at < rows.length && rows[at] === "") at++;
  const row = rows[at];
  if (row === undefined || row.startsWith("@@") || row.startsWith("diff --git ")) return false;
  if (row.startsWith("--- ") && rows[at + 1]?.startsWith("+++ ")) return false;
  return row.startsWith(" ") || row.startsWith("-") || row.startsWith("+") || row.startsWith("\\");
}
