// Fuzzing the ref parser: arbitrary strings never crash it and come back as a ref or INVALID_REF; every sloppy
// copy of a real ref the spec allows parses to that ref; near misses never parse to a different line.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ID_ALPHABET, refOf } from "../../src/hashline/hash.ts";
import { parseRef, showRef } from "../../src/hashline/refs.ts";

const id = fc.tuple(fc.constantFrom(...ID_ALPHABET), fc.constantFrom(...ID_ALPHABET)).map(([a, b]) => a + b);
const lineNumber = fc.integer({ min: 1, max: 10_000_000 });

describe("any input", () => {
  const anything = fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({
      unit: fc.constantFrom(
        "1",
        "2",
        "#",
        ":",
        "|",
        "-",
        "+",
        ">",
        " ",
        "\t",
        "\n",
        "\r",
        "Z",
        "p",
        "E",
        "O",
        "F",
        "0",
        "\0",
      ),
      maxLength: 20,
    }),
    fc
      .tuple(lineNumber, fc.string({ maxLength: 3 }), fc.string({ maxLength: 10 }))
      .map(([n, a, b]) => `${n}#${a}${b}`),
  );

  test("never throws; returns a ref or INVALID_REF with a non-empty message", () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const result = parseRef(raw, "5#KT");
        if (result.ok) {
          const ref = result.value;
          if (ref.kind === "line") {
            expect(Number.isInteger(ref.line) && ref.line >= 0).toBe(true);
            expect(ref.id).toMatch(new RegExp(`^[${ID_ALPHABET}]{2}$`));
          }
          expect(() => showRef(ref)).not.toThrow();
        } else {
          expect(result.error.code).toBe("INVALID_REF");
          expect(result.error.summary.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5000 },
    );
  });

  test("a parsed line ref names exactly the digits and letters that were written", () => {
    fc.assert(
      fc.property(anything, (raw) => {
        const result = parseRef(raw);
        if (!result.ok || result.value.kind !== "line") return;
        const { line, id: parsedId } = result.value;
        expect(raw).toContain(String(line));
        expect(raw.toUpperCase()).toContain(parsedId);
      }),
      { numRuns: 5000 },
    );
  });
});

describe("sloppy copies of a real ref", () => {
  const decoration = fc.record({
    indent: fc.constantFrom("", " ", "  ", "\t"),
    marker: fc.constantFrom("", ">>>", ">>> ", ">", "+", "-", "> "),
    aroundHash: fc.constantFrom(["", ""], [" ", ""], ["", " "], [" ", " "]),
    lowercase: fc.boolean(),
    tail: fc.constantFrom("", ":", ":  return 1;", "|x", ":#KT:", "   "),
  });

  test("parse to the same line and ID", () => {
    fc.assert(
      fc.property(
        lineNumber,
        id,
        decoration,
        (line, ref, { indent, marker, aroundHash, lowercase, tail }) => {
          const shownId = lowercase ? ref.toLowerCase() : ref;
          const raw = `${indent}${marker}${line}${aroundHash[0]}#${aroundHash[1]}${shownId}${tail}`;
          const result = parseRef(raw);
          expect({ raw, result: result.ok ? result.value : result.error.code }).toEqual({
            raw,
            result: { kind: "line", line, id: ref },
          });
        },
      ),
      { numRuns: 3000 },
    );
  });

  test("a real row copied whole parses to its own ref", () => {
    fc.assert(
      fc.property(lineNumber, fc.string({ maxLength: 30 }), (line, text) => {
        const ref = refOf(line, text);
        const result = parseRef(`${ref}:${text}`);
        expect(result.ok && showRef(result.value)).toBe(ref);
      }),
      { numRuns: 2000 },
    );
  });

  test("IDs with letters outside the alphabet are INVALID_REF, never a guess", () => {
    const outside = fc.constantFrom(..."ACDEFGILOUacdefgilou0123456789"); // not in the alphabet, in either case
    fc.assert(
      fc.property(
        lineNumber,
        outside,
        fc.constantFrom(...ID_ALPHABET),
        fc.boolean(),
        (line, bad, good, badFirst) => {
          const raw = `${line}#${badFirst ? bad + good : good + bad}`;
          const result = parseRef(raw);
          expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
