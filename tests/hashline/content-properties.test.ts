// Properties of what lapp does with content that repeats the lines around it or keeps copied prefixes
// (docs/format.md): none of it ever changes what a correct call means. A call lapp applies is applied exactly as
// written, warnings or not; a call it refuses writes nothing, would really have doubled a line, and has a retry
// that means the same and is applied (the one the refusal names).
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { applyEdits, type EditInput } from "../../src/hashline/edit.ts";
import { renderEditSuccess } from "../support/render.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { findBoundaryRepeats } from "../../src/hashline/repeats.ts";
import { documentFromText, type TextDocument } from "../../src/text/document.ts";
import "../support/fast-check-seed.ts";

const RUNS = { numRuns: 400 };

/** Few distinct lines, so neighbours often repeat: braces, blanks, a repeated statement. */
const VOCAB = ["}", "", "  }", "x++;", "call(x);", "if (x) {", "// note", "return y;"];
const fileLines = fc.array(fc.constantFrom(...VOCAB), { minLength: 2, maxLength: 14 });
const contentLines = fc.array(fc.constantFrom(...VOCAB, "new();"), { minLength: 1, maxLength: 4 });

/** One edit as the model means it: old lines `first..last` replaced (an insert: the gap after `gap`). */
type Meant =
  | { kind: "range"; first: number; last: number; lines: string[] }
  | { kind: "insert"; gap: number; lines: string[]; before: boolean };

const meantEdit = fc.record({
  insert: fc.boolean(),
  before: fc.boolean(),
  at: fc.nat(),
  span: fc.nat({ max: 2 }),
  lines: contentLines,
});

function meantOf(
  lineCount: number,
  spec: { insert: boolean; before: boolean; at: number; span: number; lines: string[] },
): Meant {
  if (spec.insert)
    return { kind: "insert", gap: spec.at % (lineCount + 1), lines: spec.lines, before: spec.before };
  const first = (spec.at % lineCount) + 1;
  return { kind: "range", first, last: Math.min(lineCount, first + spec.span), lines: spec.lines };
}

/** The call a careful model sends for `meant`, with the refs of `lines`. */
function inputOf(lines: readonly string[], meant: Meant): EditInput {
  const ref = (line: number) => refOf(line, lines[line - 1]!);
  const content = `${meant.lines.join("\n")}\n`;
  if (meant.kind === "range")
    return meant.first === meant.last
      ? { type: "replace", anchor: ref(meant.first), content }
      : { type: "replace", start: ref(meant.first), end: ref(meant.last), content };
  if (meant.before && meant.gap < lines.length)
    return { type: "insert_before", anchor: ref(meant.gap + 1), content };
  return { type: "insert_after", anchor: meant.gap === 0 ? "0:" : ref(meant.gap), content };
}

/** What a call means, computed without lapp: each edit's lines put in place of the lines it names. */
function literal(lines: readonly string[], edits: readonly Meant[]): string[] {
  const key = (edit: Meant) => (edit.kind === "range" ? [edit.first - 1, 1] : [edit.gap, 0]);
  const sorted = edits
    .map((edit, index) => ({ edit, index }))
    .sort(
      (a, b) => key(a.edit)[0]! - key(b.edit)[0]! || key(a.edit)[1]! - key(b.edit)[1]! || a.index - b.index,
    );
  const out: string[] = [];
  let next = 1;
  for (const { edit } of sorted) {
    const upTo = edit.kind === "range" ? edit.first - 1 : edit.gap;
    for (; next <= upTo; next++) out.push(lines[next - 1]!);
    out.push(...edit.lines);
    if (edit.kind === "range") next = edit.last + 1;
  }
  for (; next <= lines.length; next++) out.push(lines[next - 1]!);
  return out;
}

const docOf = (lines: readonly string[]): TextDocument => documentFromText(`${lines.join("\n")}\n`);

