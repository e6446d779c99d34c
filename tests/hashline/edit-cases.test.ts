// Table-driven edit cases, each run on the LF, CRLF, UTF-8 BOM and no-final-newline twins of one
// fixture: the result must be exactly the expected lines written in that twin's conventions.
import { describe, expect, test } from "bun:test";
import type { ErrorCode } from "../../src/errors.ts";
import { applyEdits, type EditInput } from "../../src/hashline/edit.ts";
import { lineId } from "../../src/hashline/hash.ts";
import { decodeDocument, encodeDocument } from "../../src/text/codec.ts";
import { refsOf, TWINS, twinBytes, visible } from "./twins.ts";

const FIXTURE = [
  "const a = 1;", // 1
  "function alpha() {", // 2
  "  return a;", // 3
  "}", // 4
  "", // 5
  "function beta() {", // 6
  "  legacy();", // 7
  "  return 2;", // 8
  "}", // 9
  "// end", // 10
];
const ref = refsOf(FIXTURE);
/** A ref to line n with an ID that is NOT the line's current one. */
const staleRef = (line: number): string => {
  const current = lineId(line, FIXTURE[line - 1]!);
  return `${line}#${current === "ZZ" ? "PP" : "ZZ"}`;
};

interface Case {
  name: string;
  edits: EditInput[];
  /** The resulting lines, or the error code. */
  expect: string[] | ErrorCode;
  warnings?: number;
  added?: number;
  removed?: number;
}

const without = (...lineNumbers: number[]) => FIXTURE.filter((_, index) => !lineNumbers.includes(index + 1));
const withLines = (at: number, removeCount: number, ...lines: string[]) => {
  const copy = [...FIXTURE];
  copy.splice(at - 1, removeCount, ...lines);
  return copy;
};

