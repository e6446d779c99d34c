// Everything a patch will do, worked out inside the files' queues before anything is written: each file loaded,
// each hunk placed, each new file's name checked free, each deleted file checked to be what the patch says. Any
// problem in any file refuses the whole patch, every problem listed (rows shown recorded per file).

import { accessSync, constants } from "node:fs";
import { clipAnswer } from "../../budget/clip-answer.ts";
import { cutAtBudget } from "../../budget/messages.ts";
import { LappError } from "../../errors.ts";
import { prose, type AnswerItem } from "../../hashline/answer.ts";
import { applyResolved, type EditOutcome, type ResolvedEdit } from "../../hashline/edit.ts";
import { MAX_EDIT_BYTES } from "../../limits.ts";
import { permissionDenied } from "../../disk/messages.ts";
import { fileTooLarge } from "../../files/messages.ts";
import { withFinalNewline } from "../../patch/final-newline.ts";
import { placeHunks, type HunkProblem } from "../../patch/locate.ts";
import * as say from "../../patch/messages.ts";
import type { PatchFormat } from "../../patch/types.ts";
import type { GuardedPath } from "../../security/guard.ts";
import type { EditSession } from "../../session/edit-session.ts";
import type { SessionFile } from "../../session/session-file.ts";
import { fsPath } from "../../text/byte-names.ts";
import { parentPath } from "../../text/path-strings.ts";
import { encodeText } from "../../text/codec.ts";
import type { FileTarget } from "./targets.ts";

export type PreparedFile =
  | {
      readonly kind: "update";
      readonly target: FileTarget;
      readonly file: SessionFile;
      /** Undefined for a rename whose hunks (if any) change no text. */
      readonly outcome: EditOutcome | undefined;
      readonly hunks: number;
    }
  | {
      readonly kind: "add";
      readonly target: FileTarget;
      readonly lines: readonly string[];
      readonly bytes: Uint8Array;
    }
  | { readonly kind: "delete"; readonly target: FileTarget; readonly file: SessionFile };

interface Problem {
  readonly display: string;
  readonly file: SessionFile | undefined;
  readonly problem: HunkProblem;
}

/** Precedence of the code of a refused patch: what must be rewritten before what only needs another look. */
const PRECEDENCE = ["INVALID_PATCH", "FILE_EXISTS", "BLOCK_NOT_FOUND", "AMBIGUOUS"];

export function prepareFiles(
  session: EditSession,
  targets: readonly FileTarget[],
  format: PatchFormat,
  maxTokens: number,
): PreparedFile[] {
  const prepared: PreparedFile[] = [];
  const problems: Problem[] = [];
  for (const target of targets) {
    const display = target.path.display;
    const refuse = (file: SessionFile | undefined, problem: HunkProblem) =>
      problems.push({ display, file, problem });
    try {
      const ready = prepareOne(session, target, format, (file, problem) => refuse(file, problem));
      if (ready !== undefined) prepared.push(ready);
    } catch (error) {
      if (!(error instanceof LappError)) throw error;
      refuse(undefined, {
        code: error.code,
        summary: error.summary,
        details: [...error.body],
      });
    }
  }
  if (problems.length > 0) throw refusal(problems, maxTokens);
  return prepared;
}

