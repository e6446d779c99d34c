// The mistakes models make with content (docs/format.md, "When content repeats the lines around it" and "Copied
// prefixes"), each run on the LF, CRLF, UTF-8 BOM and no-final-newline twins of one fixture: what lapp refuses
// (nothing written, the error naming the lines and how to retry), what it applies with a warning (and the one call
// the warning names that undoes it), and what it applies silently because nothing repeats.
import { describe, expect, test } from "bun:test";
import { applyEdits } from "../../src/hashline/edit.ts";
import { errorShownLines, renderDryRun, renderEditSuccess, shownLinesOfSuccess } from "../support/render.ts";
import type { EditInput } from "../../src/hashline/edit.ts";
import type { ErrorCode } from "../../src/errors.ts";
import { lineId, refOf } from "../../src/hashline/hash.ts";
import { decodeDocument, encodeDocument } from "../../src/text/codec.ts";
import { documentFromText } from "../../src/text/document.ts";
import { refsOf, TWINS, twinBytes, visible } from "./twins.ts";

const FIXTURE = [
  "import os", // 1
  "", // 2
  "def alpha(x):", // 3
  "    if x:", // 4
  "        return 1", // 5
  "    return 2", // 6
  "", // 7
  "", // 8
  "class Beta {", // 9
  "  run() {", // 10
  "    go();", // 11
  "  }", // 12
  "}", // 13
  "// end", // 14
  "items.push(1);", // 15
  "items.push(1);", // 16
  "done();", // 17
];
const ref = refsOf(FIXTURE);
const staleRef = (line: number): string => {
  const current = lineId(line, FIXTURE[line - 1]!);
  return `${line}#${current === "ZZ" ? "PP" : "ZZ"}`;
};
const withLines = (at: number, removeCount: number, ...lines: string[]) => {
  const copy = [...FIXTURE];
  copy.splice(at - 1, removeCount, ...lines);
  return copy;
};

type Outcome =
  /** Refused: INVALID_EDIT (or the code given), and every text listed appears in the error. */
  | { refused: string[]; code?: ErrorCode }
  /** Applied: exactly these lines; `warned` texts appear in the warnings (none when absent). */
  | { lines: string[]; warned?: string[] };

interface Case {
  name: string;
  edits: EditInput[];
  expect: Outcome;
  /** For a warned repeat: the call its warning names, and the lines it leaves. */
  undo?: { edits: (answer: string) => EditInput[]; lines: string[] };
}

