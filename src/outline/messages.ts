// Every sentence the outline shows a model: the heading line of an outline answer and the continuation line.

const count = (value: number): string => value.toLocaleString("en-US");

/** First line of an explicit `outline: true` read. */
export const outlineHeading = (display: string, totalLines: number, entries: number): string =>
  `outline of ${display} (${count(totalLines)} lines, ${count(entries)} blocks): START..END kind name, nested by two spaces; refs work in lapp_edit, lapp_find_block, and lapp_read offset/limit.`;

/** First line of a default read answered with the outline because the rows do not fit one answer. */
export const outlineInsteadOfRows = (display: string, totalLines: number, maxTokens: number): string =>
  `${display} has ${count(totalLines)} lines, more than one answer of ${count(maxTokens)} tokens holds, so here is its outline (START..END kind name). Read rows with {"offset": N, "limit": M} or a whole block with lapp_find_block; both refs of a row work in lapp_edit.`;

/** Last line of an outline page that stops early. */
export const outlineContinuation = (nextOffset: number): string =>
  `[outline continues: {"outline": true, "offset": ${nextOffset}}]`;

/** An outline read of a file with no outline (no blocks found, or no outline rules for its kind): rows follow. */
export const noStructure = (display: string): string =>
  `${display} has no outline (no blocks found, or a kind of file lapp has no outline rules for, such as plain text); its rows follow.`;

/** An outline read of a file too large to load whole: the first page of rows follows. */
export const tooLargeToOutline = (display: string, maxBytes: number): string =>
  `${display} is larger than ${count(maxBytes / (1024 * 1024))} MiB, too large to outline; its rows follow.`;
