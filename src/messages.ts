// Sentences the server and the read/write tools show a model: instructions, the startup hint, page notes.
// The edit engine's sentences live in src/hashline/messages.ts, file errors in src/files/messages.ts.

import type { Encoding } from "./text/document.ts";

export const STARTUP_HINT =
  "This project uses lapp for file editing. Prefer lapp_read / lapp_edit / lapp_write / lapp_grep over the built-in Read / Edit / Write / Grep tools.";

/** When to take which editing tool: one line, in the instructions and in every editing tool's description. */
export const WHICH_EDIT_TOOL =
  "Which tool: lapp_edit for small or scattered changes by ref; lapp_replace_block for a whole function by its header, or for lines whose old text you have (old_content); lapp_insert_block to add a block before or after one; lapp_apply_patch for a diff you already wrote.";

/**
 * Sent at initialize. Clients that defer MCP tools behind a tool search (Codex, Claude Code) show the model only the
 * first line until it searches, so that line says what lapp is for and when to prefer it.
 */
export const INSTRUCTIONS = `lapp reads, searches and edits this project's files by line refs: prefer lapp_read, lapp_grep, lapp_edit and lapp_write over built-in file tools (edits name lines instead of retyping old code; stale reads are refused).
lapp shows every line as N#ID:text — N is the line number, ID a two-letter hash of the line's content (e.g. 12#KT:const x = 1;).
To edit, name lines by their ref (12#KT) in lapp_edit instead of retyping old code; never include the N#ID: prefix in new content.
Refs stay valid for the whole session, across pages and across your own edits: a ref from your first read still names the same line after your earlier edits moved it, so read once and edit change by change without re-reading.
If someone else changed the file, the edit is refused (HASH_MISMATCH) and the error names the line's fresh ref: retry with it, no re-read needed. AMBIGUOUS_REF lists the lines a ref may mean: use the fresh ref of the one you mean.
Use lapp_grep to find lines (it returns refs), lapp_find_block / lapp_replace_block for whole functions or classes, lapp_write only for new files.
${WHICH_EDIT_TOOL}
A big file read without offset/limit comes back as its outline (one START#ID..END#ID kind name row per block; lapp_read outline:true asks for it); then read only the rows you need with offset/limit or lapp_find_block.`;

export function encodingNote(encoding: Encoding, bom: boolean): string | undefined {
  if (encoding === "utf-8") return undefined;
  const name = { "utf-16le": "UTF-16 LE", "utf-16be": "UTF-16 BE", latin1: "Latin-1" }[encoding];
  return `[encoding: ${name}${bom ? " with BOM" : ""}; edits are written back in the same encoding]`;
}

export const emptyFile = (display: string): string =>
  `${display} is empty (0 lines). To add text, use lapp_edit with {"type":"insert_after","anchor":"0:","content":"..."}.`;

export const continuation = (first: number, last: number, total: number): string =>
  `[showing lines ${first}-${last} of ${total}; continue with offset=${last + 1}]`;

export const offsetPastEnd = (display: string, offset: number, total: number): string =>
  `offset ${offset} is past the end of ${display}, which has ${total} line${total === 1 ? "" : "s"}.`;

export const wroteFile = (display: string, lines: number, bytes: number): string =>
  `wrote ${display}: ${lines} line${lines === 1 ? "" : "s"}, ${bytes} bytes`;

export const wroteLargeFile = (display: string, lines: number, bytes: number, limit: number): string =>
  `${wroteFile(display, lines, bytes)} (more than ${limit} lines, so rows are not shown; use lapp_read for refs)`;

export const fileExists = (display: string): string =>
  `${display} already exists; lapp_write only creates new files. Read it with lapp_read and change it with lapp_edit.`;

export const strippedPrefixesWarning =
  "warning: every line of content started with a copied N#ID: prefix; the prefixes were removed.";
