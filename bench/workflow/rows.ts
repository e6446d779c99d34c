// What the simulated agent reads out of lapp's text: `N#ID:text` rows (plain, `>>>`-marked, or indented), the
// error code, and the fresh refs an error names for a line. Parsed leniently so today's and future formats both fit.

import { errorCodeOf } from "../support/lapp-client.ts";

export interface ShownRow {
  line: number;
  ref: string;
  /** The text as shown (a long line is shown cut, the same way every time). */
  text: string;
  /** The row carried the `>>>` marker (the line an error is about). */
  marked: boolean;
}

/** A row, plain, indented, `>>>`-marked or as a list item (`- 12#AB:text`). */
const ROW = /^(>>>\s*|\s*(?:[-*]\s+)?)(\d+)#([A-Z]{2})[:-](.*)$/;
const REF_IN_TEXT = /\b\d+#[A-Z]{2}\b/;
const REFS_IN_TEXT = /\b\d+#[A-Z]{2}\b/g;
/** A ref offered as where a line now is: `is now on 12#AB`, `sits on 12#AB`, `fresh ref is 12#AB`, `use 12#AB`, `→ 12#AB`. */
const POINTER = /(?:\b(?:now on|now at|sits on|moved to|fresh ref(?: is)?:?|use)\s+|→\s*)(\d+#[A-Z]{2})\b/g;

/** Every hashline row in a tool output, in order. */
export function parseRows(text: string): ShownRow[] {
  const rows: ShownRow[] = [];
  for (const raw of text.split("\n")) {
    const match = ROW.exec(raw);
    if (!match) continue;
    rows.push({
      line: Number(match[2]),
      ref: `${match[2]}#${match[3]}`,
      text: match[4]!,
      marked: match[1]!.startsWith(">>>"),
    });
  }
  return rows;
}

/** The offset a read page says to continue with (`… offset=N]`), if the file goes on. */
export function continuationOffset(page: string): number | undefined {
  const match = /offset=(\d+)\D*$/.exec(page.trimEnd());
  return match ? Number(match[1]) : undefined;
}

export interface ErrorPointers {
  code: string | undefined;
  /** `>>>` rows: the line the error is about, with its current ref. */
  marked: ShownRow[];
  /** Every row of an AMBIGUOUS_REF error: the candidates and their fresh refs. */
  candidates: ShownRow[];
  /** Refs an AMBIGUOUS_REF error names outside rows (`candidates: 44#MP, 61#TT`), text unknown. */
  inlineCandidates: string[];
  /** Sentences naming a stale ref (the first ref of the line) and the fresh ref they point to (`use N#ID`). */
  hints: Array<{ stale: string; fresh: string }>;
}

/** The places an error points the agent to: `>>>` rows, AMBIGUOUS_REF candidates, and sentences naming a fresh ref. */
export function errorPointers(text: string): ErrorPointers {
  const code = errorCodeOf(text);
  const rows = parseRows(text);
  const hints: Array<{ stale: string; fresh: string }> = [];
  const inline = new Set<string>();
  for (const line of text.split("\n")) {
    if (ROW.test(line)) continue;
    if (code === "AMBIGUOUS_REF") for (const match of line.matchAll(REFS_IN_TEXT)) inline.add(match[0]);
    const stale = REF_IN_TEXT.exec(line)?.[0];
    for (const match of line.matchAll(POINTER)) {
      const fresh = match[1]!;
      const known = hints.some((hint) => hint.stale === stale && hint.fresh === fresh);
      if (stale !== undefined && fresh !== stale && !known) hints.push({ stale, fresh });
    }
  }
  return {
    code,
    marked: rows.filter((row) => row.marked),
    candidates: code === "AMBIGUOUS_REF" ? rows : [],
    inlineCandidates: [...inline],
    hints,
  };
}

/**
 * The fresh ref an error names for the line the agent meant (it sent `ref`, and its read showed `text` there):
 * a hint for that ref, else the one `>>>` row or AMBIGUOUS_REF candidate showing that same text. Undefined when the
 * error names none, or several (the agent cannot tell which).
 */
export function freshRefFor(pointers: ErrorPointers, ref: string, text: string): string | undefined {
  const hinted = new Set(pointers.hints.filter((hint) => hint.stale === ref).map((hint) => hint.fresh));
  if (hinted.size === 1) return [...hinted][0];
  const sameText = (rows: ShownRow[]) => [
    ...new Set(rows.filter((row) => row.text === text && row.ref !== ref).map((row) => row.ref)),
  ];
  const marked = sameText(pointers.marked);
  if (marked.length === 1) return marked[0];
  const candidates = sameText(pointers.candidates);
  return candidates.length === 1 ? candidates[0] : undefined;
}

/** Every ref an error points to as where a line now is (`>>>` rows, hints, candidates). */
export function pointedRefs(pointers: ErrorPointers): Set<string> {
  return new Set([
    ...pointers.marked.map((row) => row.ref),
    ...pointers.hints.map((hint) => hint.fresh),
    ...pointers.candidates.map((row) => row.ref),
    ...pointers.inlineCandidates,
  ]);
}
