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
