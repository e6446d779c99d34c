// Every sentence a model reads about finding a text by its content: several places, no place, the retry.
// Functions of data only; callers pass what they call the text (`old_content`, `hunk 2 of a.ts`) and rendered rows.

import { describeIndent } from "../messages.ts";

const plural = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;

const NOTHING_WRITTEN = "; nothing was written";

export const ambiguousText = (what: string, count: number, display: string, writes: boolean): string =>
  `${what} occurs at ${count} places in ${display}${writes ? NOTHING_WRITTEN : ""}`;

export const looselyAmbiguous = (): string =>
  "It occurs nowhere exactly; these places match it with whitespace normalised.";

/** One candidate: its number, its refs, and the line it sits under (so two copies of one text can be told apart). */
export const candidate = (
  occurrence: number,
  startRef: string,
  endRef: string,
  under: string | undefined,
): string =>
  `occurrence ${occurrence}: ${startRef}..${endRef}${under === undefined ? "" : `, under ${under}`}`;

export const ambiguousRetry = (what: string): string =>
  `Retry with "occurrence": N (numbered above) or "anchor": a ref inside the place you mean, or give more lines of ${what} so that it occurs once.`;

export const textNowhere = (what: string, display: string, normalized: boolean, writes: boolean): string =>
  `${what} occurs nowhere in ${display}${normalized ? ", not even with whitespace normalised" : " (normalize_whitespace is false)"}${writes ? NOTHING_WRITTEN : ""}`;

export const closestPlace = (startRef: string, endRef: string, found: number, of: number): string =>
  `The most similar place is ${startRef}..${endRef} (${found} of ${plural(of, "non-blank line")} are there):`;

export const missingLine = (what: string, lineNumber: number, text: string): string =>
  `line ${lineNumber} of ${what} is not there: ${JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)}`;

export const nothingAlike = (what: string): string =>
  `No line of ${what} occurs in the file: check the path, or find the text with lapp_grep.`;

export const copyFromRows = (): string =>
  "Copy the text from these rows (without the N#ID: prefixes), or change them by ref with lapp_edit.";

export const moreRegionLines = (count: number): string => `    ... (${plural(count, "more line")})`;

export const blankText = (field: string): string =>
  `${field} has no non-blank line; give the exact lines to look for`;

export const occurrencePastCandidates = (occurrence: number, count: number, what: string): string =>
  `occurrence ${occurrence} asked, but ${what} occurs at ${plural(count, "place")}`;

export const anchorInNoCandidate = (ref: string, what: string): string =>
  `anchor ${ref} lies in none of the places where ${what} occurs`;

export const indentationRebased = (what: string, from: string, to: string): string =>
  `${what} was found with other indentation (${describeIndent(from)} → ${describeIndent(to)}); the new lines were moved by the same amount`;

export const indentationNotRebased = (line: number): string =>
  `the match has other indentation than you gave, but line ${line} of the new text is indented less than your old text, so no line was moved; check the indentation`;

export const contentAndPattern = (field: string): string =>
  `give either "${field}" or "pattern", not both ("anchor" or "occurrence" may go with ${field} to pick one of its places)`;

export const prefixesStrippedFrom = (field: string): string =>
  `every line of ${field} started with a copied "N#ID:" prefix; the prefixes were removed before looking`;

export const missingNewContent = (): string =>
  'give "content" (the complete new text; "new_content" is accepted as its other name)';

export const twoNewContents = (): string =>
  '"content" and "new_content" are the same field under two names and disagree here; send one of them';

export const foundLoosely = (field: string): string =>
  `${field} occurs nowhere exactly; it was found with whitespace normalised`;
