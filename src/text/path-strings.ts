// Path arithmetic on lapp's path strings, which may hold escaped bytes (byte-names.ts). Bun's node:path turns a lone
// surrogate into U+FFFD, i.e. into the name of another file, so POSIX paths are cut and joined here as plain strings
// (Windows paths, whose names are UTF-16, still go through node:path).

import { basename, dirname, join } from "node:path";

const POSIX = process.platform !== "win32";

/** `/a/b` without its trailing slashes (the root stays `/`). */
function trimmed(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  return path.slice(0, end);
}

/** The directory holding `path`, as dirname(1) says: `/a/b` → `/a`, `/a` → `/`, `b` → `.`. */
export function parentPath(path: string): string {
  if (!POSIX) return dirname(path);
  const clean = trimmed(path);
  const slash = clean.lastIndexOf("/");
  if (slash === -1) return ".";
  if (slash === 0) return "/";
  return trimmed(clean.slice(0, slash));
}

/** The last name of `path`, as basename(1) says: `/a/b/` → `b`. */
export function lastName(path: string): string {
  if (!POSIX) return basename(path);
  const clean = trimmed(path);
  return clean === "/" ? "" : clean.slice(clean.lastIndexOf("/") + 1);
}

/** The path of `name` inside `directory`. */
export function childPath(directory: string, name: string): string {
  if (!POSIX) return join(directory, name);
  return directory === "/" ? `/${name}` : `${trimmed(directory)}/${name}`;
}