const CASES: Case[] = [
  {
    name: "replace one line",
    edits: [{ type: "replace", anchor: ref(3), content: "  return a + 1;" }],
    expect: withLines(3, 1, "  return a + 1;"),
    added: 1,
    removed: 1,
  },
  {
    name: "replace a range with fewer lines",
    edits: [{ type: "replace", start: ref(6), end: ref(9), content: "const beta = () => 2;\n" }],
    expect: withLines(6, 4, "const beta = () => 2;"),
    added: 1,
    removed: 4,
  },
  {
    name: "replace a range with more lines",
    edits: [{ type: "replace", start: ref(3), end: ref(3), content: "  const b = a;\n  return b;" }],
    expect: withLines(3, 1, "  const b = a;", "  return b;"),
  },
  {
    name: 'replace with "" removes the lines',
    edits: [{ type: "replace", start: ref(5), end: ref(9), content: "" }],
    expect: without(5, 6, 7, 8, 9),
    removed: 5,
    added: 0,
  },
  {
    name: "replace keeps unchanged leading and trailing lines (only the middle counts)",
    edits: [
      {
        type: "replace",
        start: ref(6),
        end: ref(9),
        content: "function beta() {\n  modern();\n  return 2;\n}",
      },
    ],
    expect: withLines(7, 1, "  modern();"),
    added: 1,
    removed: 1,
  },
  {
    name: "insert_after a line",
    edits: [{ type: "insert_after", anchor: ref(4), content: "// after alpha" }],
    expect: withLines(5, 0, "// after alpha"),
    added: 1,
    removed: 0,
  },
  {
    name: "insert_before a line",
    edits: [{ type: "insert_before", anchor: ref(2), content: "/** doc */" }],
    expect: withLines(2, 0, "/** doc */"),
  },
  {
    name: 'insert_after "0:" puts lines at the start',
    edits: [{ type: "insert_after", anchor: "0:", content: "#!/usr/bin/env node\n'use strict';" }],
    expect: ["#!/usr/bin/env node", "'use strict';", ...FIXTURE],
  },
  {
    name: 'insert_before "0" (no colon) also means the start',
    edits: [{ type: "insert_before", anchor: "0", content: "// head" }],
    expect: ["// head", ...FIXTURE],
  },
  {
    name: 'insert_after "EOF:" appends',
    edits: [{ type: "insert_after", anchor: "EOF:", content: "export { alpha };" }],
    expect: [...FIXTURE, "export { alpha };"],
  },
  {
    name: 'insert_before "eof" (lowercase, no colon) appends too',
    edits: [{ type: "insert_before", anchor: "eof", content: "export { beta };" }],
    expect: [...FIXTURE, "export { beta };"],
  },
  {
    name: 'insert "\\n" inserts one empty line',
    edits: [{ type: "insert_after", anchor: ref(1), content: "\n" }],
    expect: withLines(2, 0, ""),
  },
  {
    name: 'insert "\\n\\n" inserts two empty lines',
    edits: [{ type: "insert_after", anchor: ref(1), content: "\n\n" }],
    expect: withLines(2, 0, "", ""),
  },
  {
    name: "delete one line",
    edits: [{ type: "delete", anchor: ref(5) }],
    expect: without(5),
    removed: 1,
    added: 0,
  },
  {
    name: "delete a range",
    edits: [{ type: "delete", start: ref(1), end: ref(4) }],
    expect: without(1, 2, 3, 4),
  },
  {
    name: "delete the last line",
    edits: [{ type: "delete", anchor: ref(10) }],
    expect: without(10),
  },
  {
    name: "delete everything leaves an empty file",
    edits: [{ type: "delete", start: ref(1), end: ref(10) }],
    expect: [],
  },
  {
    name: "several edits apply as if simultaneous",
    edits: [
      { type: "delete", anchor: ref(10) },
      { type: "replace", anchor: ref(3), content: "  return a * 2;" },
      { type: "insert_after", anchor: ref(5), content: "// beta follows" },
      { type: "replace", start: ref(7), end: ref(8), content: "  return 3;" },
    ],
    expect: [
      "const a = 1;",
      "function alpha() {",
      "  return a * 2;",
      "}",
      "",
      "// beta follows",
      "function beta() {",
      "  return 3;",
      "}",
    ],
    added: 3,
    removed: 4,
  },
  {
    name: "an exact duplicate edit is applied once, with a warning",
    edits: [
      { type: "replace", anchor: ref(7), content: "  modern();" },
      { type: "replace", anchor: ref(7).toLowerCase(), content: "  modern();\n" },
    ],
    expect: withLines(7, 1, "  modern();"),
    warnings: 1,
  },
  {
    name: "inserts into the same gap keep the order given",
    edits: [
      { type: "insert_after", anchor: ref(4), content: "A" },
      { type: "insert_before", anchor: ref(5), content: "B" },
      { type: "insert_after", anchor: ref(4), content: "C" },
    ],
    expect: withLines(5, 0, "A", "B", "C"),
  },
  {
    name: "inserts around a replaced range go outside it",
    edits: [
      { type: "insert_before", anchor: ref(5), content: "Z" },
      { type: "replace", start: ref(2), end: ref(4), content: "Y" },
      { type: "insert_after", anchor: ref(1), content: "X" },
    ],
    expect: ["const a = 1;", "X", "Y", "Z", ...FIXTURE.slice(4)],
  },
  {
    name: "an insert at a replaced range's end keeps after the trimmed replacement",
    edits: [
      { type: "insert_before", anchor: ref(10), content: "after" },
      { type: "replace", start: ref(8), end: ref(9), content: "  return 2;\n}\n// tail" },
    ],
    expect: withLines(10, 0, "// tail", "after"),
  },
  {
    name: "copied display prefixes are stripped, with a warning",
    edits: [{ type: "replace", start: ref(3), end: ref(4), content: `3#KT:  return a - 1;\n>>> 4#ZZ:}` }],
    expect: withLines(3, 2, "  return a - 1;", "}"),
    warnings: 1,
  },
  {
    name: "content with CRLF takes the file's terminator",
    edits: [{ type: "replace", anchor: ref(7), content: "  one();\r\n  two();\r\n" }],
    expect: withLines(7, 1, "  one();", "  two();"),
  },
  {
    name: "lenient refs: markers, spaces around #, lowercase, trailing text",
    edits: [
      {
        type: "replace",
        anchor: `  >>> ${ref(3).replace("#", " # ").toLowerCase()}:  return a;x`,
        content: "  return 0;",
      },
      { type: "delete", anchor: `+${ref(7)}|  legacy();` },
      { type: "insert_after", anchor: `${ref(9)}-}`, content: "// z" },
    ],
    expect: [
      "const a = 1;",
      "function alpha() {",
      "  return 0;",
      "}",
      "",
      "function beta() {",
      "  return 2;",
      "}",
      "// z",
      "// end",
    ],
  },
  {
    name: "a no-op replace among real edits is skipped with a warning",
    edits: [
      { type: "replace", anchor: ref(3), content: "  return a;" },
      { type: "delete", anchor: ref(5) },
    ],
    expect: without(5),
    warnings: 1,
  },
  // failures
  {
    name: "stale ref",
    edits: [{ type: "replace", anchor: staleRef(7), content: "x" }],
    expect: "HASH_MISMATCH",
  },
  {
    name: "stale end of a range",
    edits: [{ type: "delete", start: ref(6), end: staleRef(9) }],
    expect: "HASH_MISMATCH",
  },
  { name: "unparsable ref", edits: [{ type: "delete", anchor: "7KT" }], expect: "INVALID_REF" },
  { name: "ID outside the alphabet", edits: [{ type: "delete", anchor: "7#AB" }], expect: "INVALID_REF" },
  { name: "line past the end", edits: [{ type: "delete", anchor: "11#ZZ" }], expect: "LINE_OUT_OF_RANGE" },
  { name: "line 0 with an ID", edits: [{ type: "delete", anchor: "0#ZZ" }], expect: "LINE_OUT_OF_RANGE" },
  {
    name: "overlapping ranges",
    edits: [
      { type: "replace", start: ref(2), end: ref(4), content: "x" },
      { type: "delete", start: ref(4), end: ref(5) },
    ],
    expect: "OVERLAPPING_EDITS",
  },
  {
    name: "insert anchored on a deleted line",
    edits: [
      { type: "delete", start: ref(6), end: ref(9) },
      { type: "insert_after", anchor: ref(7), content: "x" },
    ],
    expect: "OVERLAPPING_EDITS",
  },
  {
    name: "same range replaced twice with different content",
    edits: [
      { type: "replace", anchor: ref(3), content: "x" },
      { type: "replace", anchor: ref(3), content: "y" },
    ],
    expect: "OVERLAPPING_EDITS",
  },
  {
    name: "replace with the same text",
    edits: [{ type: "replace", anchor: ref(3), content: "  return a;" }],
    expect: "NO_CHANGE",
  },
  {
    name: "delete a line and insert the same text back",
    edits: [
      { type: "delete", anchor: ref(3) },
      { type: "insert_after", anchor: ref(2), content: "  return a;" },
    ],
    expect: "NO_CHANGE",
  },
  {
    name: "insert with nothing to insert",
    edits: [{ type: "insert_after", anchor: ref(3), content: "" }],
    expect: "INVALID_EDIT",
  },
  {
    name: "insert without content",
    edits: [{ type: "insert_before", anchor: ref(3) }],
    expect: "INVALID_EDIT",
  },
  { name: "replace without content", edits: [{ type: "replace", anchor: ref(3) }], expect: "INVALID_EDIT" },
  {
    name: "delete with content",
    edits: [{ type: "delete", anchor: ref(3), content: "x" }],
    expect: "INVALID_EDIT",
  },
  {
    name: 'replace at "0:"',
    edits: [{ type: "replace", anchor: "0:", content: "x" }],
    expect: "INVALID_EDIT",
  },
  {
    name: 'delete through "EOF:"',
    edits: [{ type: "delete", start: ref(9), end: "EOF:" }],
    expect: "INVALID_EDIT",
  },
  {
    name: "start after end",
    edits: [{ type: "delete", start: ref(5), end: ref(3) }],
    expect: "INVALID_EDIT",
  },
  {
    name: "anchor and start/end together",
    edits: [{ type: "delete", anchor: ref(3), start: ref(3), end: ref(4) }],
    expect: "INVALID_EDIT",
  },
  { name: "start without end", edits: [{ type: "delete", start: ref(3) }], expect: "INVALID_EDIT" },
  {
    name: "insert with start/end",
    edits: [{ type: "insert_after", anchor: ref(3), end: ref(4), content: "x" }],
    expect: "INVALID_EDIT",
  },
  {
    name: "an invalid ref outranks a stale one",
    edits: [
      { type: "replace", anchor: staleRef(3), content: "x" },
      { type: "delete", anchor: "nonsense" },
    ],
    expect: "INVALID_REF",
  },
];

