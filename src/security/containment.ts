// Pure root containment: is a requested path inside the root, lexically? Works for POSIX and Windows inputs.
// The IO guard (guard.ts) calls this twice: on the requested path and again on its real path.

import { fail, ok, type Result } from "../errors.ts";
import { emptyPath, outsideRoot } from "./messages.ts";

export type PathFlavor = "posix" | "win32";

export interface ContainedPath {
  /** Absolute, normalized path (separators of the flavor). */
  absolute: string;
  /** Root-relative with `/` separators; "" for the root itself. */
  relative: string;
}

/**
 * Resolves `input` (absolute, or relative to `root`) and checks it stays inside `root`.
 * `root` must be absolute and normalized (a real path). Refuses NUL bytes, and on win32 also
 * alternate data streams (`file:stream`), device paths (`\\?\`, `\\.\`) and other drives.
 */
export function containPath(
  root: string,
  input: string,
  flavor: PathFlavor = "posix",
): Result<ContainedPath> {
  if (input.includes("\0")) return outside(input, root, "the path contains a NUL byte");
  if (input.trim() === "") return fail("INVALID_ARGUMENTS", emptyPath);
  return flavor === "win32" ? containWin32(root, input) : containPosix(root, input);
}

function containPosix(root: string, input: string): Result<ContainedPath> {
  const joined = input.startsWith("/") ? input : `${root}/${input}`;
  const absolute = normalizePosix(joined);
  const rootNorm = normalizePosix(root);
  if (absolute === rootNorm) return ok({ absolute, relative: "" });
  const prefix = rootNorm === "/" ? "/" : `${rootNorm}/`;
  if (!absolute.startsWith(prefix)) return outside(input, root);
  return ok({ absolute, relative: absolute.slice(prefix.length) });
}

/** Collapses `.`, `..` and repeated slashes; `..` above `/` stays at `/` (the caller then sees it is outside). */
export function normalizePosix(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

function containWin32(root: string, input: string): Result<ContainedPath> {
  const slashed = input.replaceAll("\\", "/");
  if (/^\/\/[?.]\//.test(slashed)) return outside(input, root, "device and verbatim paths are not allowed");
  const rootParsed = parseWin32(root.replaceAll("\\", "/"));
  if (!rootParsed) return outside(input, root, "the root is not an absolute Windows path");
  const parsed = parseWin32(slashed);
  let prefix: string;
  let rest: string;
  // Only the input's own names are vetted; the root is a real path the user chose.
  let inputNames = slashed;
  if (parsed) {
    prefix = parsed.prefix;
    rest = parsed.rest;
    inputNames = parsed.rest;
  } else if (/^[A-Za-z]:/.test(slashed)) {
    // `C:foo` is relative to the current directory of drive C: — ambiguous, refuse.
    return outside(input, root, "drive-relative paths are not allowed");
  } else if (slashed.startsWith("/")) {
    prefix = rootParsed.prefix;
    rest = slashed;
  } else {
    prefix = rootParsed.prefix;
    rest = `${rootParsed.rest}/${slashed}`;
  }
  const refused = refusedWin32Segment(inputNames.split("/"));
  if (refused) return outside(input, root, refused);
  const segments = normalizePosix(rest).split("/").filter(Boolean);
  if (prefix.toLowerCase() !== rootParsed.prefix.toLowerCase()) return outside(input, root);
  const rootSegments = normalizePosix(rootParsed.rest).split("/").filter(Boolean);
  // Windows paths compare case-insensitively.
  const inside = rootSegments.every(
    (segment, index) => segments[index]?.toLowerCase() === segment.toLowerCase(),
  );
  if (!inside) return outside(input, root);
  const relativeSegments = segments.slice(rootSegments.length);
  const absolute = `${prefix}\\${segments.join("\\")}`;
  return ok({ absolute, relative: relativeSegments.join("/") });
}

const DEVICE_NAME = /^(con|prn|aux|nul|com\d|lpt\d|conin\$|conout\$)$/i;
/** An 8.3 short name (`SECRET~1.JSO`) names a long file the block list would not recognise. */
const SHORT_NAME = /^[^~.]{1,6}~\d{1,6}(\.[^.]{0,3})?$/;

/**
 * Names Windows would silently rewrite into another file: a stream (`a:b`), a trailing dot or space
 * (`.env.` opens `.env`), a device (`nul.txt`) or a short name. Each would slip past the block list.
 */
function refusedWin32Segment(rawSegments: readonly string[]): string | undefined {
  for (const segment of rawSegments) {
    if (segment === "" || segment === "." || segment === "..") continue;
    if (segment.includes(":")) return "alternate data streams (file:stream) are not allowed";
    if (/[. ]$/.test(segment)) return "names ending in a dot or a space are not allowed";
    if (DEVICE_NAME.test(segment.split(".")[0]!.trimEnd()))
      return "device names (CON, NUL, COM1, …) are not allowed";
    if (SHORT_NAME.test(segment)) return "8.3 short names (NAME~1.EXT) are not allowed";
  }
  return undefined;
}

/** `C:/x` → {prefix:"C:", rest:"/x"}; `//server/share/x` → {prefix:"//server/share", rest:"/x"}. */
function parseWin32(path: string): { prefix: string; rest: string } | undefined {
  const drive = /^([A-Za-z]:)(\/.*)$/.exec(path);
  if (drive) return { prefix: drive[1]!.toUpperCase(), rest: drive[2]! };
  const unc = /^\/\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
  if (unc) return { prefix: `//${unc[1]}/${unc[2]}`, rest: unc[3] ?? "/" };
  return undefined;
}

function outside(input: string, root: string, reason?: string): Result<never> {
  const { summary, details } = outsideRoot(input, root, reason);
  return fail("PATH_OUTSIDE_ROOT", summary, details);
}
