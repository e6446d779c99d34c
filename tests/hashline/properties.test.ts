// Properties of the engine over random files and random edit calls: byte fidelity, stale refs never
// apply, the order of edits does not matter, and lines an edit does not touch keep their refs.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { applyEdits, splitContent, type EditInput } from "../../src/hashline/edit.ts";
import { ID_ALPHABET, lineId, refOf } from "../../src/hashline/hash.ts";
import { decodeDocument, encodeDocument, encodeText } from "../../src/text/codec.ts";
import { dominantTerminator, documentFromText, type TextDocument } from "../../src/text/document.ts";
import { spliceEncode } from "../../src/text/splice-encode.ts";

const RUNS = { numRuns: 300 };

/** Few distinct lines, so IDs repeat, and blank/punctuation lines (seeded by line number) are common. */
const VOCAB = ["foo();", "bar = 1;", "}", "", "  x", "{", "// c", "return y;", "\tz();", "  ", "foo();"];
const docLines = fc.array(fc.constantFrom(...VOCAB), { minLength: 1, maxLength: 30 });

function bytesOf(doc: TextDocument): Uint8Array {
  const encoded = encodeDocument(doc);
  if (!encoded.ok) throw encoded.error;
  return encoded.value;
}

describe("byte fidelity", () => {
  const piece = fc.string({
    unit: fc.constantFrom("a", "é", "😀", " ", "\t", "\r", "}", "#", ":"),
    maxLength: 8,
  });
  const mixedText = fc
    .tuple(fc.array(fc.tuple(piece, fc.constantFrom("\n", "\r\n")), { maxLength: 20 }), piece)
    .map(([lines, last]) => lines.map(([text, terminator]) => text + terminator).join("") + last);

  test("decode → encode gives the same bytes (mixed terminators, ± BOM)", () => {
    fc.assert(
      fc.property(mixedText, fc.boolean(), (text, bom) => {
        const bytes = encodeText(text, "utf-8", bom);
        if (!bytes.ok) throw bytes.error;
        expect(bytesOf(decodeDocument(bytes.value))).toEqual(bytes.value);
      }),
      RUNS,
    );
  });

  test("replacing one line changes only that line's bytes", () => {
    fc.assert(
      fc.property(mixedText, fc.nat(), (text, pick) => {
        const doc = documentFromText(text);
        fc.pre(doc.lines.length >= 2);
        const line = (pick % (doc.lines.length - 1)) + 1; // never the last line: its terminator may adapt
        const original = doc.lines[line - 1]!;
        const replacement = original === "NEW" ? "NEWER" : "NEW";
        const result = applyEdits(doc, [
          { type: "replace", anchor: refOf(line, original), content: replacement },
        ]);
        if (!result.ok) throw result.error;
        const before = doc.lines
          .slice(0, line - 1)
          .map((t, i) => t + doc.terminators[i])
          .join("");
        const after = doc.lines
          .slice(line)
          .map((t, i) => t + doc.terminators[line + i])
          .join("");
        // A line replaced one-for-one keeps its own terminator (issue 11, item 9).
        const expected = before + replacement + doc.terminators[line - 1] + after;
        const encoded = encodeText(expected, "utf-8", false);
        if (!encoded.ok) throw encoded.error;
        expect(bytesOf(result.value.doc)).toEqual(encoded.value);
      }),
      RUNS,
    );
  });
});

/** A random edit, described by numbers so it can be mapped onto any generated file. */
const editSpec = fc.record({
  type: fc.constantFrom("replace", "insert_after", "insert_before", "delete" as const),
  at: fc.nat(),
  span: fc.nat({ max: 3 }),
  asAnchor: fc.boolean(),
  special: fc.constantFrom(undefined, undefined, undefined, "0:", "EOF:"),
  content: fc.array(fc.constantFrom(...VOCAB, "new line", "other();"), { maxLength: 4 }),
});
type EditSpec = typeof editSpec extends fc.Arbitrary<infer T> ? T : never;

interface Mapped {
  edit: EditInput;
  /** Old lines removed/replaced ([first, last]) or the insert gap; and the number of new lines. */
  range?: [number, number];
  gap?: number;
  newLines: number;
}

