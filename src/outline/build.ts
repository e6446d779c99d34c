// The outline of a file as a tree: every block the block engine finds whose header declares something (or every
// heading), plus one-line members of classes and interfaces and one-line top-level declarations. A file whose
// language lapp has no outline rules for (plain text, unknown names) has no outline: guessed blocks mislead.

import type { BlockFinder } from "../blocks/find.ts";
import type { Language } from "../blocks/language.ts";
import { memberLineAt, topLineAt } from "./declarations.ts";
import { HeaderNamings } from "./header-namings.ts";
import { headingAt } from "./headings.ts";

export interface OutlineEntry {
  /** First and last line, 1-based, inclusive. */
  start: number;
  end: number;
  kind: string;
  name: string;
  /** Number of entries around this one. */
  depth: number;
  /** Always listed (top-level declarations, class members, headings to level 3); others while the budget allows. */
  essential: boolean;
  children: OutlineEntry[];
}

/** Kinds whose one-line members are listed. */
const MEMBER_HOLDERS = new Set(["class", "interface", "struct", "trait", "protocol", "record"]);
/** Kinds whose direct members are essential when they are (a class's members, a namespace's declarations). */
const ESSENTIAL_HOLDERS = new Set(["class", "struct", "record", "namespace", "module"]);
/** Kinds whose body holds declarations like a file's top level does. */
const NAMESPACES = new Set(["namespace", "module"]);
/** Share of a file's lines a top-level block spans when it wraps the file (nest). */
const WRAPPER_SHARE = 0.9;
/** Heading levels always listed. */
const ESSENTIAL_HEADING_LEVEL = 3;

export interface Outline {
  language: Language;
  roots: OutlineEntry[];
  /** Every entry in line order. */
  entries: OutlineEntry[];
  /** What its header lines declare, by their text: the outline of a later version of the file starts from them. */
  namings: HeaderNamings;
}

/**
 * Whether lapp knows what a block of this language declares. The generic brace rules are the block engine's
 * fallback for names it does not know (notes, todo.txt, vim help files): their "blocks" are guesses, fine for
 * lapp_find_block around a line someone points at, but an outline built from them invents structure.
 */
function hasOutlineRules(language: Language): boolean {
  return language.dialect !== "generic";
}

/**
 * The outline of `lines`, in `language`, by the block rules `blocks` makes of them (blocks/find.ts: analyzeBlocks),
 * asked for only when the language has outline rules: a big text file is not lexed for an outline it cannot have.
 * `earlier`: the namings of the version these lines were edited from (its header lines' declarations are reused).
 */
export function buildOutline(
  lines: readonly string[],
  language: Language,
  blocks: () => BlockFinder,
  earlier?: HeaderNamings,
): Outline {
  return scanOutline(lines, language, blocks, earlier).outline();
}

/** A scan of the lines for outline entries, or one that finds none where the language has no outline rules. */
export function scanOutline(
  lines: readonly string[],
  language: Language,
  blocks: () => BlockFinder,
  earlier?: HeaderNamings,
): OutlineScan {
  return new OutlineScan(
    lines,
    language,
    hasOutlineRules(language) ? blocks() : null,
    new HeaderNamings(earlier),
  );
}

interface Span {
  start: number;
  end: number;
  /** The entry its header made, if it declares something. */
  entry: OutlineEntry | null;
}

/**
 * One pass over the lines in order, giving the outline's entries as their blocks start: every block whose header
 * declares something (or every heading), and the one-line declarations inside no block, in a class-like entry or in
 * a namespace. Each entry comes with its place in the tree (parent, depth, essential), which only blocks that start
 * before it decide — so the first page of a big file's outline needs only as many lines as its rows reach.
 */
export class OutlineScan {
  /** Entries without a parent, so far. */
  readonly roots: OutlineEntry[] = [];
  /** Every entry so far, in line order. */
  readonly entries: OutlineEntry[] = [];
  /** The last line scanned (1-based). */
  private line = 0;
  /** Declaration lines below annotations: the annotated block already stands for them. */
  private readonly annotated = new Set<number>();
  /** Blocks started so far, newest last; the newest not yet ended holds the line being scanned. */
  private readonly open: Span[] = [];
  /** Entries started so far that may still hold the next one, innermost last. */
  private readonly nesting: OutlineEntry[] = [];
  private readonly headings: boolean;

