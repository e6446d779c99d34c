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
 */
export function buildOutline(
  lines: readonly string[],
  language: Language,
  blocks: () => BlockFinder,
  earlier?: Outline,
): Outline {
  const namings = new HeaderNamings(earlier?.namings);
  if (!hasOutlineRules(language)) return { language, roots: [], entries: [], namings };
  const finder = blocks();
  const found: OutlineEntry[] = [];
  /** Lines inside some block (not its header), with the innermost block's index in `spans`. */
  const spans: { start: number; end: number; entry: OutlineEntry | null }[] = [];
  /** Declaration lines below annotations: the annotated block already stands for them. */
  const annotated = new Set<number>();
  for (let line = 1; line <= lines.length; line++) {
    const span = finder.headedBy(line);
    if (!span || annotated.has(line)) continue;
    let entry: OutlineEntry | null = null;
    if (language.family === "headings") {
      const heading = headingAt(lines, line - 1, language.dialect);
      if (heading) {
        entry = {
          start: span.start,
          end: span.end,
          kind: heading.kind,
          name: heading.name,
          depth: 0,
          essential: heading.level <= ESSENTIAL_HEADING_LEVEL,
          children: [],
        };
      }
    } else {
      const declaration = namings.at(lines, span.start - 1, span.end - 1, language);
      if (declaration) {
        const { kind, name } = declaration;
        entry = { start: span.start, end: span.end, kind, name, depth: 0, essential: false, children: [] };
        if (declaration.line + 1 > span.start) annotated.add(declaration.line + 1);
      }
    }
    spans.push({ start: span.start, end: span.end, entry });
    if (entry) found.push(entry);
  }
  if (language.family !== "headings") addOneLiners(lines, language, spans, found);
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return {
    language,
    roots: nest(found, language.family === "headings", lines.length),
    entries: found,
    namings,
  };
}

/**
 * One-line declarations: members of a class-like entry on lines inside no other block, and top-level one-line
 * declarations (TypeScript declaration files are mostly these).
 */
function addOneLiners(
  lines: readonly string[],
  language: Language,
  spans: readonly { start: number; end: number; entry: OutlineEntry | null }[],
  found: OutlineEntry[],
): void {
  const innermost = innermostSpans(spans, lines.length);
  const isHeader = new Uint8Array(lines.length + 2);
  for (const span of spans) isHeader[span.start] = 1;
  for (let line = 1; line <= lines.length; line++) {
    if (isHeader[line] === 1) continue;
    const around = innermost[line]!;
    const text = lines[line - 1]!;
    let declaration = null;
    if (around < 0) declaration = topLineAt(text, language);
    else {
      const holder = spans[around]!.entry;
      const inside = holder !== null && line < spans[around]!.end;
      if (inside && MEMBER_HOLDERS.has(holder.kind)) declaration = memberLineAt(text, language);
      else if (inside && NAMESPACES.has(holder.kind)) declaration = topLineAt(text, language);
    }
    if (declaration)
      found.push({ start: line, end: line, ...declaration, depth: 0, essential: false, children: [] });
  }
}

/**
 * The innermost span around each line (1-based; -1 for none): of the spans with `start < line <= end`, the one that
 * starts last (of equal starts, the shorter). One sweep with a stack of open spans, so a bundle wrapped in a few
 * nested functions costs its lines once, not once per level.
 */
function innermostSpans(spans: readonly { start: number; end: number }[], lineCount: number): Int32Array {
  const innermost = new Int32Array(lineCount + 2).fill(-1);
  const sorted = spans
    .map((_, index) => index)
    .sort((a, b) => spans[a]!.start - spans[b]!.start || spans[b]!.end - spans[a]!.end);
  const open: number[] = [];
  let next = 0;
  for (let line = 1; line <= lineCount; line++) {
    while (next < sorted.length && spans[sorted[next]!]!.start < line) open.push(sorted[next++]!);
    // A span that ended stays below newer ones until it reaches the top; it never covers a line again.
    while (open.length > 0 && spans[open[open.length - 1]!]!.end < line) open.pop();
    if (open.length > 0) innermost[line] = open[open.length - 1]!;
  }
  return innermost;
}

/**
 * Parents by containment; depth and essential marks follow from them. A top-level block spanning nearly the whole
 * file (`lineCount` lines) wraps it, as a bundle's one function or object does: its members are listed as a file's
 * top level is.
 */
function nest(sorted: OutlineEntry[], headings: boolean, lineCount: number): OutlineEntry[] {
  const roots: OutlineEntry[] = [];
  const stack: OutlineEntry[] = [];
  const wraps = (entry: OutlineEntry) =>
    entry.depth === 0 && entry.end - entry.start + 1 >= WRAPPER_SHARE * lineCount;
  for (const entry of sorted) {
    while (stack.length > 0 && stack.at(-1)!.end < entry.end) stack.pop();
    const parent = stack.at(-1);
    if (parent) {
      parent.children.push(entry);
      entry.depth = parent.depth + 1;
      if (!headings)
        entry.essential = parent.essential && (ESSENTIAL_HOLDERS.has(parent.kind) || wraps(parent));
    } else {
      roots.push(entry);
      if (!headings) entry.essential = true;
    }
    stack.push(entry);
  }
  return roots;
}
