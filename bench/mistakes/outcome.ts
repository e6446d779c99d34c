// The outcome classes of one mistaken call, and the retry a model could make from the error alone. Pure: the runner
// (mistakes.ts) gives the answers and the file's text before and after; tested in tests/bench-plumbing/.

import { refLines, type Call, type Mistake } from "./model.ts";

export const OUTCOMES = [
  "as-meant",
  "refused-fixable",
  "refused-needs-read",
  "warned",
  "silently-wrong",
  "refused-but-changed",
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_TITLES: Record<Outcome, string> = {
  "as-meant": "applied as meant",
  "refused-fixable": "refused, fixable from the error alone",
  "refused-needs-read": "refused, needing a read",
  warned: "applied with a warning",
  "silently-wrong": "applied silently other than meant",
  "refused-but-changed": "refused but changed",
};

/** What the first call did, before any retry: refused (and whether the file changed) or applied. */
export function firstOutcome(
  answer: { isError: boolean; text: string },
  before: string,
  after: string,
  intended: string,
  warns: (text: string) => boolean,
): Outcome | "refused" {
  if (answer.isError) return after === before ? "refused" : "refused-but-changed";
  if (after === intended) return "as-meant";
  return warns(answer.text) ? "warned" : "silently-wrong";
}

/**
 * Whether a model can build the call it meant from what it has without reading the file again: every ref the meant
 * call needs (`refOf`, as a read would show it) must be in the error or in the call it sent, and for a content
 * mistake the error must name what was wrong (the ref or the row prefix of an `evidence` line). A correct call the
 * server refused is retried in its `alternative` form. Undefined when the error does not hold what the retry needs.
 */
export function retryFromError(
  mistake: Mistake,
  errorText: string,
  sentArgs: unknown,
  refsIn: (text: string) => Set<string>,
  refOf: (line: number) => string,
  rowPrefixOf: (line: number) => string,
): Call | undefined {
  const known = new Set([...refsIn(errorText), ...refsIn(JSON.stringify(sentArgs))]);
  const named =
    mistake.evidence.length === 0 ||
    mistake.evidence.some((line) => errorText.includes(refOf(line)) || errorText.includes(rowPrefixOf(line)));
  if (!named) return undefined;
  // A refused correct call is retried in the other form meaning the same; a slip, as the call that was meant.
  const retry = mistake.alternative ?? mistake.intent;
  const needed = refLines(retry).map(refOf);
  return needed.every((ref) => ref === "" || known.has(ref)) ? retry : undefined;
}

/** The `delete N#ID` (or `N#ID..M#ID`) a lapp warning names to undo a repeat, as lapp_edit arguments. */
export function undoNamedIn(text: string): Record<string, string> | undefined {
  const match = /delete (\d+#[A-Z]{2})(?:\.\.(\d+#[A-Z]{2}))?/.exec(text);
  if (!match) return undefined;
  return match[2]
    ? { type: "delete", start: match[1]!, end: match[2] }
    : { type: "delete", anchor: match[1]! };
}

/** The `replace A..B with …` a lapp content warning names (diff markers, lost indentation): its span, as refs. */
export function replaceNamedIn(
  text: string,
): { start: string; end: string } | { anchor: string } | undefined {
  const match =
    /replace (\d+#[A-Z]{2})(?:\.\.(\d+#[A-Z]{2}))? with the (?:same lines without it|lines indented)/.exec(
      text,
    );
  if (!match) return undefined;
  return match[2] ? { start: match[1]!, end: match[2] } : { anchor: match[1]! };
}
