// Block rules of documents with headings (Markdown, AsciiDoc, Org, INI/TOML sections): a heading and
// everything up to the next heading of the same or a higher level; code fences hide `#` lines.

import type { HeadingDialectName } from "./language.ts";
import { spanContains, type BlockRules, type LineSpan } from "./span.ts";

interface Heading {
  readonly line: number;
  readonly level: number;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Lines that cannot be the text of a setext heading. */
const NOT_SETEXT_TEXT = /^(?: {4}|\t| {0,3}(?:[-*+>]|\d{1,9}[.)])(?:\s|$)| {0,3}#| {0,3}(?:`{3}|~{3}))/;

function markdownHeadings(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | null = null;
  let start = 0;
  if (lines[0]?.trimEnd() === "---") {
    // YAML front matter.
    const close = lines.findIndex((text, index) => index > 0 && /^(---|\.\.\.)\s*$/.test(text));
    if (close > 0) start = close + 1;
  }
  for (let line = start; line < lines.length; line++) {
    const text = lines[line]!;
    const fenceMark = FENCE.exec(text);
    if (fence !== null) {
      if (fenceMark && fenceMark[1]![0] === fence[0] && fenceMark[1]!.length >= fence.length) {
        if (text.trim() === fenceMark[1] || /^[`~]+\s*$/.test(text.trim())) fence = null;
      }
      continue;
    }
    if (fenceMark) {
      fence = fenceMark[1]!;
      continue;
    }
    const atx = ATX.exec(text);
    if (atx) {
      headings.push({ line, level: atx[1]!.length });
      continue;
    }
    const next = lines[line + 1];
    if (next !== undefined && text.trim() !== "" && !NOT_SETEXT_TEXT.test(text)) {
      const previous = line > start ? lines[line - 1]! : "";
      const startsParagraph = previous.trim() === "" || ATX.test(previous);
      if (startsParagraph && SETEXT_1.test(next)) headings.push({ line, level: 1 });
      else if (startsParagraph && SETEXT_2.test(next)) headings.push({ line, level: 2 });
      if (startsParagraph && (SETEXT_1.test(next) || SETEXT_2.test(next))) line++;
    }
  }
  return headings;
}

function patternHeadings(
  lines: readonly string[],
  heading: RegExp,
  levelOf: (found: RegExpExecArray) => number,
  verbatim: { open: RegExp; close: RegExp } | null,
): Heading[] {
  const headings: Heading[] = [];
  let inVerbatim = false;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    if (verbatim) {
      if (inVerbatim) {
        if (verbatim.close.test(text)) inVerbatim = false;
        continue;
      }
      if (verbatim.open.test(text)) {
        inVerbatim = true;
        continue;
      }
    }
    const found = heading.exec(text);
    if (found) headings.push({ line, level: levelOf(found) });
  }
  return headings;
}

function headingsOf(lines: readonly string[], dialect: HeadingDialectName): Heading[] {
  switch (dialect) {
    case "markdown":
      return markdownHeadings(lines);
    case "asciidoc":
      return patternHeadings(lines, /^(={1,6})[ \t]+\S/, (found) => found[1]!.length, {
        open: /^(-{4,}|\.{4,}|`{3,})\s*$/,
        close: /^(-{4,}|\.{4,}|`{3,})\s*$/,
      });
    case "org":
      return patternHeadings(lines, /^(\*+)[ \t]+\S/, (found) => found[1]!.length, {
        open: /^\s*#\+begin_/i,
        close: /^\s*#\+end_/i,
      });
    case "ini":
      return patternHeadings(lines, /^\s*\[[^\]]*\]+\s*(?:[#;].*)?$/, () => 1, null);
  }
}

export class HeadingBlocks implements BlockRules {
  private readonly headings: Heading[];
  /** Index into `headings` of the heading on each line, or -1. */
  private readonly headingAt: Int32Array;

  constructor(
    private readonly lines: readonly string[],
    dialect: HeadingDialectName,
  ) {
    this.headings = headingsOf(lines, dialect);
    this.headingAt = new Int32Array(lines.length).fill(-1);
    this.headings.forEach((heading, index) => (this.headingAt[heading.line] = index));
  }

  headerBlock(line: number): LineSpan | null {
    const index = this.headingAt[line]!;
    return index < 0 ? null : this.sectionOf(index);
  }

  enclosingBlock(line: number): LineSpan | null {
    for (let index = this.lastHeadingBefore(line); index >= 0; index--) {
      const section = this.sectionOf(index);
      if (spanContains(section, line)) return section;
    }
    return null;
  }

  /** Index of the last heading above `line` (binary search; headings are in line order), or -1. */
  private lastHeadingBefore(line: number): number {
    let low = 0;
    let high = this.headings.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.headings[middle]!.line < line) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }

  /** From the heading through the line before the next heading of the same or higher level, less trailing blanks. */
  private sectionOf(index: number): LineSpan {
    const heading = this.headings[index]!;
    let next = index + 1;
    while (next < this.headings.length && this.headings[next]!.level > heading.level) next++;
    let end = next < this.headings.length ? this.headings[next]!.line - 1 : this.lines.length - 1;
    while (end > heading.line && this.lines[end]!.trim() === "") end--;
    return { start: heading.line, end };
  }
}
