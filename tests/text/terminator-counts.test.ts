// The terminator counts an edit carries from one version to the next (terminator-counts.ts) must be exactly what
// counting the new array would give: the dominant terminator of new lines and the final-newline rule depend on them.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { applyEdits, type EditInput } from "../../src/hashline/edit.ts";
import { refOf } from "../../src/hashline/hash.ts";
import { documentFromText, type Terminator, type TextDocument } from "../../src/text/document.ts";
import { terminatorCounts } from "../../src/text/terminator-counts.ts";

function counted(terminators: readonly Terminator[]) {
  return {
    lf: terminators.filter((terminator) => terminator === "\n").length,
    crlf: terminators.filter((terminator) => terminator === "\r\n").length,
    none: terminators.filter((terminator) => terminator === "").length,
  };
}

describe("terminator counts", () => {
  test("an array is counted once; the counts handed out are a copy", () => {
    const doc = documentFromText("a\r\nb\nc\r\nd");
    const counts = terminatorCounts(doc.terminators);
    expect(counts).toEqual({ lf: 1, crlf: 2, none: 1 });
    counts.lf = 99;
    expect(terminatorCounts(doc.terminators)).toEqual({ lf: 1, crlf: 2, none: 1 });
  });

  const line = fc.constantFrom("x", "y();", "", "  z", "}");
  const text = fc
    .tuple(fc.array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { maxLength: 12 }), line)
    .map(([lines, last]) => lines.map(([body, terminator]) => body + terminator).join("") + last);
  const step = fc.record({
    type: fc.constantFrom("replace", "insert_after", "insert_before", "delete" as const),
    at: fc.nat(),
    span: fc.nat({ max: 2 }),
    eof: fc.boolean(),
    content: fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n") + "!"),
  });

  type Step = { type: EditInput["type"]; at: number; span: number; eof: boolean; content: string };

  /** One edit call made of `spec`, on lines of `doc`. */
  function editOf(doc: TextDocument, spec: Step): EditInput {
    const count = doc.lines.length;
    const first = (spec.at % Math.max(count, 1)) + 1;
    const last = Math.min(count, first + spec.span);
    const ref = (at: number) => refOf(at, doc.lines[at - 1]!);
    if (spec.type === "insert_after" && (spec.eof || count === 0))
      return { type: "insert_after", anchor: "EOF:", content: spec.content };
    if (spec.type === "insert_after" || spec.type === "insert_before")
      return { type: spec.type, anchor: ref(first), content: spec.content };
    if (spec.type === "delete") return { type: "delete", start: ref(first), end: ref(last) };
    return { type: "replace", start: ref(first), end: ref(last), content: spec.content };
  }
  test("after every call of a random chain, the carried counts are a fresh count's, and only the last line may lack a terminator", () => {
    fc.assert(
      fc.property(text, fc.array(step, { minLength: 1, maxLength: 12 }), (start, steps) => {
        let doc = documentFromText(start);
        terminatorCounts(doc.terminators);
        for (const spec of steps) {
          if (doc.lines.length === 0 && spec.type !== "insert_after") continue;
          const result = applyEdits(doc, [editOf(doc, spec)]);
          if (!result.ok) continue; // NO_CHANGE, or a repeat lapp refuses: nothing to carry
          doc = result.value.doc;
          expect(terminatorCounts(doc.terminators)).toEqual(counted(doc.terminators));
          expect(doc.terminators.slice(0, -1)).not.toContain("");
        }
      }),
      { numRuns: 500 },
    );
  });
});
