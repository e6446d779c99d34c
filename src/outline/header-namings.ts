// The declarations outlines found on header lines, by the text of the line. The outline of a file's next version
// (after an edit) shares them with the version before and runs the declaration rules only on header lines whose text
// is new: typescript.js has ~45,000 header lines, and the rules took ~20 ms of its outline. What a line declares is
// a function of its text (and the language, the same for every version of a file: block-analyses.ts).

import type { Language } from "../blocks/language.ts";
import { declarationAt, namedByItsOwnText, type Declaration, type FoundDeclaration } from "./declarations.ts";

/** Texts kept beyond the header lines of the newest version, before the next version starts afresh. */
const STALE_ALLOWANCE = 1024;

export class HeaderNamings {
  /** By the header line's text: what it declares, or null (a statement). Only lines named by their own text. */
  private readonly byText: Map<string, Declaration | null>;
  /** Header lines this version asked about (the texts a next version is likely to share). */
  private asked = 0;

  /** `earlier`: the namings of the version this one was edited from (its texts are shared, not copied). */
  constructor(earlier: HeaderNamings | undefined) {
    // Texts of lines edited away stay until they outnumber the live ones; then a version starts afresh.
    const overgrown = earlier !== undefined && earlier.byText.size > 2 * earlier.asked + STALE_ALLOWANCE;
    this.byText = earlier === undefined || overgrown ? new Map() : earlier.byText;
  }

  /** The declaration of the block headed at `lines[start]` (0-based, its last line `end`), as declarationAt finds it. */
  at(lines: readonly string[], start: number, end: number, language: Language): FoundDeclaration | null {
    const text = lines[start]!;
    if (!namedByItsOwnText(text)) return declarationAt(lines, start, end, language);
    this.asked++;
    let named = this.byText.get(text);
    if (named === undefined) {
      const found = declarationAt(lines, start, end, language);
      named = found && { kind: found.kind, name: found.name };
      this.byText.set(text, named);
    }
    return named && { kind: named.kind, name: named.name, line: start };
  }
}