/** The `delete N#ID` or `delete N#ID..M#ID` a repeat warning names. */
function deleteNamedIn(answer: string): EditInput[] {
  const match = /delete (\d+#[A-Z]{2})(?:\.\.(\d+#[A-Z]{2}))?/.exec(answer);
  if (!match) throw new Error(`no delete named in:\n${answer}`);
  return match[2]
    ? [{ type: "delete", start: match[1]!, end: match[2] }]
    : [{ type: "delete", anchor: match[1]! }];
}

const CASES: Case[] = [
  // refused: a line that matters would be there twice, and it was not before
  {
    name: "a range's content repeats the line after the range",
    edits: [{ type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);\n  }" }],
    expect: {
      refused: [
        `the last line of content repeats ${ref(12)}, the line right after where it goes`,
        `>>> ${ref(12)}:  }`,
        "drop that line from content",
        `end the range at ${ref(12)}`,
        `replace ${ref(12)} with two copies of it`,
      ],
    },
  },
  {
    name: "a one-line replace whose content repeats the next two lines",
    edits: [{ type: "replace", anchor: ref(11), content: "    go(1);\n  }\n}" }],
    expect: {
      refused: [
        `the last 2 lines of content repeat ${ref(12)}..${ref(13)}, the 2 lines right after where they go`,
        `>>> ${ref(12)}:  }`,
        `>>> ${ref(13)}:}`,
        `end the range at ${ref(13)}`,
      ],
    },
  },
  {
    name: "insert_after whose content repeats the anchor line",
    edits: [{ type: "insert_after", anchor: ref(4), content: "    if x:\n        log(x)" }],
    expect: {
      refused: [
        `the first line of content repeats ${ref(4)}, the line right before where it goes`,
        `the insert keeps ${ref(4)} as it is`,
      ],
    },
  },
  {
    name: "insert_before whose content ends with the anchor line",
    edits: [{ type: "insert_before", anchor: ref(13), content: "  stop() {}\n}" }],
    expect: { refused: [`the last line of content repeats ${ref(13)}`, `the insert keeps ${ref(13)}`] },
  },
  {
    name: "a range's content repeats the line before the range",
    edits: [{ type: "replace", anchor: ref(5), content: "    if x:\n        return 3" }],
    expect: { refused: [`the first line of content repeats ${ref(4)}`, `start the range at ${ref(4)}`] },
  },
  {
    name: "a closing brace added before the same brace",
    edits: [{ type: "replace", anchor: ref(12), content: "  }\n}" }],
    expect: { refused: [`repeats ${ref(13)}`] },
  },
  {
    name: "several edits with repeats are refused together",
    edits: [
      { type: "insert_after", anchor: ref(4), content: "    if x:\n        log(x)" },
      { type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);\n  }" },
    ],
    expect: { refused: ["2 edits would repeat the lines around them", "- edits[0]:", "- edits[1]:"] },
  },
  // refused: copied prefixes on some lines only
  {
    name: "some content lines keep their N#ID: prefix",
    edits: [
      {
        type: "replace",
        start: ref(10),
        end: ref(11),
        content: `${ref(10)}:  run() {\n    go(1);`,
      },
    ],
    expect: {
      refused: [
        "edits[0].content: a content line starts with a row prefix copied from lapp's output",
        `line 1 "${ref(10)}:" (text: "  run() {")`,
        "send it without the prefix",
      ],
    },
  },
  {
    name: "a copied prefix and a repeated line in one edit are named together",
    edits: [{ type: "replace", anchor: ref(11), content: `    go(1);\n>>> ${ref(12)}:  }` }],
    expect: {
      refused: [
        "2 problems with the edits",
        `line 2 ">>> ${ref(12)}:"`,
        `the last line of content repeats ${ref(12)}`,
      ],
    },
  },
  {
    name: "a stale ref keeps its own code and payload, even beside a repeat",
    edits: [
      { type: "replace", anchor: staleRef(6), content: "    return 3" },
      { type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);\n  }" },
    ],
    expect: { refused: [`>>> ${ref(6)}:`], code: "HASH_MISMATCH" },
  },
  // applied with a warning
  {
    name: "a blank line repeated is applied, with a warning and the ref to delete",
    edits: [{ type: "insert_after", anchor: ref(2), content: "\n# gap" }],
    expect: {
      lines: withLines(3, 0, "", "# gap"),
      warned: [
        "the first line of content repeats the line right before where it goes",
        "now hold the same text",
      ],
    },
    undo: { edits: deleteNamedIn, lines: withLines(3, 0, "# gap") },
  },
  {
    name: "a blank line put between two blank lines keeps the run as long as it was: no warning",
    edits: [{ type: "insert_after", anchor: ref(7), content: "\n# gap" }],
    expect: { lines: withLines(8, 0, "", "# gap") },
  },
  {
    name: "a line the file already repeats there, once more, is applied with a warning",
    edits: [{ type: "insert_after", anchor: ref(14), content: "items.push(1);" }],
    expect: { lines: withLines(15, 0, "items.push(1);"), warned: ["the last line of content repeats"] },
    undo: { edits: deleteNamedIn, lines: FIXTURE },
  },
  {
    name: "content that lengthens a run across the range's own end is applied with a warning",
    edits: [{ type: "replace", anchor: ref(15), content: "items.push(0);\nitems.push(1);\nitems.push(1);" }],
    expect: {
      lines: withLines(15, 1, "items.push(0);", "items.push(1);", "items.push(1);"),
      warned: ["the last line of content repeats"],
    },
  },
  {
    name: "every content line starting with a diff's '+' is written as given, with a warning naming its lines",
    edits: [{ type: "replace", anchor: ref(11), content: "+    go(1);\n+    go(2);" }],
    expect: {
      lines: withLines(11, 1, "+    go(1);", "+    go(2);"),
      warned: ['every line of content starts with "+"', "replace 11#", "with the same lines without it"],
    },
  },
  {
    name: "content that lost its indentation inside an indented block is written as given, with a warning",
    edits: [{ type: "replace", anchor: ref(5), content: "return 1\nlog(x)" }],
    expect: {
      lines: withLines(5, 1, "return 1", "log(x)"),
      warned: [
        'no line of content is indented, but the lines it replaces and those around it all start with "    "',
      ],
    },
  },
  {
    name: "increments are not diff markers, and an unindented line after a blank line is not lost indentation",
    edits: [
      { type: "replace", anchor: ref(17), content: "++i;\n++j;" },
      { type: "insert_after", anchor: ref(8), content: "def gamma():" },
    ],
    expect: {
      lines: [
        ...withLines(17, 1, "++i;", "++j;").slice(0, 8),
        "def gamma():",
        ...withLines(17, 1, "++i;", "++j;").slice(8),
      ],
    },
  },
  // applied silently: nothing repeats that was not there
  {
    name: "content ending like the range it replaces, before the same line, changes nothing at the boundary",
    edits: [{ type: "replace", anchor: ref(15), content: "log();\nitems.push(1);" }],
    expect: { lines: withLines(15, 1, "log();", "items.push(1);") },
  },
  {
    name: "a neighbour that another edit of the call replaces is not checked against",
    edits: [
      { type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);\n  }" },
      { type: "replace", anchor: ref(12), content: "  };" },
    ],
    expect: { lines: withLines(10, 3, "  run(a) {", "    go(a);", "  }", "  };") },
  },
  {
    name: "an insert into the boundary's gap separates content from the neighbour",
    edits: [
      { type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);\n  }" },
      { type: "insert_before", anchor: ref(12), content: "  // next" },
    ],
    expect: { lines: withLines(10, 2, "  run(a) {", "    go(a);", "  }", "  // next") },
  },
  {
    name: "the retry the refusal names for 'twice on purpose' applies",
    edits: [
      { type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);" },
      { type: "replace", anchor: ref(12), content: "  }\n  }" },
    ],
    expect: { lines: withLines(10, 3, "  run(a) {", "    go(a);", "  }", "  }") },
  },
  {
    name: "the retry that drops the repeated line applies",
    edits: [{ type: "replace", start: ref(10), end: ref(11), content: "  run(a) {\n    go(a);" }],
    expect: { lines: withLines(10, 2, "  run(a) {", "    go(a);") },
  },
  {
    name: "the retry that ends the range at the repeated line applies",
    edits: [{ type: "replace", start: ref(10), end: ref(12), content: "  run(a) {\n    go(a);\n  }" }],
    expect: { lines: withLines(10, 3, "  run(a) {", "    go(a);", "  }") },
  },
  {
    name: "the retry for an insert that repeats its anchor on purpose (replace the anchor instead) applies",
    edits: [{ type: "replace", anchor: ref(4), content: "    if x:\n    if x:\n        log(x)" }],
    expect: { lines: withLines(4, 1, "    if x:", "    if x:", "        log(x)") },
  },
  {
    name: "every line prefixed is still stripped, so text that looks like a row can be written",
    edits: [{ type: "replace", anchor: ref(14), content: `${ref(14)}:3#KT:literal row` }],
    expect: { lines: withLines(14, 1, "3#KT:literal row"), warned: ["the prefixes were removed"] },
  },
];

