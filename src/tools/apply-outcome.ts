// The shared tail of lapp_edit and lapp_replace_block: run the engine, keep the collision guard in step with
// what the model is shown, write atomically, and render the result (or the dry-run preview).
import { clipToBudget } from "../budget/budget.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { unwrap } from "../errors.ts";
import {
  applyEdits,
  renderDryRun,
  renderEditSuccess,
  shownLinesOfSuccess,
  type EditInput,
  type EditOutcome,
} from "../hashline/edit.ts";
import { commitDocument } from "../files/commit.ts";
import type { LoadedFile } from "../files/load.ts";
import type { GuardedPath } from "../security/guard.ts";
import type { ToolContext } from "./tool.ts";

/** Validates and applies `edits` against the loaded file; a failure records the rows its payload showed. */
export function applyWithMemory(
  context: ToolContext,
  path: GuardedPath,
  loaded: LoadedFile,
  edits: readonly EditInput[],
): EditOutcome {
  const isStaleByMemory = context.memory.staleChecker(path.real, loaded.doc.lines);
  const applied = applyEdits(loaded.doc, edits, { isStaleByMemory });
  if (!applied.ok) {
    // The payload showed fresh refs for these rows: a retry with them must pass the collision guard.
    context.memory.rememberRows(path.real, loaded.doc.lines, applied.error.shownLines);
    throw applied.error;
  }
  return applied.value;
}

/** Writes the outcome (unless dry run) and renders what the model sees. */
export function commitOutcome(
  context: ToolContext,
  path: GuardedPath,
  loaded: LoadedFile,
  outcome: EditOutcome,
  dryRun: boolean | undefined,
): string {
  const maxTokens = context.config.maxOutputTokens;
  if (dryRun) return clipToBudget(renderDryRun(path.display, loaded.doc, outcome), maxTokens, cutAtBudget);
  unwrap(commitDocument(path, outcome.doc, loaded.identity));
  // Only the rows the result shows count as served: refs the model still holds for other lines keep being
  // checked against the content it actually saw.
  context.memory.rememberRows(path.real, outcome.doc.lines, shownLinesOfSuccess(outcome));
  return renderEditSuccess(path.display, outcome, maxTokens);
}
