// Part 1 of `npm run bench`: output tokens a model writes for each real change under each edit strategy.
// Every plan is replayed offline first (lapp chunks, str_replace, apply_patch, replace_block), so a count never stands for
// a wrong edit.

import { refOf } from "../../src/hashline/hash.ts";
import { MAX_EDITS_PER_CALL } from "../../src/limits.ts";
import { applyHunks } from "../diff/myers.ts";
import { changedLineCount, type FilePair } from "../diff/file-pair.ts";
import { applyPatch, planApplyPatch } from "../costs/apply-patch.ts";
import { applyChunk, chunkHunks, lappEditCalls } from "../costs/lapp-edit.ts";
import { applyReplaceBlock, planReplaceBlock } from "../costs/replace-block.ts";
import { applyStrReplace, planStrReplace } from "../costs/str-replace.ts";
import { gitDiff } from "../diff/git-diff.ts";
import { argumentTokens, catNPages, tokens, wholeFileArgs } from "../costs/tool-calls.ts";

export interface TokenCost {
  id: string;
  lines: number;
  hunks: number;
  removed: number;
  added: number;
  lappEdit: { calls: number; tokens: number };
  strReplace: { calls: number; tokens: number; contextLines: number };
  applyPatch: { tokens: number; hunks: number; headers: number; extraContext: number };
  /** lapp_apply_patch with the unified diff git diff -U3 writes (absent in runs made before it was measured). */
  unifiedDiff?: { tokens: number };
  /** lapp_replace_block by old_content, one call per hunk (absent in runs made before it existed). */
  replaceBlock?: { calls: number; tokens: number; contextLines: number };
  wholeFile: { tokens: number };
  /** Tokens of reading the old file in `cat -n` style (all pages). */
  readCatN: number;
}

export function measureTokenCost(pair: FilePair): TokenCost {
  const oldLines = pair.oldDoc.lines;
  const newLines = pair.newDoc.lines;
  if (applyHunks(oldLines, newLines, pair.hunks).join("\n") !== newLines.join("\n")) {
    throw new Error(`${pair.id}: the line diff does not rebuild the new file`);
  }

  const lapp = lappEditCalls(pair.path, oldLines, newLines, pair.hunks, MAX_EDITS_PER_CALL, refOf);
  let replayed: readonly string[] = oldLines;
  for (const chunk of chunkHunks(pair.hunks, MAX_EDITS_PER_CALL))
    replayed = applyChunk(replayed, newLines, chunk);
  expectSame(pair.id, "lapp_edit plan", replayed.join("\n"), newLines.join("\n"));

  const strReplace = planStrReplace(pair.path, oldLines, newLines, pair.hunks);
  expectSame(
    pair.id,
    "str_replace plan",
    applyStrReplace(oldLines.join("\n"), strReplace.calls),
    newLines.join("\n"),
  );

  const patch = planApplyPatch(pair.path, oldLines, newLines, pair.hunks);
  expectSame(pair.id, "apply_patch plan", applyPatch(oldLines, patch.patch).join("\n"), newLines.join("\n"));

  const blocks = planReplaceBlock(pair.path, oldLines, newLines, pair.hunks);
  expectSame(
    pair.id,
    "replace_block plan",
    applyReplaceBlock(oldLines, blocks.calls).join("\n"),
    newLines.join("\n"),
  );

  const { removed, added } = changedLineCount(pair.hunks);
  return {
    id: pair.id,
    lines: oldLines.length,
    hunks: pair.hunks.length,
    removed,
    added,
    lappEdit: { calls: lapp.length, tokens: sum(lapp.map(argumentTokens)) },
    strReplace: {
      calls: strReplace.calls.length,
      tokens: sum(strReplace.calls.map(argumentTokens)),
      contextLines: strReplace.contextLines,
    },
    applyPatch: {
      tokens: argumentTokens({ input: patch.patch }),
      hunks: patch.hunks,
      headers: patch.headers,
      extraContext: patch.extraContext,
    },
    unifiedDiff: { tokens: argumentTokens({ patch: gitDiff(pair, pair.path).patch }) },
    replaceBlock: {
      calls: blocks.calls.length,
      tokens: sum(blocks.calls.map(argumentTokens)),
      contextLines: blocks.contextLines,
    },
    wholeFile: { tokens: argumentTokens(wholeFileArgs(pair.path, new TextDecoder().decode(pair.newBytes))) },
    readCatN: sum(catNPages(oldLines).map(tokens)),
  };
}

function expectSame(id: string, what: string, actual: string, expected: string): void {
  if (actual !== expected) throw new Error(`${id}: the ${what} does not reproduce the new file`);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
