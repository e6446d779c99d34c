// Where an edit changed a document's lines, in both numberings: what the encoder copies around, the record of shown
// rows carries refs across, and the commit hands on. A fact about two versions of a text, so it lives with the text.

/** Where an edit changed the file. */
export interface ChangedRegion {
  /** First new line, in the NEW file's numbering. For a pure deletion: the number of the line now
   *  just after the gap (it may be `lineCount + 1` of the new file when the end was deleted). */
  start: number;
  /** How many new lines the region holds (0 for a pure deletion). */
  lineCount: number;
  /** First removed line in the OLD file's numbering (for a pure insertion: the old line after the gap). */
  oldStart: number;
  /** How many old lines were removed (0 for a pure insertion). */
  removedCount: number;
}
