// Sentences a model reads when the guard refuses a path: outside the root, through a symlink, or blocked.

import { quotePath } from "../text/quote-path.ts";

export function outsideRoot(input: string, root: string, reason?: string) {
  return {
    summary: `${JSON.stringify(input)} is outside the root ${JSON.stringify(root)}${reason ? ` (${reason})` : ""}.`,
    details: "Use a path inside the root: relative to it (e.g. src/main.ts) or absolute under it.",
  };
}

export const symlinkOutside = (input: string) => ({
  summary: `${JSON.stringify(input)} resolves (through a symlink) to a place outside the root.`,
  details: "Symlinks that point out of the root are not followed. Use a path inside the root.",
});

export const blockedPath = (relative: string) => ({
  summary: `${quotePath(relative)} is blocked by lapp's block list (secrets and credentials are never read or written).`,
  details: "The user can unblock a pattern with --allow '<glob>' when starting lapp.",
});

export const unresolvable = (path: string, code: string) => `cannot resolve ${quotePath(path)}: ${code}.`;

export const emptyPath = "path: must not be empty";
