// Sentences a model reads when the guard refuses a path: outside the root, through a symlink, or blocked.

import { quotePath } from "../text/quote-path.ts";

/**
 * A path in double quotes, as it is spelled: `"C:\work\root"`, not JSON's `"C:\\work\\root"` (a model would take
 * the doubled separators for the path). JSON-quoted only when it could forge output or holds a quote itself.
 */
function quoted(path: string): string {
  const shown = quotePath(path);
  return shown !== path || path.includes('"') ? JSON.stringify(path) : `"${path}"`;
}

export function outsideRoot(input: string, root: string, reason?: string) {
  return {
    summary: `${quoted(input)} is outside the root ${quoted(root)}${reason ? ` (${reason})` : ""}.`,
    details: "Use a path inside the root: relative to it (e.g. src/main.ts) or absolute under it.",
  };
}

export const symlinkOutside = (input: string) => ({
  summary: `${quoted(input)} resolves (through a symlink) to a place outside the root.`,
  details: "Symlinks that point out of the root are not followed. Use a path inside the root.",
});

export const blockedPath = (relative: string) => ({
  summary: `${quotePath(relative)} is blocked by lapp's block list (secrets and credentials are never read or written).`,
  details: "The user can unblock a pattern with --allow '<glob>' when starting lapp.",
});

export const unresolvable = (path: string, code: string) => `cannot resolve ${quotePath(path)}: ${code}.`;

export const emptyPath = "path: must not be empty";

export const quotedOrLiteral = (shown: string, literalShown: string, decoded: string) => ({
  summary: `${shown} names two files: the one lapp shows as ${shown}, and one really named so, which lapp shows as ${literalShown}.`,
  details: `Send ${literalShown} for the file named so; for the other, send the path without its outer quotes in JSON (${JSON.stringify({ path: decoded })}), where each \\udcXX escape is the byte 0xXX of a name that is not UTF-8.`,
});

export const strayEscape = (input: string, unit: number) =>
  `path ${JSON.stringify(input)} holds U+${unit.toString(16).toUpperCase()}, a lone surrogate that stands for no byte: a path may hold only the escapes \\udc80–\\udcff, which lapp shows for bytes of names that are not UTF-8 (send such a path as lapp shows it).`;
