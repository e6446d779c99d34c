// One file opened in the edit session: its loaded text, the one ref verifier bound to its record of shown rows,
// and the commit that writes an edit and carries the record to the new version.

import { clipToBudget } from "../budget/budget.ts";
import { clipError } from "../budget/clip-error.ts";
import { cutAtBudget } from "../budget/messages.ts";
import { LappError, unwrap } from "../errors.ts";
import { commitEdit } from "../files/commit.ts";
import type { LoadedFile } from "../files/load.ts";
import {
  applyEdits,
  renderDryRun,
  renderEditSuccess,
  shownLinesOfSuccess,
  type EditInput,
  type EditOutcome,
} from "../hashline/edit.ts";
import { shownLinesOfDryRun } from "../hashline/render-dry-run.ts";
import { rowsInText } from "../hashline/rows-in-text.ts";
import type { ShownRows } from "../hashline/verify-ref.ts";
import type { GuardedPath } from "../security/guard.ts";
import type { TextDocument } from "../text/document.ts";
import type { ShownRecord } from "./shown-record.ts";

export class SessionFile {
  /** What the record says a ref means, against the lines as loaded: the verifier's view. */
  readonly shown: ShownRows;

  constructor(
    readonly path: GuardedPath,
    readonly loaded: LoadedFile,
    private readonly record: ShownRecord,
    private readonly settle: () => void,
    /** Told the document lapp wrote, the digest and size of its bytes, so the next load of them can skip decoding. */
    private readonly wrote: (doc: TextDocument, digest: bigint, bytes: number) => void = () => {},
  ) {
    this.shown = { lookup: (line, id) => record.lookup(line, id, this.lines) };
  }

  get lines(): readonly string[] {
    return this.loaded.doc.lines;
  }

  /** Records rows (current line numbers) as shown with their refs; `refresh` for a read of a whole range. */
  show(rows: Iterable<number>, refresh = false): void {
    this.record.show(this.lines, rows, refresh);
    this.settle();
  }

  /**
   * Runs `step`; a LappError it throws is cut to the output budget (`maxTokens`), and the rows it still shows
   * (repair payload, candidates) are recorded before it goes on.
   */
  guarded<T>(step: () => T, maxTokens?: number): T {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof LappError)) throw error;
      const shown = maxTokens === undefined ? error : clipError(error, maxTokens);
      this.show(shown.shownLines);
      throw shown;
    }
  }

  /** Validates and applies edits by refs; nothing is written here. */
  apply(edits: readonly EditInput[], maxTokens?: number): EditOutcome {
    return this.guarded(() => unwrap(applyEdits(this.loaded.doc, edits, { shown: this.shown })), maxTokens);
  }

  /**
   * Writes the outcome atomically (FILE_CHANGED if the file moved on since it was loaded), carries the record to
   * the new version, records the rows the answer shows, and renders it. A dry run writes nothing.
   */
  commit(outcome: EditOutcome, dryRun: boolean | undefined, maxTokens?: number): string {
    // Only the rows the answer still shows once cut at the output budget are recorded as shown.
    if (dryRun) {
      const full = renderDryRun(this.path.display, this.loaded.doc, outcome);
      const preview = maxTokens === undefined ? full : clipToBudget(full, maxTokens, cutAtBudget);
      this.show(rowsInText(shownLinesOfDryRun(this.loaded.doc, outcome), preview));
      return preview;
    }
    const committed = unwrap(commitEdit(this.path, this.loaded, outcome.doc, outcome.regions));
    this.record.carry(outcome.regions, outcome.doc.lines, committed.digest);
    if (committed.digest !== undefined) this.wrote(outcome.doc, committed.digest, committed.bytes);
    const answer = renderEditSuccess(this.path.display, outcome, maxTokens);
    this.record.show(outcome.doc.lines, rowsInText(shownLinesOfSuccess(outcome), answer));
    this.settle();
    return answer;
  }
}
