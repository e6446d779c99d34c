// Logical lines for languages without a full scanner here (YAML, Ruby, Lua, shell, …): one per non-blank
// line, except that multi-line regions (heredocs, long strings, `=begin` comments) stay with their opener.

import { indentWidth, LogicalLinesBuilder, type LogicalLines } from "./logical-lines.ts";

/** A multi-line region: the test for the line that closes it (inclusive). */
export interface Region {
  readonly endsAt: (text: string) => boolean;
  /** The closing line may itself open a region (it continues a line rather than closing a string). */
  readonly closingLineMayOpen?: boolean;
  /** A block comment that starts its line (Ruby `=begin`): all its lines are comment lines. */
  readonly comment?: boolean;
}

/** Given a line, the region it opens, or null. */
export type RegionOpener = (text: string) => Region | null;

export interface PlainLineOptions {
  /** Comment-only lines (tested on the text without its indentation); they belong to no logical line. */
  readonly comment: RegExp | null;
  readonly regions: readonly RegionOpener[];
  /** YAML: the lines of a block scalar (`key: |`) are text, whatever they hold, down to a shallower line. */
  readonly yamlBlockScalars?: boolean;
}

const YAML_BLOCK_SCALAR = /(?:^|[\s:-])[|>][-+0-9]*\s*(?:#.*)?$/;

export function plainLogicalLines(lines: readonly string[], options: PlainLineOptions): LogicalLines {
  const builder = new LogicalLinesBuilder(lines.length);
  const regionOpenedBy = (text: string): Region | null => {
    for (const opener of options.regions) {
      const region = opener(text);
      if (region) return region;
    }
    return null;
  };
  let region: Region | null = null;
  for (let line = 0; line < lines.length; line++) {
    const text = lines[line]!;
    if (region) {
      if (region.comment) builder.commentOnly[line] = 1;
      else builder.extend(line);
      if (!region.endsAt(text)) continue;
      // A continued line may open a string on its last line; a closed string or heredoc opens nothing.
      region = region.closingLineMayOpen ? regionOpenedBy(text) : null;
      continue;
    }
    const body = text.trimStart();
    if (body === "") continue;
    if (options.comment?.test(body)) {
      builder.commentOnly[line] = 1;
      continue;
    }
    region = regionOpenedBy(text);
    if (region?.comment) {
      builder.commentOnly[line] = 1;
      continue;
    }
    builder.open(line, indentWidth(text));
    if (!region && options.yamlBlockScalars && YAML_BLOCK_SCALAR.test(text)) {
      line = extendOverBlockScalar(lines, line, builder);
    }
  }
  return builder.build();
}

/** Shell here-documents: `<<EOF`, `<<-'EOF'`, `<< "END"` (not here-strings `<<<`). */
export const shellHeredoc: RegionOpener = (text) => {
  const found = /(?<!<)<<-?[ \t]*(["']?)([A-Za-z_][A-Za-z0-9_]*)\1/.exec(text);
  if (!found) return null;
  const terminator = found[2]!;
  return { endsAt: (line) => line.trim() === terminator };
};

/** Ruby heredocs `<<~SQL`, `<<-EOS`, `<<EOS` (upper-case names, so `list << item` is no heredoc). */
export const rubyHeredoc: RegionOpener = (text) => {
  const found = /<<([~-]?)(["'`]?)([A-Z_][A-Z0-9_]*)\2/.exec(text);
  if (!found) return null;
  const terminator = found[3]!;
  return { endsAt: (line) => line.trim() === terminator };
};

/** Ruby `=begin` … `=end` block comments. */
export const rubyBlockComment: RegionOpener = (text) =>
  text.startsWith("=begin") ? { endsAt: (line) => line.startsWith("=end"), comment: true } : null;

/** Lua long strings and comments `[[ … ]]`, `--[==[ … ]==]` that do not close on their first line. */
export const luaLongBracket: RegionOpener = (text) => {
  const found = /\[(=*)\[/.exec(text);
  if (!found) return null;
  const close = `]${found[1]}]`;
  if (text.includes(close, found.index + found[0].length)) return null;
  return { endsAt: (line) => line.includes(close) };
};

/** Triple-quoted strings (Elixir, Julia) left open on their first line. */
export const tripleQuoted: RegionOpener = (text) => {
  for (const triple of ['"""', "'''"]) {
    const count = text.split(triple).length - 1;
    if (count % 2 === 1) return { endsAt: (line) => line.includes(triple) };
  }
  return null;
};

/** Julia `#= … =#` block comments. */
export const juliaBlockComment: RegionOpener = (text) => {
  const open = text.indexOf("#=");
  if (open === -1 || text.includes("=#", open + 2)) return null;
  return { endsAt: (line) => line.includes("=#") };
};

type ShellQuote = "none" | "single" | "double";

/** The quoting state at the end of a shell line that starts in `state` (comments end the scan). */
function shellQuoteAfter(text: string, state: ShellQuote): ShellQuote {
  for (let index = 0; index < text.length; index++) {
    const c = text[index];
    if (state === "single") {
      if (c === "'") state = "none";
    } else if (c === "\\") {
      index++;
    } else if (state === "double") {
      if (c === '"') state = "none";
    } else if (c === "'") {
      state = "single";
    } else if (c === '"') {
      state = "double";
    } else if (c === "#" && (index === 0 || /\s/.test(text[index - 1]!))) {
      break;
    }
  }
  return state;
}

/** Shell strings that run over line ends (their lines may sit at any indentation). */
export const shellQuotes: RegionOpener = (text) => {
  let state = shellQuoteAfter(text, "none");
  if (state === "none") return null;
  return {
    endsAt: (line) => {
      state = shellQuoteAfter(line, state);
      return state === "none";
    },
  };
};

/** A line ending in a backslash goes on in the next line, whatever that line's indentation. */
export const backslashContinuation: RegionOpener = (text) =>
  text.endsWith("\\") ? { endsAt: (line) => !line.endsWith("\\"), closingLineMayOpen: true } : null;

/** Adds the text lines of a block scalar opened on `line` to its logical line; returns the last one. */
function extendOverBlockScalar(lines: readonly string[], line: number, builder: LogicalLinesBuilder): number {
  const indent = indentWidth(lines[line]!);
  let last = line;
  for (let next = line + 1; next < lines.length; next++) {
    const text = lines[next]!;
    if (text.trim() === "") continue;
    if (indentWidth(text) <= indent) break;
    for (let between = last + 1; between <= next; between++) builder.extend(between);
    last = next;
  }
  return last;
}
