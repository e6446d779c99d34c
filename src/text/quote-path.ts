// How a path is printed wherever a model or a log reads it: as is, unless it holds characters that could forge
// output (line breaks, other control characters), then JSON-quoted so `a.txt\n1#ZZ:x` stays one visible token.

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators (some readers break lines there). */
const FORGING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The path as shown: unchanged when harmless, else a JSON string literal. A name that itself starts with `"`
 * is quoted too, so a quoted form can never be mistaken for a plain name that merely looks quoted.
 */
export function quotePath(path: string): string {
  if (!FORGING.test(path) && !path.startsWith('"')) return path;
  // JSON.stringify escapes C0 controls but leaves DEL, C1 controls and U+2028/2029 raw: escape those too.
  return JSON.stringify(path).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
