// Every sentence a model reads about finding blocks: what was not found, why, and what to try instead.
// Functions of data only; callers pass refs and rows already rendered.

import type { Language } from "./language.ts";

/** How the block rules of a language read, in a few words. */
function describeRules(language: Language): string {
  switch (language.family) {
    case "brace":
      return `${language.dialect} rules: a header and its matching bracket`;
    case "indent":
      return `${language.dialect} rules: a header and the lines indented deeper`;
    case "headings":
      return `${language.dialect} rules: a heading up to the next heading of the same or higher level`;
    case "keyword-end":
      return `${language.dialect} rules: a header, the lines indented deeper and its closing line`;
  }
}

export const noBlockAt = (line: number, language: Language): string =>
  `line ${line} neither starts a block nor lies inside one (${describeRules(language)})`;

export const noBlockHint = (): string =>
  "Anchor on the block's header line (its function, class or heading line) or on any line inside it.";

export const lineOutOfRange = (line: number, lineCount: number): string =>
  `line ${line} is past the end of the file (${lineCount} lines)`;

export const invalidPattern = (pattern: string, reason: string): string =>
  `pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${reason}`;

export const invalidPatternHint = (): string =>
  'Escape special characters, or pass "literal": true to match the text as it is.';

export const patternMatchesNothing = (pattern: string, literal: boolean): string =>
  `no line matches ${literal ? "the text" : "the pattern"} ${JSON.stringify(pattern)}`;

export const patternMatchesNothingHint = (literal: boolean): string =>
  literal
    ? "Check the text against the file (lapp_grep finds it), or anchor on a ref instead."
    : 'Check the pattern (it is a JavaScript regular expression; "literal": true matches plain text), or anchor on a ref.';

export const occurrenceOutOfRange = (occurrence: number, count: number, pattern: string): string =>
  `occurrence ${occurrence} asked, but ${JSON.stringify(pattern)} has ${count} candidate${count === 1 ? "" : "s"}`;

export const ambiguousPattern = (count: number, pattern: string, onlyHeaders: boolean): string =>
  `${count} ${onlyHeaders ? "block headers" : "lines"} match ${JSON.stringify(pattern)}; choose one with "occurrence" or an anchor`;

/** One candidate row: its occurrence number, then the display row (`12#KT:text`). */
export const ambiguousCandidate = (occurrence: number, row: string): string =>
  `occurrence ${occurrence}: ${row}`;

export const ambiguousHint = (): string =>
  'Retry with "occurrence": N (numbered above) or "anchor": the ref of the header you mean.';

export const candidatesNote = (): string =>
  "Only lines that start a block are counted when some matching lines do and others do not.";

/** The first line of lapp_find_block's result, exactly as docs/format.md fixes it. */
export const blockHeading = (startRef: string, endRef: string, lineCount: number): string =>
  `block ${startRef}..${endRef} (${lineCount} lines)`;

export const blockContinuation = (
  shownFrom: number,
  shownTo: number,
  start: string,
  end: string,
  endLine: number,
): string =>
  `[showing lines ${shownFrom}-${shownTo} of block ${start}..${end}; continue with lapp_read offset=${shownTo + 1} limit=${endLine - shownTo}]`;

export const anchorAndPattern = (): string => 'give either "anchor" or "pattern", not both';

export const missingLocator = (): string =>
  'give "anchor" (the ref of the block\'s header, or of a line inside it) or "pattern" (text of its header line)';

export const locatorExample = (): string =>
  'e.g. {"anchor":"12#KT"} or {"pattern":"def handle_request","literal":true}';

export const anchorIsNoLine = (raw: string): string =>
  `anchor ${JSON.stringify(raw)} is an insert position; a block anchor is a line ref like "12#KT"`;

export const anchorPastEnd = (ref: string, lineCount: number, lastRef: string | undefined): string =>
  lastRef === undefined
    ? `anchor ${ref} points into an empty file`
    : `anchor ${ref} is past the end of the file (${lineCount} lines; the last is ${lastRef})`;

export const describeIndent = (indent: string): string => {
  if (indent === "") return "no indentation";
  const tabs = indent.split("\t").length - 1;
  const spaces = indent.length - tabs;
  const parts = [
    ...(spaces > 0 ? [`${spaces} space${spaces === 1 ? "" : "s"}`] : []),
    ...(tabs > 0 ? [`${tabs} tab${tabs === 1 ? "" : "s"}`] : []),
  ];
  return parts.join(" + ");
};

export const reindented = (from: string, to: string): string =>
  `content started at ${describeIndent(from)} but the block's header has ${describeIndent(to)}; every line was shifted to match`;

export const prefixesStripped = (): string =>
  'every line of content started with a copied "N#ID:" prefix; the prefixes were removed';

export const unbalancedContent = (unclosed: number, unopened: number): string => {
  const parts = [
    ...(unclosed > 0 ? [`leaves ${unclosed} bracket${unclosed === 1 ? "" : "s"} open`] : []),
    ...(unopened > 0 ? [`closes ${unopened} bracket${unopened === 1 ? "" : "s"} it does not open`] : []),
  ];
  return `the new block ${parts.join(" and ")}; content replaces the whole block, its closing line included`;
};