/** Edits that neither overlap nor share a gap (their order there would matter), in the order drawn. */
function separate(lineCount: number, specs: readonly Parameters<typeof meantOf>[1][]): Meant[] {
  const taken = new Set<string>();
  const out: Meant[] = [];
  for (const spec of specs) {
    const meant = meantOf(lineCount, spec);
    const marks =
      meant.kind === "range"
        ? [...Array(meant.last - meant.first + 1).keys()].map((step) => `line ${meant.first + step}`)
        : [`gap ${meant.gap}`];
    // An insert may not touch a replaced line's gaps either: keep one edit per neighbourhood.
    const around =
      meant.kind === "range"
        ? [`gap ${meant.first - 1}`, `gap ${meant.last}`]
        : [`line ${meant.gap}`, `line ${meant.gap + 1}`];
    if ([...marks, ...around].some((mark) => taken.has(mark))) continue;
    for (const mark of [...marks, ...around]) taken.add(mark);
    out.push(meant);
  }
  return out;
}

describe("content leniency never changes what a correct call means", () => {
  test("a call lapp applies is the literal call; one it refuses for a repeat would have doubled a line", () => {
    let applied = 0;
    let refused = 0;
    fc.assert(
      fc.property(fileLines, fc.array(meantEdit, { minLength: 1, maxLength: 4 }), (lines, specs) => {
        const meant = separate(lines.length, specs);
        const doc = docOf(lines);
        const result = applyEdits(
          doc,
          meant.map((edit) => inputOf(lines, edit)),
        );
        const expected = literal(lines, meant);
        if (result.ok) {
          applied++;
          expect(result.value.doc.lines).toEqual(expected);
          renderEditSuccess("f", result.value); // rendering the warnings changes nothing either
          expect(result.value.doc.lines).toEqual(expected);
          return;
        }
        if (result.error.code === "NO_CHANGE") {
          expect(expected).toEqual(lines);
          return;
        }
        expect(result.error.code).toBe("INVALID_EDIT");
        refused++;
        // The literal result really holds a line of the content next to an equal line that was not repeated so.
        const text = result.error.render();
        expect(text).toContain("twice");
        expect(holdsDoubledBlock(expected)).toBe(true);
      }),
      RUNS,
    );
    expect(applied).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(20);
  });

  test("every refused repeat has the retry its refusal names, applied, meaning the same", () => {
    let retried = 0;
    fc.assert(
      fc.property(fileLines, meantEdit, (lines, spec) => {
        const meant = meantOf(lines.length, spec);
        const input = inputOf(lines, meant);
        const doc = docOf(lines);
        const result = applyEdits(doc, [input]);
        fc.pre(!result.ok && result.error.code === "INVALID_EDIT");
        const repeats = findBoundaryRepeats(doc.lines, [resolvedOf(meant)]).filter(
          (repeat) => repeat.verdict === "refuse",
        );
        expect(repeats.length).toBeGreaterThan(0);
        // Content whose lines repeat both sides at once (one line equal to both neighbours) is named from both
        // sides; the two retries do not add up, so the property is about the content each side repeats alone.
        // A block of several lines doubled in place can complete a longer doubled block where the text around it
        // already holds part of one (`a b a` + `b a`): refused again, rightly. For one line it always applies.
        // The same holds for an insert whose content repeats its own anchor, retried as a replace of the anchor
        // (the table tests show that retry): its content is the anchor and more, so it is judged as content.
        fc.pre(repeats.every((repeat) => repeat.count === 1 && !repeatsAnchor(lines, meant, repeat)));
        const [first, second] = repeats;
        fc.pre(
          !second || first!.side === second.side || first!.copyOffset + first!.count <= second.copyOffset,
        );
        const retry = onPurpose(lines, meant, repeats);
        const again = applyEdits(doc, retry);
        if (!again.ok) throw new Error(`${JSON.stringify(retry)}\n${again.error.render()}`);
        expect(again.value.doc.lines).toEqual(literal(lines, [meant]));
        retried++;
      }),
      { numRuns: 1500 },
    );
    expect(retried).toBeGreaterThan(30);
  }, 60_000);

  test("prefixes left on some content lines are refused, and the same call without them is the literal call", () => {
    fc.assert(
      fc.property(
        fileLines,
        meantEdit,
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        (lines, spec, marks) => {
          const meant = meantOf(lines.length, spec);
          const input = inputOf(lines, meant);
          // Some lines (not every one) get the prefix of a real row of the file, as a model copies them.
          const contentRows = meant.lines.map((text, at) =>
            marks[at] && text.trim() !== "" ? `${refOf(at + 1, lines[at % lines.length]!)}:${text}` : text,
          );
          const someMarked = contentRows.some((row, at) => row !== meant.lines[at]);
          const everyMarked = meant.lines.every((text, at) => text.trim() === "" || contentRows[at] !== text);
          fc.pre(someMarked && !everyMarked);
          const doc = docOf(lines);
          const result = applyEdits(doc, [{ ...input, content: `${contentRows.join("\n")}\n` }]);
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect(result.error.code).toBe("INVALID_EDIT");
            expect(result.error.render()).toContain("row prefix copied from lapp's output");
          }
          const clean = applyEdits(doc, [input]);
          if (clean.ok) expect(clean.value.doc.lines).toEqual(literal(lines, [meant]));
        },
      ),
      RUNS,
    );
  });
});

