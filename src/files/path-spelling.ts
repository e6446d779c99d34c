// One spelling of a path for every internal comparison (pure). Windows answers the same place as `C:\a\b`, `c:/a/b`,
// `\\?\C:\a\b` or `C:\A\B`, and lapp builds some paths itself by joining with `/`: equal places must compare equal,
// else a check that a directory "still resolves to itself" refuses every subdirectory. POSIX paths are kept as they are.

import type { PathFlavor } from "../security/containment.ts";

/** The flavor of paths this process meets. */
const HOST_FLAVOR: PathFlavor = process.platform === "win32" ? "win32" : "posix";

/**
 * A Windows path with the verbatim prefix the system adds (`\\?\C:\…`, `\\?\UNC\server\share\…`, `\??\C:\…`)
 * taken off and every separator made `/`; the drive letter upper-case. Unchanged for POSIX.
 */
export function slashed(path: string, flavor: PathFlavor = HOST_FLAVOR): string {
  if (flavor === "posix") return path;
  let text = path.replaceAll("\\", "/");
  const verbatimUnc = /^\/(?:\/\?|\?\?)\/UNC\//i.exec(text);
  if (verbatimUnc) text = `//${text.slice(verbatimUnc[0].length)}`;
  else if (/^\/(?:\/\?|\?\?)\/[A-Za-z]:(?:\/|$)/.test(text)) text = text.slice(4);
  if (/^[a-z]:/.test(text)) text = text[0]!.toUpperCase() + text.slice(1);
  return text;
}

/** The path with the separators Windows itself answers with (`\`); unchanged for POSIX. */
export function nativeSpelling(path: string, flavor: PathFlavor = HOST_FLAVOR): string {
  return flavor === "posix" ? path : slashed(path, flavor).replaceAll("/", "\\");
}

/**
 * A Windows path as the system takes it without the 260-character limit or any rewriting of names: `\\?\C:\a\b`,
 * `\\?\UNC\server\share\a`. Only for absolute paths with no `.` or `..` names (lapp's real paths); others, and
 * POSIX paths, are returned as they are.
 */
export function verbatim(path: string, flavor: PathFlavor = HOST_FLAVOR): string {
  if (flavor === "posix") return path;
  const text = slashed(path, flavor);
  if (text.split("/").some((name) => name === "." || name === "..")) return path;
  if (text.startsWith("//") && !/^\/\/[?.]\//.test(text))
    return `\\\\?\\UNC\\${text.slice(2).replace(/\/+/g, "\\")}`;
  if (/^[A-Z]:\//.test(text)) return `\\\\?\\${text.replace(/\/+/g, "\\")}`;
  return path;
}

/**
 * The key two spellings of one place share: for Windows `slashed`, repeated separators collapsed (a UNC path keeps
 * its leading two), no trailing separator except a drive's root (`C:/`), and case folded (Windows names ignore
 * case). POSIX paths compare as they are, byte for byte.
 */
export function comparable(path: string, flavor: PathFlavor = HOST_FLAVOR): string {
  if (flavor === "posix") return path;
  const text = slashed(path, flavor);
  const unc = text.startsWith("//");
  let body = (unc ? text.slice(2) : text).replace(/\/{2,}/g, "/");
  if (body.length > 1 && body.endsWith("/") && !/^[A-Za-z]:\/$/.test(body)) body = body.slice(0, -1);
  return (unc ? `//${body}` : body).toLowerCase();
}

/** Whether two spellings name the same place (see `comparable`). */
export function samePath(a: string, b: string, flavor: PathFlavor = HOST_FLAVOR): boolean {
  return a === b || comparable(a, flavor) === comparable(b, flavor);
}

/** The directory holding `path` (by its last separator: `/`, and also `\` for Windows); the path itself at a root. */
export function parentOf(path: string, flavor: PathFlavor = HOST_FLAVOR): string {
  const text = flavor === "posix" ? path : slashed(path, flavor);
  const slash = text.lastIndexOf("/");
  if (slash < 0) return text;
  if (slash === 0) return "/";
  // `C:/x` → `C:/`: a drive's root keeps its separator.
  if (flavor === "win32" && slash === 2 && /^[A-Za-z]:/.test(text)) return text.slice(0, 3);
  return text.slice(0, slash);
}

/** `directory` and `name` joined with `/`, which both systems accept (a root such as `/` or `C:\` adds none). */
export function joinName(directory: string, name: string, flavor: PathFlavor = HOST_FLAVOR): string {
  const separated = directory.endsWith("/") || (flavor === "win32" && directory.endsWith("\\"));
  return separated ? `${directory}${name}` : `${directory}/${name}`;
}