function mapEdit(lines: readonly string[], spec: EditSpec): Mapped {
  const count = lines.length;
  const first = (spec.at % count) + 1;
  const last = Math.min(count, first + spec.span);
  const ref = (line: number) => refOf(line, lines[line - 1]!);
  // A trailing "\n" makes every array element exactly one line (even a lone "").
  const content = spec.content.length === 0 ? "" : spec.content.join("\n") + "\n";
  if (spec.type === "replace" || spec.type === "delete") {
    const target =
      spec.asAnchor || first === last ? { anchor: ref(first) } : { start: ref(first), end: ref(last) };
    const end = spec.asAnchor ? first : last;
    const edit: EditInput =
      spec.type === "replace" ? { type: "replace", ...target, content } : { type: "delete", ...target };
    return { edit, range: [first, end], newLines: spec.type === "replace" ? spec.content.length : 0 };
  }
  const insertContent = spec.content.length === 0 ? "inserted\n" : content;
  const newLines = splitContent(insertContent).length;
  if (spec.special) {
    const edit: EditInput = { type: spec.type, anchor: spec.special, content: insertContent };
    return { edit, gap: spec.special === "0:" ? 0 : count, newLines };
  }
  const gap = spec.type === "insert_after" ? first : first - 1;
  return { edit: { type: spec.type, anchor: ref(first), content: insertContent }, gap, newLines };
}

/** Maps specs onto a file; inserts that would share a gap are dropped, since their order is meaningful. */
function mapEdits(lines: readonly string[], specs: readonly EditSpec[]): Mapped[] {
  const gaps = new Set<number>();
  const seen = new Set<string>();
  const out: Mapped[] = [];
  for (const spec of specs) {
    const mapped = mapEdit(lines, spec);
    if (mapped.gap !== undefined) {
      if (gaps.has(mapped.gap)) continue;
      gaps.add(mapped.gap);
    }
    const key = JSON.stringify(mapped.edit);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(mapped);
  }
  return out;
}

