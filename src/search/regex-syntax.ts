// Small facts about JavaScript regex source text, shared by the matcher and the required-literal extractor.

/** Index of the `]` closing the class opened at `start` (JavaScript syntax: `[]` and `[^]` close at once); -1 if none. */
export function classEnd(source: string, start: number): number {
  let index = start + 1;
  if (source[index] === "^") index++;
  while (index < source.length) {
    const char = source[index]!;
    if (char === "\\") {
      index += 2;
      continue;
    }
    if (char === "]") return index;
    index++;
  }
  return -1;
}

/**
 * Where a scan for structure (groups, `|`) goes on past the escape or class at `index`: they hold no structure.
 * -1 for a class never closed (the pattern does not parse); undefined when `index` starts neither.
 */
export function pastEscapeOrClass(source: string, index: number): number | undefined {
  if (source[index] === "\\") return index + 2;
  if (source[index] !== "[") return undefined;
  const close = classEnd(source, index);
  return close === -1 ? -1 : close + 1;
}

/**
 * Whether `source` repeats something without bound (`+`, `*`, `{n,}` outside classes and escapes): the shape that
 * makes a backtracking engine try long runs again and again from each start.
 */
export function hasUnboundedRepetition(source: string): boolean {
  for (let index = 0; index < source.length;) {
    const past = pastEscapeOrClass(source, index);
    if (past === -1) return false;
    if (past !== undefined) {
      index = past;
      continue;
    }
    const char = source[index]!;
    if (char === "+" || char === "*") return true;
    if (char === "{" && /^\{\d+,\}/.test(source.slice(index))) return true;
    index++;
  }
  return false;
}
