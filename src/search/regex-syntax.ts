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
