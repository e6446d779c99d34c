// The pattern a candidate scan runs over a whole decoded text (matcher.ts, scan.ts): the same pattern with every
// construct that could run over a line break kept on one line.

import { classEnd } from "./regex-syntax.ts";

/**
 * JavaScript's `\s` without the `\n`, spelled out: the same characters as `[^\S\n]` (tests/search/matcher.test.ts
 * compares them over every UTF-16 code unit), which JavaScriptCore scans about half as fast — the kernel's
 * `\w{5}\s+\w{5}…` over 100 MB of its C: 420 ms with `[^\S\n]`, 196 with this class, 226 with `\s` itself.
 */
export const SPACE_BUT_NEWLINE =
  "[\\t\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]";

/**
 * The pattern for scanning a whole text: constructs that could run over a `\n` are kept on one line
 * (`.` → `[^\n]`, `\s` → SPACE_BUT_NEWLINE, `\W` → `[^\w\n]`, `\D` likewise, `[^…]` gains `\n`). Each candidate is
 * still checked line by line, so this only has to find every match a single line has, never more precisely.
 */
export function scanSourceOf(source: string): string {
  let out = "";
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    if (char === "\\") {
      const next = source[index + 1] ?? "";
      if (next === "s") out += SPACE_BUT_NEWLINE;
      else if (next === "W") out += "[^\\w\\n]";
      else if (next === "D") out += "[^\\d\\n]";
      else out += char + next;
      index += 2;
      continue;
    }
    if (char === "[") {
      const end = classEnd(source, index);
      if (end === -1) return source;
      const body = source.slice(index, end);
      out += body.startsWith("[^") ? `${body}\\n]` : `${body}]`;
      index = end + 1;
      continue;
    }
    out += char === "." ? "[^\\n]" : char;
    index++;
  }
  return out;
}
