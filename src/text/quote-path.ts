// How a path is printed wherever a model or a log reads it: as is, unless it holds characters that could forge
// output (line breaks, other control characters) or bytes that are not UTF-8 (byte-names.ts), then JSON-quoted so
// `a.txt\n1#ZZ:x` stays one visible token and `x\udcff.txt` names exactly its file. The quoted form is accepted back
// as a path (unquotePath): every path lapp shows can be sent back as shown.

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators (some readers break lines there). */
const FORGING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Whether lapp shows `path` quoted: a plain form would forge output, hide bytes, or look quoted itself. */
export function needsQuoting(path: string): boolean {
  return FORGING.test(path) || path.startsWith('"') || !path.isWellFormed();
}

/**
 * The path as shown: unchanged when harmless, else a JSON string literal. A name that itself starts with `"`
 * is quoted too, so a quoted form can never be mistaken for a plain name that merely looks quoted. A byte that is
 * not UTF-8 (held as U+DC80–U+DCFF) is shown as its escape, `\udcff` for 0xFF.
 */
export function quotePath(path: string): string {
  if (!needsQuoting(path)) return path;
  // JSON.stringify escapes C0 controls and lone surrogates but leaves DEL, C1 controls and U+2028/2029 raw: escape
  // those too.
  return JSON.stringify(path).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A path as a model sends it: a JSON string literal of a path lapp would show quoted (its shown form, quotes
 * included) is read as that path; anything else is the path itself. So `"\"a\""` names the file `"a"`, and `"a"`
 * (which lapp never shows for the file `a`) still names the file `"a"`.
 */
export function unquotePath(input: string): string {
  if (input.length < 2 || !input.startsWith('"') || !input.endsWith('"')) return input;
  let decoded: unknown;
  try {
    decoded = JSON.parse(input);
  } catch {
    return input;
  }
  return typeof decoded === "string" && needsQuoting(decoded) ? decoded : input;
}
