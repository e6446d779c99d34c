// Shared by lapp_find_block and lapp_replace_block: the locator fields of their schemas, and finding the
// target block — an anchor verified like any ref (stale → HASH_MISMATCH with fresh rows), or a pattern.

import * as v from "valibot";
import type { BlockFinder, BlockSpan } from "../blocks/find.ts";
import { chooseHeader, locateHeaders } from "../blocks/locate.ts";
import * as say from "../blocks/messages.ts";
import { indentationOf, reindentToHeader } from "../blocks/reindent.ts";
import { LappError, unwrap } from "../errors.ts";
import { lineId, refOf } from "../hashline/hash.ts";
import { exampleRefOf, parseRef } from "../hashline/refs.ts";
import { refusedRefsError } from "../hashline/repair.ts";
import { verifyLineRef, type ShownRows } from "../hashline/verify-ref.ts";
import type { SessionFile } from "../session/session-file.ts";

export const locatorFields = {
  anchor: v.optional(
    v.pipe(
      v.string(),
      v.description(
        'Ref of the block\'s header line (e.g. "12#KT"), or of any line inside the block. Give anchor or pattern (with a text locator, anchor picks the place holding its line).',
      ),
    ),
  ),
  pattern: v.optional(
    v.pipe(
      v.string(),
      v.minLength(1),
      v.description(
        'JavaScript regular expression (plain text if literal is true) matched against each line to find the header, e.g. "def handle_request". When some matching lines start blocks, only those count.',
      ),
    ),
  ),
  literal: v.optional(v.pipe(v.boolean(), v.description("Match pattern as plain text. Default false."))),
  occurrence: v.optional(
    v.pipe(
      v.number(),
      v.safeInteger(),
      v.minValue(1),
      v.description(
        "Which match of pattern, 1-based, when it matches several headers (AMBIGUOUS lists them).",
      ),
    ),
  ),
};

export interface Locator {
  anchor?: string | undefined;
  pattern?: string | undefined;
  literal?: boolean | undefined;
  occurrence?: number | undefined;
}

export interface BlockTarget {
  readonly span: BlockSpan;
  readonly finder: BlockFinder;
  /** The anchor's line and when the model's view of it was made (anchor only: a pattern names no view). */
  readonly anchor?: { line: number; seen: number };
}

/**
 * The block `locator` names in a file opened in the session. A refusal (stale anchor, ambiguity) is cut to the
 * output budget (`maxTokens`), and the rows it still shows are recorded as shown.
 */
export function findTargetIn(file: SessionFile, locator: Locator, maxTokens: number): BlockTarget {
  return file.guarded(
    () => findTarget(file.lines, () => file.blocks().finder, locator, file.shown),
    maxTokens,
  );
}

/**
 * The block an anchor or a pattern names in `lines`; `blocks` gives their block rules (the session keeps them per
 * version: a big file is lexed once). Throws LappErrors: INVALID_ARGUMENTS (no or both locators), INVALID_REF,
 * LINE_OUT_OF_RANGE, HASH_MISMATCH (anchor), AMBIGUOUS / BLOCK_NOT_FOUND.
 */
function findTarget(
  lines: readonly string[],
  blocks: () => BlockFinder,
  locator: Locator,
  shown: ShownRows,
): BlockTarget {
  const anchor = locator.anchor?.trim() ? locator.anchor : undefined;
  if (anchor !== undefined && locator.pattern !== undefined) {
    throw new LappError("INVALID_ARGUMENTS", say.anchorAndPattern(), say.locatorExample());
  }
  if (anchor === undefined && locator.pattern === undefined) {
    throw new LappError("INVALID_ARGUMENTS", say.missingLocator(), say.locatorExample());
  }
  const finder = blocks();
  const verified = anchor !== undefined ? verifiedAnchorLine(lines, anchor, shown) : undefined;
  const line =
    verified !== undefined
      ? verified.line
      : unwrap(
          chooseHeader(
            finder,
            unwrap(locateHeaders(lines, locator.pattern!, { literal: locator.literal === true })),
            {
              pattern: locator.pattern!,
              literal: locator.literal === true,
              occurrence: locator.occurrence,
              textOf: (number) => lines[number - 1]!,
            },
          ),
        );
  return { span: unwrap(finder.find(line)), finder, ...(verified && { anchor: verified }) };
}

/**
 * The lines of a block found by its anchor that the model has not seen as they are now (changed since its view of
 * the anchor, and shown by no live row): replacing the block would overwrite them unseen. Refused with fresh rows.
 */
export function checkBlockSeen(file: SessionFile, target: BlockTarget, maxTokens: number): void {
  const { anchor, span } = target;
  if (anchor === undefined) return;
  const unseen = file.shown
    .unverified(span.start, span.end, anchor.seen)
    .filter((line) => line !== anchor.line);
  if (unseen.length === 0) return;
  const { lines } = file;
  file.guarded(() => {
    throw refusedRefsError(
      lines,
      unseen.map((line) => ({
        line,
        id: lineId(line, lines[line - 1]!),
        at: line,
        reason: "inside" as const,
      })),
      1,
    );
  }, maxTokens);
}

/**
 * The line an anchor names, checked by the one ref verifier every tool uses (docs/format.md), and when the model's
 * view of it was made.
 */
export function verifiedAnchorLine(
  lines: readonly string[],
  anchor: string,
  shown: ShownRows,
): { line: number; seen: number } {
  const ref = unwrap(parseRef(anchor, exampleRefOf(lines)));
  if (ref.kind !== "line") throw new LappError("INVALID_REF", say.anchorIsNoLine(anchor));
  const verdict = verifyLineRef(lines, ref.line, ref.id, shown);
  if (verdict.ok) return { line: verdict.line, seen: verdict.seen };
  const sent = { line: ref.line, id: ref.id };
  switch (verdict.code) {
    case "LINE_OUT_OF_RANGE": {
      const lastRef = lines.length === 0 ? undefined : refOf(lines.length, lines[lines.length - 1]!);
      throw new LappError(
        "LINE_OUT_OF_RANGE",
        say.anchorPastEnd(`${ref.line}#${ref.id}`, lines.length, lastRef),
      );
    }
    case "HASH_MISMATCH":
      throw refusedRefsError(lines, [{ ...sent, at: verdict.at, reason: verdict.reason }], 1);
    case "AMBIGUOUS_REF":
      throw refusedRefsError(
        lines,
        [
          {
            ...sent,
            at: verdict.candidates[0]!,
            candidates: verdict.candidates,
            ...(verdict.replaced && { replaced: verdict.replaced }),
            ...(verdict.newest !== undefined && { newest: verdict.newest }),
            ...(verdict.forgotten && { forgotten: true }),
          },
        ],
        1,
      );
  }
}

/** New lines shifted, when consistently indented, to the indentation of line `header` (warning when they moved). */
export function shiftToLine(
  file: SessionFile,
  header: number,
  lines: readonly string[],
  warnings: string[],
): string[] {
  const reindented = reindentToHeader(lines, indentationOf(file.lines[header - 1]!));
  if (reindented.shift) warnings.push(say.reindented(reindented.shift.from, reindented.shift.to));
  return reindented.lines;
}