describe.each(TWINS)("edit cases on the $name twin", (twin) => {
  const before = decodeDocument(twinBytes(twin, FIXTURE));
  test.each(CASES.map((entry) => [entry.name, entry] as const))("%s", (_, entry) => {
    const result = applyEdits(before, entry.edits);
    if (typeof entry.expect === "string") {
      if (result.ok) throw new Error(`expected ${entry.expect}, got ok`);
      expect(result.error.code).toBe(entry.expect);
      return;
    }
    if (!result.ok) throw new Error(`expected ok, got ${result.error.render()}`);
    const bytes = encodeDocument(result.value.doc);
    if (!bytes.ok) throw bytes.error;
    expect(visible(bytes.value)).toBe(visible(twinBytes(twin, entry.expect)));
    expect(bytes.value).toEqual(twinBytes(twin, entry.expect));
    expect(result.value.warnings).toHaveLength(entry.warnings ?? 0);
    if (entry.added !== undefined) expect(result.value.added).toBe(entry.added);
    if (entry.removed !== undefined) expect(result.value.removed).toBe(entry.removed);
    expect(result.value.doc.lines).toHaveLength(FIXTURE.length + result.value.added - result.value.removed);
  });
});

describe("the empty file", () => {
  for (const bom of [false, true]) {
    const label = bom ? "with BOM" : "plain";
    const empty = decodeDocument(twinBytes({ name: "LF", terminator: "\n", bom, finalNewline: true }, []));
    test(`${label}: insert at "0:" writes lines ending with a newline`, () => {
      const result = applyEdits(empty, [{ type: "insert_after", anchor: "0:", content: "a\nb" }]);
      if (!result.ok) throw result.error;
      const bytes = encodeDocument(result.value.doc);
      if (!bytes.ok) throw bytes.error;
      expect(bytes.value).toEqual(
        twinBytes({ name: "LF", terminator: "\n", bom, finalNewline: true }, ["a", "b"]),
      );
    });
    test(`${label}: "0:" and "EOF:" name the same gap, in the order given`, () => {
      const result = applyEdits(empty, [
        { type: "insert_after", anchor: "EOF:", content: "2" },
        { type: "insert_before", anchor: "0:", content: "1" },
      ]);
      if (!result.ok) throw result.error;
      expect(result.value.doc.lines).toEqual(["2", "1"]);
    });
    test(`${label}: any line ref is out of range`, () => {
      const result = applyEdits(empty, [{ type: "insert_after", anchor: "1#ZZ", content: "x" }]);
      expect(result.ok ? "ok" : result.error.code).toBe("LINE_OUT_OF_RANGE");
    });
  }
});