function permute<T>(items: readonly T[], randoms: readonly number[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = randoms[index % randoms.length]! % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

const docOf = (lines: readonly string[]) => documentFromText(lines.join("\n") + "\n");
const specs = fc.array(editSpec, { minLength: 1, maxLength: 6 });

describe("edit properties", () => {
  test("the commit's copy of the unchanged lines' bytes equals encoding the whole edited file", () => {
    const piece = fc.string({ unit: fc.constantFrom("a", "é", "😀", "€", " ", "\r", "}"), maxLength: 6 });
    const file = fc.record({
      lines: fc.array(fc.tuple(piece, fc.constantFrom("\n", "\r\n")), { minLength: 1, maxLength: 25 }),
      last: fc.constantFrom("", "tail"),
      bom: fc.boolean(),
    });
    let spliced = 0;
    let chained = 0;
    fc.assert(
      fc.property(file, specs, specs, ({ lines, last, bom }, editSpecs, nextSpecs) => {
        const text = lines.map(([line, terminator]) => line + terminator).join("") + last;
        const doc = { ...documentFromText(text), bom };
        const before = { lines: [...doc.lines], terminators: [...doc.terminators] };
        const result = applyEdits(
          doc,
          mapEdits(doc.lines, editSpecs).map((entry) => entry.edit),
        );
        // The edited document may share arrays with the old one, which stays as it was (lapp keeps it).
        expect({ lines: doc.lines, terminators: doc.terminators }).toEqual(before);
        fc.pre(result.ok);
        if (!result.ok) return;
        const copied = spliceEncode(
          { doc, bytes: () => bytesOf(doc) },
          result.value.doc,
          result.value.regions,
          (size) => new Uint8Array(size),
        );
        // Only a file without a final newline is left to the whole-file encoding.
        expect(copied === undefined).toBe(last !== "");
        if (copied === undefined) return;
        spliced++;
        expect(Buffer.from(copied).equals(Buffer.from(bytesOf(result.value.doc)))).toBe(true);
        // The next edit of that version, from the bytes just written (as lapp's next call makes it).
        const edited = result.value.doc;
        if (edited.lines.length === 0) return; // nothing left to name by ref
        const editedBefore = { lines: [...edited.lines], terminators: [...edited.terminators] };
        const next = applyEdits(
          edited,
          mapEdits(edited.lines, nextSpecs).map((entry) => entry.edit),
        );
        expect({ lines: edited.lines, terminators: edited.terminators }).toEqual(editedBefore);
        if (!next.ok) return;
        const copiedAgain = spliceEncode(
          { doc: edited, bytes: () => copied },
          next.value.doc,
          next.value.regions,
          (size) => new Uint8Array(size),
        );
        if (copiedAgain === undefined) return;
        chained++;
        expect(Buffer.from(copiedAgain).equals(Buffer.from(bytesOf(next.value.doc)))).toBe(true);
        // That edit again from the same version (its commit failed, say): the same bytes.
        const retried = spliceEncode(
          { doc: edited, bytes: () => copied },
          next.value.doc,
          next.value.regions,
          (size) => new Uint8Array(size),
        );
        expect(retried && Buffer.from(retried).equals(Buffer.from(copiedAgain))).toBe(true);
        // And the version after it.
        const latest = next.value.doc;
        if (latest.lines.length === 0) return;
        const third = applyEdits(
          latest,
          mapEdits(latest.lines, editSpecs).map((entry) => entry.edit),
        );
        if (!third.ok) return;
        const copiedLast = spliceEncode(
          { doc: latest, bytes: () => retried! },
          third.value.doc,
          third.value.regions,
          (size) => new Uint8Array(size),
        );
        if (copiedLast === undefined) return;
        expect(Buffer.from(copiedLast).equals(Buffer.from(bytesOf(third.value.doc)))).toBe(true);
      }),
      { numRuns: 1000 },
    );
    expect(spliced).toBeGreaterThan(100);
    expect(chained).toBeGreaterThan(50);
  });

  test("a call with a stale ref never applies", () => {
    fc.assert(
      fc.property(docLines, specs, fc.nat(), fc.nat(), (lines, editSpecs, which, wrong) => {
        const mapped = mapEdits(lines, editSpecs);
        const lineRefEdits = mapped.filter(
          (entry) => entry.range !== undefined || entry.edit.anchor?.includes("#"),
        );
        fc.pre(lineRefEdits.length > 0);
        const victim = lineRefEdits[which % lineRefEdits.length]!;
        const field = victim.edit.anchor !== undefined ? "anchor" : "start";
        const [line, id] = victim.edit[field]!.split("#") as [string, string];
        const others = [...ID_ALPHABET]
          .flatMap((a) => [...ID_ALPHABET].map((b) => a + b))
          .filter((x) => x !== id);
        victim.edit = { ...victim.edit, [field]: `${line}#${others[wrong % others.length]}` };
        const result = applyEdits(
          docOf(lines),
          mapped.map((entry) => entry.edit),
        );
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe("HASH_MISMATCH");
      }),
      RUNS,
    );
  });

  test("the order of the edits does not change the result", () => {
    fc.assert(
      fc.property(
        docLines,
        specs,
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (lines, editSpecs, randoms) => {
          const doc = docOf(lines);
          const edits = mapEdits(lines, editSpecs).map((entry) => entry.edit);
          const given = applyEdits(doc, edits);
          const shuffled = applyEdits(doc, permute(edits, randoms));
          expect(shuffled.ok).toBe(given.ok);
          if (given.ok && shuffled.ok) {
            expect(bytesOf(shuffled.value.doc)).toEqual(bytesOf(given.value.doc));
            expect(shuffled.value.regions).toEqual(given.value.regions);
          }
          if (!given.ok && !shuffled.ok) expect(shuffled.error.code).toBe(given.error.code);
        },
      ),
      RUNS,
    );
  });

  test("lines no edit touches keep their text, terminator and ref at their new number", () => {
    let applied = 0;
    fc.assert(
      fc.property(docLines, specs, (lines, editSpecs) => {
        const doc = docOf(lines);
        const mapped = mapEdits(lines, editSpecs);
        const result = applyEdits(
          doc,
          mapped.map((entry) => entry.edit),
        );
        fc.pre(result.ok);
        if (!result.ok) return;
        applied++;
        const after = result.value.doc;
        for (let old = 1; old <= lines.length; old++) {
          if (mapped.some((entry) => entry.range && entry.range[0] <= old && old <= entry.range[1])) continue;
          // Shift = lines added minus lines removed by edits entirely before this line.
          let shift = 0;
          for (const entry of mapped) {
            if (entry.range && entry.range[1] < old)
              shift += entry.newLines - (entry.range[1] - entry.range[0] + 1);
            if (entry.gap !== undefined && entry.gap < old) shift += entry.newLines;
          }
          const now = old + shift;
          const text = lines[old - 1]!;
          expect(after.lines[now - 1]).toBe(text);
          expect(after.terminators[now - 1]).toBe("\n");
          if (/[\p{L}\p{N}]/u.test(text) || shift === 0) {
            expect(refOf(now, text)).toBe(`${now}#${lineId(old, text)}`);
          }
        }
      }),
      RUNS,
    );
    expect(applied).toBeGreaterThan(50);
  });

  test("summary counts agree with the new file", () => {
    fc.assert(
      fc.property(docLines, specs, (lines, editSpecs) => {
        const result = applyEdits(
          docOf(lines),
          mapEdits(lines, editSpecs).map((entry) => entry.edit),
        );
        fc.pre(result.ok);
        if (!result.ok) return;
        const { doc, added, removed, regions } = result.value;
        expect(doc.lines.length).toBe(lines.length + added - removed);
        expect(regions.reduce((sum, region) => sum + region.lineCount, 0)).toBe(added);
        expect(regions.reduce((sum, region) => sum + region.removedCount, 0)).toBe(removed);
      }),
      RUNS,
    );
  });
});
