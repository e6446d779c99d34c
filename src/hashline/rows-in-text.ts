// Which rows an answer really shows: the line numbers of the refs (`12#KT`) in its text. An answer cut at the
// output budget shows fewer rows than it was built from, and lapp records as shown only what the model saw.

import { ID_ALPHABET } from "./hash.ts";

/** A ref in an answer's text, as a row, a candidate or a hint names it. */
const ROW_REF = new RegExp(`(?:^|[^\\d])(\\d+)#[${ID_ALPHABET}]{2}(?![${ID_ALPHABET}])`, "g");

/** The lines of `rows` whose ref appears in `text`, in their order. */
export function rowsInText(rows: readonly number[], text: string): number[] {
  const named = new Set<number>();
  for (const match of text.matchAll(ROW_REF)) named.add(Number(match[1]));
  return rows.filter((line) => named.has(line));
}
