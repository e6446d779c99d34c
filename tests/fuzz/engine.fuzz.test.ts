// Fuzzing the edit engine with random files and random calls — valid refs, stale refs, refs past the end,
// garbage, anchors, missing fields, odd content. It never throws; a call holding any bad line ref never produces
// a document; whatever it produces encodes (or is refused as a whole) and keeps lines no edit touched.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { applyEdits, type EditInput } from "../../src/hashline/edit.ts";
import { ID_ALPHABET, lineId } from "../../src/hashline/hash.ts";
import { parseRef } from "../../src/hashline/refs.ts";
import { encodeDocument } from "../../src/text/codec.ts";
import type { Encoding, Terminator, TextDocument } from "../../src/text/document.ts";

const VOCAB = ["foo();", "}", "", "  x = 1;", "{", "// note", "\treturn y;", "é😀", "  ", "a\rb", "foo();"];

const documents = fc
  .record({
    lines: fc.array(fc.constantFrom(...VOCAB), { maxLength: 25 }),
    terminators: fc.array(fc.constantFrom<Terminator>("\n", "\r\n"), { minLength: 25, maxLength: 25 }),
    finalNewline: fc.boolean(),
    encoding: fc.constantFrom<Encoding>("utf-8", "utf-16le", "latin1"),
    bom: fc.boolean(),
  })
  .map(({ lines, terminators, finalNewline, encoding, bom }): TextDocument => {
    const latin = encoding === "latin1";
    const safeLines = latin ? lines.map((line) => line.replace(/[^\u0000-\u00ff]/g, "?")) : lines;
    const ends = safeLines.map((_, index) => terminators[index]!);
    if (!finalNewline && ends.length > 0) ends[ends.length - 1] = "";
    return { encoding, bom: latin ? false : bom, lines: safeLines, terminators: ends };
  });

type RefKind = "valid" | "stale" | "past-end" | "garbage" | "start" | "end" | "missing";

/** A ref of a chosen kind for `doc`, and whether it is a bad line ref (which must make the whole call fail). */
function refFor(
  doc: TextDocument,
  kind: RefKind,
  pick: number,
  noise: string,
): { ref: string | undefined; bad: boolean } {
  const count = doc.lines.length;
  const line = count === 0 ? 1 : 1 + (pick % count);
  switch (kind) {
    case "valid":
      return count === 0
        ? { ref: "0:", bad: false }
        : { ref: `${line}#${lineId(line, doc.lines[line - 1]!)}`, bad: false };
    case "stale": {
      if (count === 0) return { ref: `1#ZZ`, bad: true };
      const right = lineId(line, doc.lines[line - 1]!);
      const wrong = [...ID_ALPHABET]
        .map((a) => a + ID_ALPHABET[(pick >> 4) % 16])
        .find((candidate) => candidate !== right)!;
      return { ref: `${line}#${wrong}`, bad: true };
    }
    case "past-end":
      return { ref: `${count + 1 + (pick % 3)}#ZZ`, bad: true };
    case "garbage":
      // A blank ref counts as absent (a named leniency of the engine: models fill unused optional fields so).
      if (noise.trim() === "") return { ref: noise, bad: false };
      return { ref: noise, bad: !parseRef(noise).ok || isLineRefThatFails(doc, noise) };
    case "start":
      return { ref: "0:", bad: false };
    case "end":
      return { ref: "EOF:", bad: false };
    case "missing":
      return { ref: undefined, bad: false };
  }
}

/** A garbage string that happens to parse as a line ref is bad unless it names a line correctly. */
function isLineRefThatFails(doc: TextDocument, raw: string): boolean {
  const parsed = parseRef(raw);
  if (!parsed.ok || parsed.value.kind !== "line") return false;
  const { line, id } = parsed.value;
  return line < 1 || line > doc.lines.length || lineId(line, doc.lines[line - 1]!) !== id;
}

const refKind = fc.constantFrom<RefKind>(
  "valid",
  "valid",
  "valid",
  "stale",
  "past-end",
  "garbage",
  "start",
  "end",
  "missing",
);
const content = fc.oneof(
  fc.constantFrom("", "\n", "new line", "a\nb", "a\r\nb\r\n", "12#KT:copied", "Ω non-latin", "x\n\n", "\r"),
  fc.string({ maxLength: 12 }),
);
const rawEdit = fc.record({
  type: fc.constantFrom("replace", "insert_after", "insert_before", "delete", "move", ""),
  anchorKind: refKind,
  startKind: refKind,
  endKind: refKind,
  picks: fc.tuple(fc.nat(), fc.nat(), fc.nat()),
  noise: fc.string({ unit: fc.constantFrom("1", "#", "Z", "P", ":", " ", ">", "x", "0", "E"), maxLength: 8 }),
  content: fc.option(content, { nil: undefined }),
});

describe("the edit engine under random input", () => {
  test("never throws; any bad line ref means no document; a result encodes or is refused whole", () => {
    fc.assert(
      fc.property(documents, fc.array(rawEdit, { minLength: 1, maxLength: 6 }), (doc, raws) => {
        let anyBad = false;
        const edits = raws.map((raw) => {
          const anchor = refFor(doc, raw.anchorKind, raw.picks[0], raw.noise);
          const start = refFor(doc, raw.startKind, raw.picks[1], raw.noise);
          const end = refFor(doc, raw.endKind, raw.picks[2], raw.noise);
          const edit: Record<string, unknown> = { type: raw.type };
          for (const [key, ref] of [
            ["anchor", anchor],
            ["start", start],
            ["end", end],
          ] as const) {
            if (ref.ref === undefined) continue;
            edit[key] = ref.ref;
            if (ref.bad) anyBad = true;
          }
          if (raw.content !== undefined) edit.content = raw.content;
          return edit as unknown as EditInput;
        });
        const before = JSON.stringify(doc);
        let result: ReturnType<typeof applyEdits> | undefined;
        expect(() => {
          result = applyEdits(doc, edits);
        }).not.toThrow();
        expect(JSON.stringify(doc)).toBe(before); // the input document is never mutated
        if (!result) return;
        if (anyBad) expect(result.ok).toBe(false);
        if (!result.ok) {
          expect(result.error.code).toMatch(/^[A-Z_]+$/);
          expect(result.error.code).not.toBe("INTERNAL_ERROR");
          return;
        }
        const next = result.value.doc;
        expect(next.lines.length).toBe(next.terminators.length);
        next.terminators.forEach((terminator, index) => {
          if (index < next.terminators.length - 1) expect(terminator).not.toBe("");
        });
        const encoded = encodeDocument(next);
        if (!encoded.ok) expect(encoded.error.code).toBe("ENCODING_UNREPRESENTABLE");
      }),
      { numRuns: 3000 },
    );
  });

  test("a ref the record of shown rows calls changed fails the whole call", () => {
    fc.assert(
      fc.property(documents, fc.nat(), (doc, pick) => {
        if (doc.lines.length === 0) return;
        const line = 1 + (pick % doc.lines.length);
        const anchor = `${line}#${lineId(line, doc.lines[line - 1]!)}`;
        const result = applyEdits(doc, [{ type: "replace", anchor, content: "changed" }], {
          shown: {
            lookup: (staleLine) => (staleLine === line ? { kind: "changed", at: line } : { kind: "unknown" }),
            unverified: () => [],
          },
        });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe("HASH_MISMATCH");
      }),
      { numRuns: 1000 },
    );
  });
});
