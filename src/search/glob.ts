// Compiles one gitignore-style glob into a RegExp over `/`-separated relative paths (pure).
// Semantics follow ripgrep's globset with a literal separator: `*` `?` `[…]` stay inside one path component,
// `**` spans components only as a whole component (`**/x`, `x/**`, `a/**/b`), `{a,b}` alternates, `\` escapes.

/** A glob compiled to a RegExp source (for the `u` flag) anchored at both ends; `undefined` when malformed. */
export function globToRegexSource(glob: string): string | undefined {
  let out = "";
  let index = 0;
  let braceDepth = 0;
  const length = glob.length;
  while (index < length) {
    const char = glob[index]!;
    if (char === "*") {
      if (glob[index + 1] === "*") {
        const atStart = index === 0 || glob[index - 1] === "/";
        const afterStars = glob[index + 2];
        if (atStart && afterStars === "/") {
          // `**/` (at the start or after a `/`): zero or more whole components.
          out += "(?:[^/]*/)*";
          index += 3;
          continue;
        }
        if (atStart && afterStars === undefined) {
          // Trailing `**` (or the whole glob): everything, across components.
          out += ".*";
          index += 2;
          continue;
        }
        // `**` not forming a whole component acts like `*` (git's reading).
        out += "[^/]*";
        index += 2;
        while (glob[index] === "*") index++;
        continue;
      }
      out += "[^/]*";
      index++;
      continue;
    }
    if (char === "?") {
      out += "[^/]";
      index++;
      continue;
    }
    if (char === "[") {
      const parsed = parseClass(glob, index);
      if (parsed === undefined) return undefined;
      out += parsed.source;
      index = parsed.next;
      continue;
    }
    if (char === "{") {
      braceDepth++;
      out += "(?:";
      index++;
      continue;
    }
    if (char === "}" && braceDepth > 0) {
      braceDepth--;
      out += ")";
      index++;
      continue;
    }
    if (char === "," && braceDepth > 0) {
      out += "|";
      index++;
      continue;
    }
    if (char === "\\") {
      const next = glob[index + 1];
      if (next === undefined) return undefined;
      out += escapeRegex(next);
      index += 2;
      continue;
    }
    out += escapeRegex(char);
    index++;
  }
  if (braceDepth !== 0) return undefined;
  return `^${out}$`;
}

/** `[abc]`, `[a-z]`, `[!x]` / `[^x]` (negated); a `]` right after the opening (or `!`) is literal. */
function parseClass(glob: string, start: number): { source: string; next: number } | undefined {
  let index = start + 1;
  let negated = false;
  if (glob[index] === "!" || glob[index] === "^") {
    negated = true;
    index++;
  }
  let body = "";
  let first = true;
  while (index < glob.length) {
    const char = glob[index]!;
    if (char === "]" && !first) {
      return { source: `[${negated ? "^" : ""}${body}]`, next: index + 1 };
    }
    first = false;
    if (char === "\\" && index + 1 < glob.length) {
      body += escapeClassChar(glob[index + 1]!);
      index += 2;
      continue;
    }
    if (char === "-" && body !== "" && glob[index + 1] !== "]" && index + 1 < glob.length) {
      body += "-";
      index++;
      continue;
    }
    body += escapeClassChar(char);
    index++;
  }
  return undefined;
}

/** Escapes a character for a `u`-flag RegExp (which refuses escapes of non-syntax characters). */
function escapeRegex(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

function escapeClassChar(char: string): string {
  return /[\\\]^[-]/.test(char) ? `\\${char}` : char;
}
