// The block analyses of recent file versions (the lexed block rules of the file's language, and its outline), kept
// by the digest of the version's bytes: an outline, then find_block calls on the same version of a big file lex it
// once (a 9 MB bundle took ~0.3 s to lex and ~0.5 s more to outline, per call). Each is a pure function of the bytes
// and the language, so a digest and a language name one analysis. A few versions, bounded in bytes of source. A new
// version of a file is lexed from the newest analyzed version of it, only around the lines that differ, and a default
// read's first outline page is made from the lines it reaches before any whole outline is.

import { analyzeBlocks, type BlockFinder } from "../blocks/find.ts";
import { detectLanguage, type Language } from "../blocks/language.ts";
import { KEPT_FILE_MAX_BYTES } from "../limits.ts";
import { buildOutline, scanOutline, type Outline } from "../outline/build.ts";
import type { HeaderNamings } from "../outline/header-namings.ts";
import { firstPageOfScan, outlinePage, type OutlinePage } from "../outline/render.ts";

/** Versions kept at once. */
const MAX_VERSIONS = 2;
/**
 * Bytes of source of all kept versions together (one version at most this large is kept). Its analysis takes about
 * 3.4 bytes of memory per byte of source (TypeScript's 9 MB typescript.js: 31 MB of tokens and spans), on top of
 * its document (which KnownDocuments bounds).
 */
export const BLOCK_ANALYSES_MAX_BYTES = KEPT_FILE_MAX_BYTES;

/** What the block tools ask of a version: its block rules, and its outline (built on first use). */
export interface BlockAnalysis {
  readonly finder: BlockFinder;
  outline(): Outline;
  /**
   * The outline's first page within `budget` tokens, made from as few lines as it needs when the outline is not
   * built yet (render.ts: firstPageOfScan); null when the whole outline must decide it (then ask `outline()`).
   */
  firstPage(budget: number): OutlinePage | null;
}

/** A version of a file: the digest of its bytes and their size; undefined digest = unknown (never kept). */
export interface AnalyzedVersion {
  readonly digest: bigint | undefined;
  readonly bytes: number;
}

/** What of a version's analysis was made: its block rules, what its header lines declare (by an outline or a page). */
interface Built {
  readonly finder?: BlockFinder;
  readonly namings?: HeaderNamings;
}

interface Entry {
  analysis: BlockAnalysis;
  bytes: number;
  /** Whose version it is: the file's name and the language it was read as. */
  file: string;
  /** What some call made of it already (an outline of plain text never makes block rules). */
  built: () => Built;
}

export class BlockAnalyses {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  /** The analysis of `lines` (the version `version` names) as a file named `fileName`: kept, or made now. */
  of(lines: readonly string[], fileName: string, version: AnalyzedVersion): BlockAnalysis {
    const language = detectLanguage(fileName, lines);
    if (version.digest === undefined || version.bytes > BLOCK_ANALYSES_MAX_BYTES)
      return analysisOf(lines, fileName, language).analysis;
    const key = `${version.digest}:${language.family}:${language.dialect}`;
    const kept = this.entries.get(key);
    if (kept !== undefined) {
      // The newest use goes last, so eviction takes the least recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.analysis;
    }
    const file = `${language.family}:${language.dialect}:${fileName}`;
    const made = analysisOf(lines, fileName, language, this.latestBuilt(file));
    this.entries.set(key, { ...made, bytes: version.bytes, file });
    this.bytes += version.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= MAX_VERSIONS && this.bytes <= BLOCK_ANALYSES_MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
    return made.analysis;
  }

  /**
   * What was made of the newest kept version of the same file: an edit's next version is lexed from its block rules
   * (only around what changed: blocks/brace/relex.ts; a new version of a 9 MB bundle in ~30 ms instead of ~130) and
   * its outline takes the names of the header lines the two share (outline/header-namings.ts).
   */
  private latestBuilt(file: string): Built {
    let latest: Built = {};
    for (const entry of this.entries.values()) {
      if (entry.file !== file) continue;
      const built = entry.built();
      latest = { finder: built.finder ?? latest.finder, namings: built.namings ?? latest.namings };
    }
    return latest;
  }

  /** Versions kept now (for tests of the bound). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Both made on first use: an outline of a kind of file with no outline rules (plain text) lexes nothing. `earlier`
 * (what was made of another version of the file) is held only until this version's own are made.
 */
function analysisOf(
  lines: readonly string[],
  fileName: string,
  language: Language,
  earlier: Built = {},
): { analysis: BlockAnalysis; built: () => Built } {
  let finder: BlockFinder | undefined;
  let outline: Outline | undefined;
  let namings: HeaderNamings | undefined;
  let fromFinder = earlier.finder;
  let fromNamings = earlier.namings;
  const firstPages = new Map<number, OutlinePage | null>();
  const blocks = () => {
    finder ??= analyzeBlocks(lines, fileName, language, fromFinder);
    fromFinder = undefined;
    return finder;
  };
  const analysis: BlockAnalysis = {
    get finder() {
      return blocks();
    },
    outline: () => {
      if (outline === undefined) {
        outline = buildOutline(lines, language, blocks, namings ?? fromNamings);
        namings = outline.namings;
        fromNamings = undefined;
      }
      return outline;
    },
    firstPage: (budget) => {
      // Built already: its page (an outline with no entries has none, and the caller says so).
      if (outline !== undefined)
        return outline.entries.length > 0 ? outlinePage(lines, outline, 1, budget) : null;
      let page = firstPages.get(budget);
      if (page === undefined) {
        const scan = scanOutline(lines, language, blocks, namings ?? fromNamings);
        namings = scan.namings;
        page = firstPageOfScan(lines, scan, budget);
        firstPages.set(budget, page);
        // No page without the whole outline: the scan went through every line, so that outline is made already.
        if (page === null) outline = scan.outline();
      }
      return page;
    },
  };
  return { analysis, built: () => ({ finder, namings }) };
}