describe("text fidelity beyond the twins", () => {
  test("untouched lines keep a minority terminator; new lines take the dominant one", () => {
    const before = decodeDocument(new TextEncoder().encode("a\r\nb\nc\nd\n"));
    const r = refsOf(before.lines);
    const result = applyEdits(before, [{ type: "replace", start: r(1), end: r(2), content: "a\nB" }]);
    if (!result.ok) throw result.error;
    const bytes = encodeDocument(result.value.doc);
    if (!bytes.ok) throw bytes.error;
    expect(visible(bytes.value)).toBe(visible(new TextEncoder().encode("a\r\nB\nc\nd\n")));
  });

  test("a CRLF-dominant file gets CRLF lines even from LF content", () => {
    const before = decodeDocument(new TextEncoder().encode("a\r\nb\r\nc\n"));
    const r = refsOf(before.lines);
    const result = applyEdits(before, [{ type: "insert_after", anchor: r(3), content: "d\ne\n" }]);
    if (!result.ok) throw result.error;
    const bytes = encodeDocument(result.value.doc);
    if (!bytes.ok) throw bytes.error;
    expect(visible(bytes.value)).toBe("a␍\nb␍\nc\nd␍\ne␍\n");
  });

  test("appending to a file without final newline keeps it without one", () => {
    const before = decodeDocument(new TextEncoder().encode("a\r\nb"));
    const result = applyEdits(before, [{ type: "insert_after", anchor: "EOF:", content: "c" }]);
    if (!result.ok) throw result.error;
    expect(result.value.doc.terminators).toEqual(["\r\n", "\r\n", ""]);
  });

  test("UTF-16 and Latin-1 documents keep their encoding", () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]);
    const doc16 = decodeDocument(utf16);
    const result = applyEdits(doc16, [{ type: "insert_after", anchor: "EOF:", content: "é" }]);
    if (!result.ok) throw result.error;
    const bytes = encodeDocument(result.value.doc);
    if (!bytes.ok) throw bytes.error;
    expect([...bytes.value]).toEqual([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00, 0xe9, 0x00, 0x0a, 0x00]);

    const latin = decodeDocument(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(latin.encoding).toBe("latin1");
    const edited = applyEdits(latin, [{ type: "insert_after", anchor: "EOF:", content: "ü" }]);
    if (!edited.ok) throw edited.error;
    expect(edited.value.doc.encoding).toBe("latin1");
    const latinBytes = encodeDocument(edited.value.doc);
    if (!latinBytes.ok) throw latinBytes.error;
    expect([...latinBytes.value]).toEqual([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xfc, 0x0a]);
  });
});