/** The repeated line is the insert's own anchor. */
function repeatsAnchor(
  lines: readonly string[],
  meant: Meant,
  repeat: ReturnType<typeof findBoundaryRepeats>[number],
): boolean {
  const anchor = inputOf(lines, meant).anchor;
  if (meant.kind !== "insert" || !anchor?.includes("#")) return false;
  const line = Number(anchor.split("#")[0]);
  return repeat.side === "before" ? repeat.neighbour.to === line : repeat.neighbour.from === line;
}

/** The engine's resolved form of `meant` (index 0), to ask which repeats it has. */
function resolvedOf(meant: Meant) {
  return meant.kind === "range"
    ? {
        index: 0,
        type: "replace" as const,
        start: meant.first,
        end: meant.last,
        lines: meant.lines,
        label: "",
      }
    : {
        index: 0,
        type: "insert_after" as const,
        gap: meant.gap,
        anchorLine: meant.gap === 0 ? undefined : meant.gap,
        lines: meant.lines,
        label: "",
      };
}

/**
 * The retry a refusal names for "twice on purpose": drop the repeated lines from content and replace the lines they
 * repeat with two copies of them.
 */
function onPurpose(
  lines: readonly string[],
  meant: Meant,
  repeats: ReturnType<typeof findBoundaryRepeats>,
): EditInput[] {
  const ref = (line: number) => refOf(line, lines[line - 1]!);
  const span = (from: number, to: number) =>
    from === to ? { anchor: ref(from) } : { start: ref(from), end: ref(to) };
  const block = (from: number, to: number) => lines.slice(from - 1, to);
  const input = inputOf(lines, meant);
  let content = [...meant.lines];
  const doublings: EditInput[] = [];
  for (const repeat of repeats) {
    const { from, to } = repeat.neighbour;
    content =
      repeat.side === "after" ? content.slice(0, content.length - repeat.count) : content.slice(repeat.count);
    const twice = [...block(from, to), ...block(from, to)];
    doublings.push({ type: "replace", ...span(from, to), content: `${twice.join("\n")}\n` });
  }
  const own: EditInput[] =
    meant.kind === "insert" && content.length === 0
      ? []
      : [{ ...input, content: content.length === 0 ? "" : `${content.join("\n")}\n` }];
  return [...own, ...doublings];
}

/** Whether some run of lines is followed at once by the same run. */
function holdsDoubledBlock(lines: readonly string[]): boolean {
  for (let size = 1; size * 2 <= lines.length; size++)
    for (let at = 0; at + 2 * size <= lines.length; at++)
      if (lines.slice(at, at + size).every((line, step) => line === lines[at + size + step])) return true;
  return false;
}
