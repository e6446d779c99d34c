// One file opened in the edit session: its loaded text, the one ref verifier bound to its record of shown rows,
// the commit that writes an edit and carries the record to the new version, and `present`, which cuts an answer
// about this file to the output budget, records the rows it still shows, and renders it. Its block analysis comes
// from the session's, kept by the version's digest.

import { clipError } from "../budget/clip-error.ts";
import { LappError, unwrap } from "../errors.ts";
import { commitEdit } from "../files/commit.ts";
import type { LoadedFile } from "../files/load.ts";
import type { Answer, AnswerItem } from "../hashline/answer.ts";
import {
  applyEdits,
  dryRunAnswer,
  editSuccessAnswer,
  type EditInput,
  type EditOutcome,
} from "../hashline/edit.ts";
import type { ShownRows } from "../hashline/verify-ref.ts";
import type { GuardedPath } from "../security/guard.ts";
import type { TextDocument } from "../text/document.ts";
import { BlockAnalyses, type BlockAnalysis } from "./block-analyses.ts";
import { presentAnswer, recordShown } from "./present.ts";
import type { ShownRecord } from "./shown-record.ts";

export class SessionFile {
  /** What the record says a ref means, against the lines as loaded: the verifier's view. */
  readonly shown: ShownRows;
  /**
   * Refs refused in this call, with the current lines their refusal points at: an error that shows all of those
   * lines with fresh refs retires the older showings of the ref (docs/format.md), so the same ref sent again means
   * the newest showing's line — a retry takes one call, never a re-read.
   */
  private readonly refused: { line: number; id: string; at: number[]; ambiguous: boolean }[] = [];

  constructor(
    readonly path: GuardedPath,
    readonly loaded: LoadedFile,
    private readonly shownRecord: ShownRecord,
    private readonly settle: () => void,
    /** Told the document lapp wrote, the digest and size of its bytes, so the next load of them can skip decoding. */
    private readonly wrote: (doc: TextDocument, digest: bigint, bytes: number) => void = () => {},
    /** The session's block analyses of recent versions (a fresh set keeps nothing between files). */
    private readonly analyses = new BlockAnalyses(),
  ) {
    this.shown = {
      lookup: (line, id) => {
        const meaning = shownRecord.lookup(line, id, this.lines);
        if (meaning.kind === "ambiguous")
          this.refused.push({ line, id, at: meaning.candidates, ambiguous: true });
        else if (meaning.kind !== "live" && meaning.kind !== "unknown")
          this.refused.push({ line, id, at: "at" in meaning ? [meaning.at] : [], ambiguous: false });
        return meaning;
      },
      unverified: (from, to, seen) => shownRecord.unverified(from, to, seen, this.lines),
    };
  }

  get lines(): readonly string[] {
    return this.loaded.doc.lines;
  }

  /** The block rules and outline of this version: the session's when it analyzed these bytes before. */
  blocks(): BlockAnalysis {
    const { identity } = this.loaded;
    return this.analyses.of(this.lines, this.path.display, {
      digest: identity.digest,
      bytes: Number(identity.size),
    });
  }

  /** The answer cut at `maxTokens`, its rows recorded as shown (of the file as it is now), rendered. */
  present(answer: Answer, maxTokens: number, lines: readonly string[] = this.lines): string {
    const text = presentAnswer(answer, maxTokens, (shown) => recordShown(this.shownRecord, lines, shown));
    this.settle();
    return text;
  }

  /** Records the lines `items` show of this file (items already cut to the budget by the caller), as `present` does. */
  record(items: readonly AnswerItem[]): void {
    recordShown(this.shownRecord, this.lines, items);
    this.settle();
  }

  /**
   * Runs `step`; a LappError it throws is cut to the output budget (`maxTokens`), the rows it still shows
   * (repair payload, candidates) are recorded, and refused refs whose lines it shows are retired (see `refused`).
   */
  guarded<T>(step: () => T, maxTokens: number): T {
    try {
      return step();
    } catch (error) {
      if (!(error instanceof LappError)) throw error;
      const clipped = clipError(error, maxTokens);
      const shown = recordShown(this.shownRecord, this.lines, clipped.body);
      for (const ref of this.refused)
        if (ref.at.length > 0 && ref.at.every((line) => shown.has(line)))
          this.shownRecord.retire(ref.line, ref.id, ref.ambiguous ? undefined : ref.at[0]);
      this.settle();
      throw clipped;
    }
  }

  /** Validates and applies edits by refs; nothing is written here. */
  apply(edits: readonly EditInput[], maxTokens: number): EditOutcome {
    return this.guarded(() => unwrap(applyEdits(this.loaded.doc, edits, { shown: this.shown })), maxTokens);
  }

  /**
   * Writes the outcome atomically (FILE_CHANGED if the file moved on since it was loaded), carries the record to
   * the new version, and presents the result. A dry run writes nothing and shows rows of the current version.
   */
  commit(outcome: EditOutcome, dryRun: boolean | undefined, maxTokens: number): string {
    if (dryRun) return this.present(dryRunAnswer(this.path.display, this.loaded.doc, outcome), maxTokens);
    const committed = unwrap(commitEdit(this.path, this.loaded, outcome.doc, outcome.regions));
    this.shownRecord.carry(outcome.regions, outcome.doc.lines, committed.digest);
    if (committed.digest !== undefined) this.wrote(outcome.doc, committed.digest, committed.bytes);
    return this.present(editSuccessAnswer(this.path.display, outcome), maxTokens, outcome.doc.lines);
  }
}