describe.each(TWINS)("content mistakes on the $name twin", (twin) => {
  const before = decodeDocument(twinBytes(twin, FIXTURE));
  test.each(CASES.map((entry) => [entry.name, entry] as const))("%s", (_, entry) => {
    const result = applyEdits(before, entry.edits);
    if ("refused" in entry.expect) {
      if (result.ok) throw new Error(`expected a refusal, got:\n${renderEditSuccess("f", result.value)}`);
      expect(result.error.code).toBe(entry.expect.code ?? "INVALID_EDIT");
      const text = result.error.render();
      for (const part of entry.expect.refused) expect(text).toContain(part);
      expect(text).toContain("nothing was written");
      return;
    }
    if (!result.ok) throw new Error(`expected ok, got ${result.error.render()}`);
    const bytes = encodeDocument(result.value.doc);
    if (!bytes.ok) throw bytes.error;
    expect(visible(bytes.value)).toBe(visible(twinBytes(twin, entry.expect.lines)));
    const answer = renderEditSuccess("f", result.value);
    const warnings = answer.split("\n").filter((line) => line.startsWith("warning: "));
    expect(warnings.length > 0).toBe((entry.expect.warned ?? []).length > 0);
    for (const part of entry.expect.warned ?? []) expect(warnings.join("\n")).toContain(part);
    if (!entry.undo) return;
    const undone = applyEdits(result.value.doc, entry.undo.edits(answer));
    if (!undone.ok) throw undone.error;
    const undoneBytes = encodeDocument(undone.value.doc);
    if (!undoneBytes.ok) throw undoneBytes.error;
    expect(visible(undoneBytes.value)).toBe(visible(twinBytes(twin, entry.undo.lines)));
  });
});