  constructor(
    private readonly lines: readonly string[],
    private readonly language: Language,
    /** The block rules; null for a language without outline rules (no entries). */
    private readonly finder: BlockFinder | null,
    readonly namings: HeaderNamings,
  ) {
    this.headings = language.family === "headings";
  }

  /** The whole outline: the rest of the lines scanned, if any are left. */
  outline(): Outline {
    while (this.next() !== null);
    const { language, roots, entries, namings } = this;
    return { language, roots, entries, namings };
  }

  /** The next entry in line order, or null when every line was scanned. */
  next(): OutlineEntry | null {
    if (this.finder === null) return null;
    while (this.line < this.lines.length) {
      const entry = this.entryAt(++this.line, this.finder);
      if (entry !== null) {
        this.place(entry);
        return entry;
      }
    }
    return null;
  }

  private entryAt(line: number, finder: BlockFinder): OutlineEntry | null {
    const span = finder.headedBy(line);
    // A line that continues a signature begun above (`  b) {`) heads the whole declaration, already entered at the
    // line it starts on: listing it again would nest the block's members under a copy of it.
    if (span !== null && span.start < line) return null;
    if (span !== null && !this.annotated.has(line)) {
      const entry = this.headerEntry(line, span);
      this.open.push({ start: span.start, end: span.end, entry });
      return entry;
    }
    return this.headings ? null : this.oneLiner(line);
  }

  /** The entry of the block `span` that line `line` heads, or null when it declares nothing. */
  private headerEntry(line: number, span: { start: number; end: number }): OutlineEntry | null {
    const { lines, language } = this;
    const { start, end } = span;
    if (language.family === "headings") {
      const heading = headingAt(lines, line - 1, language.dialect);
      if (!heading) return null;
      const essential = heading.level <= ESSENTIAL_HEADING_LEVEL;
      return { start, end, kind: heading.kind, name: heading.name, depth: 0, essential, children: [] };
    }
    const declaration = this.namings.at(lines, start - 1, end - 1, language);
    if (!declaration) return null;
    if (declaration.line + 1 > start) this.annotated.add(declaration.line + 1);
    const { kind, name } = declaration;
    return { start, end, kind, name, depth: 0, essential: false, children: [] };
  }

  /**
   * A one-line declaration on line `line`, which heads no block: a member of the class-like entry around it, or a
   * top-level declaration (outside every block, or directly in a namespace). TypeScript declaration files are mostly
   * these.
   */
  private oneLiner(line: number): OutlineEntry | null {
    const { open, language } = this;
    // A block that ended stays below newer ones until it reaches the top; it never holds a line again.
    while (open.length > 0 && open[open.length - 1]!.end < line) open.pop();
    const around = open[open.length - 1];
    const text = this.lines[line - 1]!;
    let declaration = null;
    if (around === undefined) declaration = topLineAt(text, language);
    else {
      const holder = around.entry;
      const inside = holder !== null && line < around.end;
      if (inside && MEMBER_HOLDERS.has(holder.kind)) declaration = memberLineAt(text, language);
      else if (inside && NAMESPACES.has(holder.kind)) declaration = topLineAt(text, language);
    }
    if (!declaration) return null;
    return { start: line, end: line, ...declaration, depth: 0, essential: false, children: [] };
  }

  /**
   * Parents by containment; depth and essential marks follow from them. A top-level block spanning nearly the whole
   * file wraps it, as a bundle's one function or object does: its members are listed as a file's top level is.
   */
  private place(entry: OutlineEntry): void {
    const { nesting } = this;
    while (nesting.length > 0 && nesting[nesting.length - 1]!.end < entry.end) nesting.pop();
    const parent = nesting[nesting.length - 1];
    if (parent) {
      parent.children.push(entry);
      entry.depth = parent.depth + 1;
      if (!this.headings)
        entry.essential = parent.essential && (ESSENTIAL_HOLDERS.has(parent.kind) || this.wraps(parent));
    } else {
      this.roots.push(entry);
      if (!this.headings) entry.essential = true;
    }
    nesting.push(entry);
    this.entries.push(entry);
  }

  private wraps(entry: OutlineEntry): boolean {
    return entry.depth === 0 && entry.end - entry.start + 1 >= WRAPPER_SHARE * this.lines.length;
  }
}