function prepareOne(
  session: EditSession,
  target: FileTarget,
  format: PatchFormat,
  refuse: (file: SessionFile | undefined, problem: HunkProblem) => void,
): PreparedFile | undefined {
  const { patch, path } = target;
  if (patch.kind === "add") {
    if (path.exists) return void refuse(undefined, plain("FILE_EXISTS", say.addedFileExists(path.display)));
    const text = patch.lines.length === 0 ? "" : patch.lines.join("\n") + (patch.finalNewline ? "\n" : "");
    const bytes = new TextEncoder().encode(text);
    if (bytes.length > MAX_EDIT_BYTES)
      return void refuse(
        undefined,
        plain("FILE_TOO_LARGE", fileTooLarge(path.display, bytes.length, MAX_EDIT_BYTES)),
      );
    return { kind: "add", target, lines: patch.lines, bytes };
  }
  const file = session.open(path);
  const unwritable = writabilityProblem(path, patch.kind === "delete" || target.moveTo !== undefined);
  if (unwritable !== undefined) return void refuse(file, unwritable);
  if (patch.kind === "delete") {
    const expected = patch.oldLines;
    if (expected !== undefined && !sameLines(expected, file.lines))
      return void refuse(file, plain("INVALID_PATCH", say.deletedFileDiffers(path.display)));
    return { kind: "delete", target, file };
  }
  if (target.moveTo?.exists)
    return void refuse(undefined, plain("FILE_EXISTS", say.moveTargetExists(target.moveTo.display)));
  const placed = placeHunks(file.lines, patch.hunks, {
    format,
    display: path.display,
    blocks: () => file.blocks().finder,
  });
  if (!placed.ok) {
    for (const problem of placed.problems) refuse(file, problem);
    return undefined;
  }
  const { edits, warnings, finalNewline } = placed.value;
  const unrepresentable = encodingProblem(file, edits);
  if (unrepresentable !== undefined) return void refuse(file, unrepresentable);
  const applied = edits.length > 0 ? applyResolved(file.loaded.doc, edits, [...warnings]) : undefined;
  if (applied !== undefined && !applied.ok && applied.error.code !== "NO_CHANGE") throw applied.error;
  const outcome = withFinalNewline(file.loaded.doc, applied?.ok ? applied.value : undefined, finalNewline);
  if (outcome === undefined && target.moveTo === undefined)
    return void refuse(
      file,
      plain("NO_CHANGE", applied?.ok === false ? applied.error.summary : say.fileUnchanged(path.display)),
    );
  return { kind: "update", target, file, outcome, hunks: patch.hunks.length };
}

/**
 * A file (or, to remove it, its directory) lapp's user may not write, found before the first write rather than when
 * its turn comes and the files before it are written already. The writer checks again; this only spares a patch
 * half applied in the common case.
 */
function writabilityProblem(path: GuardedPath, removes: boolean): HunkProblem | undefined {
  try {
    accessSync(fsPath(path.real), constants.W_OK);
    if (removes) accessSync(fsPath(parentPath(path.real)), constants.W_OK | constants.X_OK);
    return undefined;
  } catch {
    return plain("PERMISSION_DENIED", permissionDenied(path.display));
  }
}

/** A Latin-1 file cannot hold every character: checked before any file is written, not when this one's turn comes. */
function encodingProblem(file: SessionFile, edits: readonly ResolvedEdit[]): HunkProblem | undefined {
  if (file.loaded.doc.encoding !== "latin1") return undefined;
  const encoded = encodeText(edits.flatMap((edit) => edit.lines).join("\n"), "latin1", false);
  if (encoded.ok) return undefined;
  return plain(encoded.error.code, encoded.error.summary, encoded.error.body);
}

function plain(code: HunkProblem["code"], summary: string, details: readonly AnswerItem[] = []): HunkProblem {
  return { code, summary, details: [...details] };
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, index) => line === b[index]);
}

/**
 * One error for every problem of the patch. Each file's part is cut to its share of the output budget, and the rows
 * still shown in it are recorded for that file.
 */
function refusal(problems: readonly Problem[], maxTokens: number): LappError {
  const code =
    PRECEDENCE.find((candidate) => problems.some((item) => item.problem.code === candidate)) ??
    problems[0]!.problem.code;
  const files = new Set(problems.map((item) => item.display)).size;
  const share = Math.max(1, Math.floor((maxTokens - 200) / problems.length));
  const parts = problems.flatMap((item) => {
    const items = [prose(say.fileSection(item.display, item.problem.summary)), ...item.problem.details];
    const kept = clipAnswer({ items, cutNote: (shown, all) => prose(cutAtBudget(shown, all)) }, share).items;
    item.file?.record(kept);
    return kept;
  });
  return new LappError(code as HunkProblem["code"], say.patchRefused(problems.length, files), parts);
}