describe("what a repeat's answer shows", () => {
  const doc = documentFromText(["a();", "b();", "a();", "b();", "c();", ""].join("\n"));
  const r = refsOf(doc.lines);

  test("a refusal shows the current rows of the repeated lines, and records them as shown", () => {
    const result = applyEdits(documentFromText(FIXTURE.join("\n") + "\n"), [
      { type: "replace", anchor: ref(11), content: "    go(1);\n  }\n}" },
    ]);
    if (result.ok) throw new Error("expected a refusal");
    expect(errorShownLines(result.error)).toEqual([10, 11, 12, 13, 14, 15]);
    for (const line of errorShownLines(result.error)) expect(result.error.render()).toContain(ref(line));
  });

  test("a warned repeat of two lines names both copies, and the answer shows every row it names", () => {
    // a();b(); is there twice already: one more copy after line 4 lengthens that run.
    const result = applyEdits(doc, [{ type: "insert_after", anchor: r(4), content: "a();\nb();" }]);
    if (!result.ok) throw result.error;
    const answer = renderEditSuccess("f", result.value);
    const after = result.value.doc.lines;
    const at = (line: number) => refOf(line, after[line - 1]!);
    expect(answer).toContain(`${at(3)}..${at(4)} and ${at(5)}..${at(6)} now hold the same texts`);
    expect(answer).toContain(`delete ${at(5)}..${at(6)} (start and end)`);
    const shown = shownLinesOfSuccess(result.value);
    for (const line of [3, 4, 5, 6]) expect(shown).toContain(line);
    // Line 3 lies two lines before the change: only the warning's naming puts it on show, as a context row.
    expect(answer).toContain(`${at(3)}-a();`);
  });

  test("a dry run's warning names the repeated lines by their refs in the file as it is", () => {
    const result = applyEdits(doc, [{ type: "insert_after", anchor: r(4), content: "a();\nb();" }]);
    if (!result.ok) throw result.error;
    const preview = renderDryRun("f", doc, result.value);
    expect(preview).toContain(`repeat ${r(3)}..${r(4)}, the 2 lines right before where they go`);
  });

  test("a dry run's content warning says what would be written, naming no refs of a file that does not exist", () => {
    const result = applyEdits(doc, [{ type: "replace", anchor: r(5), content: "+c();\n+d();" }]);
    if (!result.ok) throw result.error;
    const preview = renderDryRun("f", doc, result.value);
    expect(preview).toContain(
      'every line of content starts with "+", as the added lines of a diff do; it would be written as given',
    );
    expect(preview).not.toContain("now 5#");
    expect(renderEditSuccess("f", result.value)).toContain(
      `it was written as given (now ${refOf(5, "+c();")}..`,
    );
  });
});
