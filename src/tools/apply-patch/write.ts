// Writes a prepared patch file by file, each through the atomic writer (updates, new files and moves' new names in
// sorted order, then deletions and moves' old names: a crash never leaves a moved file under neither name), and
// answers with each file's new rows and fresh refs. A write that fails stops the patch and says exactly which
// files were written and which were not.

import { clipToBudget } from "../../budget/budget.ts";
import { cutAtBudget } from "../../budget/messages.ts";
import { LappError, unwrap, type Result } from "../../errors.ts";
import { commitBytes, commitDocument, commitRemoval, type Committed } from "../../files/commit.ts";
import { createParentDirectories, removeDirectories } from "../../files/directories.ts";
import { prose, rows } from "../../hashline/answer.ts";
import { editSuccessAnswer } from "../../hashline/edit.ts";
import { WRITE_ECHO_MAX_LINES } from "../../limits.ts";
import { wroteFile, wroteLargeFile } from "../../messages.ts";
import * as say from "../../patch/messages.ts";
import type { GuardedPath } from "../../security/guard.ts";
import type { EditSession } from "../../session/edit-session.ts";
import type { TextDocument } from "../../text/document.ts";
import type { PreparedFile } from "./prepare.ts";
import { recordDeleted } from "./record.ts";

/** One step of the write phase: its answer, or the error that stopped the patch there. */
interface Step {
  readonly path: GuardedPath;
  run(budget: number): string;
}

export function writePatch(
  session: EditSession,
  prepared: readonly PreparedFile[],
  maxTokens: number,
): string {
  const first: Step[] = [];
  const last: Step[] = [];
  for (const item of prepared) {
    const { path, moveTo } = item.target;
    if (item.kind === "add")
      first.push({ path, run: (budget) => createFile(session, path, item.lines, item.bytes, budget) });
    if (item.kind === "delete") last.push({ path, run: () => deleteFile(session, path, item) });
    if (item.kind === "update" && moveTo === undefined)
      first.push({ path, run: (budget) => item.file.commit(item.outcome!, false, budget) });
    if (item.kind === "update" && moveTo !== undefined) {
      const doc = item.outcome?.doc ?? item.file.loaded.doc;
      first.push({ path: moveTo, run: (budget) => moveFile(session, item, moveTo, doc, budget) });
      last.push({ path, run: () => deleteFile(session, path, item) });
    }
  }
  const steps = [...sorted(first), ...sorted(last)];
  const budget = Math.max(1, Math.floor((maxTokens - 300) / Math.max(1, steps.length)));
  const answers: string[] = [];
  for (const [index, step] of steps.entries()) {
    try {
      const answer = step.run(budget);
      if (answer !== "") answers.push(answer);
    } catch (error) {
      if (!(error instanceof LappError)) throw error;
      const written = steps.slice(0, index).map((done) => done.path.display);
      const unwritten = steps.slice(index).map((rest) => rest.path.display);
      const details = [error.details, say.stoppedDetails(written, unwritten), ...answers].filter(
        (part) => part !== "",
      );
      throw new LappError(
        error.code,
        say.stoppedSummary(step.path.display, error.summary),
        details.join("\n"),
      );
    }
  }
  return clipToBudget(
    [say.patchedSummary(prepared.map(partOf)), ...answers].join("\n"),
    maxTokens,
    cutAtBudget,
  );
}

/** What a dry run shows: each update's diff preview, each new or deleted file named; nothing is written. */
export function previewPatch(prepared: readonly PreparedFile[], maxTokens: number): string {
  const budget = Math.max(1, Math.floor((maxTokens - 300) / Math.max(1, prepared.length)));
  const parts = prepared.map((item) => {
    if (item.kind === "add") return say.wouldCreate(item.target.path.display, item.lines.length);
    if (item.kind === "delete") return say.wouldDelete(item.target.path.display);
    return item.outcome === undefined
      ? say.updatedPart(item.target.path.display, item.hunks, item.target.moveTo?.display)
      : item.file.commit(item.outcome, true, budget);
  });
  return clipToBudget([say.dryRunSummary(prepared.length), ...parts].join("\n"), maxTokens, cutAtBudget);
}

function partOf(item: PreparedFile): string {
  const display = item.target.path.display;
  if (item.kind === "add") return say.addedPart(display, item.lines.length);
  if (item.kind === "delete") return say.deletedPart(display);
  return say.updatedPart(display, item.hunks, item.target.moveTo?.display);
}

/** Steps in the order of their files' real paths (the order the queues were taken in). */
function sorted(steps: readonly Step[]): Step[] {
  return [...steps].sort((a, b) => (a.path.real < b.path.real ? -1 : a.path.real > b.path.real ? 1 : 0));
}

/** A new file at `path`, its missing parent directories made first and removed again if the write fails. */
function createWithParents(path: GuardedPath, commit: () => Result<Committed>): Committed {
  const created = unwrap(createParentDirectories(path));
  const committed = commit();
  if (committed.ok) return committed.value;
  removeDirectories(created); // nothing written means no stray directories either
  throw committed.error;
}

function createFile(
  session: EditSession,
  path: GuardedPath,
  lines: readonly string[],
  bytes: Uint8Array,
  budget: number,
): string {
  const { digest } = createWithParents(path, () => commitBytes(path, bytes, undefined));
  const items =
    lines.length <= WRITE_ECHO_MAX_LINES
      ? [prose(wroteFile(path.display, lines.length, bytes.length), true), ...rows(lines, 1, lines.length)]
      : [prose(wroteLargeFile(path.display, lines.length, bytes.length, WRITE_ECHO_MAX_LINES), true)];
  const cutNote = (kept: number) => prose(cutAtBudget(kept, lines.length));
  return session.presentCreated(path, lines, digest, { items, cutNote }, budget);
}

function moveFile(
  session: EditSession,
  item: Extract<PreparedFile, { kind: "update" }>,
  moveTo: GuardedPath,
  doc: TextDocument,
  budget: number,
): string {
  const { digest } = createWithParents(moveTo, () => commitDocument(moveTo, doc, undefined));
  const moved = prose(say.movedFile(item.target.path.display, moveTo.display), true);
  const result = item.outcome && editSuccessAnswer(moveTo.display, item.outcome);
  const answer = result ? { ...result, items: [moved, ...result.items] } : { items: [moved] };
  return session.presentCreated(moveTo, doc.lines, digest, answer, budget);
}

function deleteFile(
  session: EditSession,
  path: GuardedPath,
  item: Extract<PreparedFile, { kind: "delete" | "update" }>,
): string {
  unwrap(commitRemoval(path, item.file.loaded.identity));
  recordDeleted(session, path);
  return item.kind === "delete" ? say.deletedFile(path.display) : "";
}
