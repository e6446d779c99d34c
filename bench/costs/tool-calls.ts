// Token counts of what a model writes (tool-call arguments as compact JSON) and reads, with the o200k tokenizer.
// The same JSON encoding for every strategy, so the argument overhead is counted alike for all of them.

import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

export const TOKENIZER = "o200k_base (gpt-tokenizer)";

export function tokens(text: string): number {
  return countTokens(text);
}

/** Tokens of one call's arguments, serialized as a model emits them. */
export function argumentTokens(args: unknown): number {
  return tokens(JSON.stringify(args));
}

/** The arguments of a whole-file rewrite (Claude Code's Write): the complete new file. */
export function wholeFileArgs(filePath: string, content: string): { file_path: string; content: string } {
  return { file_path: filePath, content };
}

/** Read output in `cat -n` style (what Claude Code's Read shows): right-aligned number, tab, text; 2000 lines a page. */
export function catNPages(lines: readonly string[], pageLines = 2000): string[] {
  const pages: string[] = [];
  for (let start = 0; start < lines.length; start += pageLines) {
    pages.push(
      lines
        .slice(start, start + pageLines)
        .map((line, index) => `${String(start + index + 1).padStart(6)}\t${line}`)
        .join("\n"),
    );
  }
  return pages;
}
