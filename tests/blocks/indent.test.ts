// Indentation languages: a header (its whole logical line) plus every following line indented deeper, with
// Python's strings, brackets and continuations carrying statements over line ends; YAML list items.

import { describe, expect, test } from "bun:test";
import { spanAt, type BlockCase } from "./helpers.ts";

const src = (...rows: string[]): string => rows.join("\n") + "\n";

const PYTHON: BlockCase[] = [
  ["function", "a.py", src("def f(a):", "    return a", "", "x = 1"), 1, [1, 2]],
  [
    "trailing blank lines are excluded",
    "a.py",
    src("def f():", "    a = 1", "", "    return a", "", "", "g()"),
    1,
    [1, 4],
  ],
  ["multi-line signature", "a.py", src("def f(", "    a,", "    b,", "):", "    return a"), 1, [1, 5]],
  [
    "signature closing at column 0",
    "a.py",
    src("class A:", "    def f(self, a,", "b):", "        return a"),
    2,
    [2, 4],
  ],
  [
    "docstring line at column 0",
    "a.py",
    src("def f():", '    """Doc.', "", "Not a statement.", '"""', "    return 1", "x = 2"),
    1,
    [1, 6],
  ],
  ["raw and byte strings", "a.py", src("def f():", '    a = rb"""', 'x"""', "    return a"), 1, [1, 4]],
  [
    "string continued by a backslash",
    "a.py",
    src("def f():", '    s = "a \\', 'b"', "    return s"),
    1,
    [1, 4],
  ],
  ["backslash continuation", "a.py", src("def f():", "    x = 1 + \\", "2", "    return x"), 1, [1, 4]],
  ["brackets spanning lines", "a.py", src("def f():", "    x = [", "1,", "]", "    return x"), 1, [1, 5]],
  [
    "f-string with nested quotes",
    "a.py",
    src("def f(d):", "    s = f\"{d['a']:>{w}} }}\"", "    return s", "y = 1"),
    1,
    [1, 3],
  ],
  [
    "f-string field spanning a triple-quoted string",
    "a.py",
    src("def f(d):", '    s = f"""{', "d}", '"""', "    return s"),
    1,
    [1, 5],
  ],
  [
    "hash inside a string is no comment",
    "a.py",
    src("def f():", '    s = "# (["', "    return s", "g = 1"),
    1,
    [1, 3],
  ],
  [
    "decorator covers the definition",
    "a.py",
    src("@dec(", "    1)", "@other", "def f():", "    pass", "x = 1"),
    1,
    [1, 5],
  ],
  ["def line of a decorated function", "a.py", src("@dec", "def f():", "    pass"), 2, [2, 3]],
  ["async def", "a.py", src("async def f():", "    await g()"), 1, [1, 2]],
  [
    "class with methods",
    "a.py",
    src("class A:", "    def f(self):", "        pass", "", "    def g(self):", "        pass", "", "z = 1"),
    1,
    [1, 6],
  ],
  [
    "method",
    "a.py",
    src("class A:", "    def f(self):", "        pass", "", "    def g(self):", "        pass"),
    2,
    [2, 3],
  ],
  ["one-line def", "a.py", src("def f(): return 1", "def g(): return 2"), 1, [1, 1]],
  [
    "trailing comment in the body",
    "a.py",
    src("def f():", "    return 1", "    # TODO: more", "", "def g():", "    pass"),
    1,
    [1, 3],
  ],
  [
    "comment at the header's level ends it",
    "a.py",
    src("def f():", "    return 1", "# section", "def g():", "    pass"),
    1,
    [1, 2],
  ],
  [
    "comment at column 0 inside a body",
    "a.py",
    src("def f():", "    a = 1", "# disabled: b = 2", "    return a"),
    1,
    [1, 4],
  ],
  ["if block excludes its else", "a.py", src("if a:", "    b()", "else:", "    c()"), 1, [1, 2]],
  ["tabs", "a.py", src("def f():", "\tif a:", "\t\tb()", "\treturn 1"), 2, [2, 3]],
  [
    "form feed before a definition",
    "a.py",
    src("def f():", "    pass", "\f", "def g():", "    pass"),
    4,
    [4, 5],
  ],
  [
    "line inside a body",
    "a.py",
    src("class A:", "    def f(self):", "        a = 1", "        return a"),
    3,
    [2, 4],
  ],
  ["blank line inside a body", "a.py", src("def f():", "    a = 1", "", "    return a"), 3, [1, 4]],
  [
    "blank line after a method is the class's",
    "a.py",
    src("class A:", "    def f(self):", "        pass", "", "    def g(self):", "        pass"),
    4,
    [1, 6],
  ],
  [
    "continuation line of a statement",
    "a.py",
    src("def f():", "    return g(", "        1,", "    )"),
    3,
    [2, 4],
  ],
  ["top-level statement", "a.py", src("import os", "def f():", "    pass"), 1, "BLOCK_NOT_FOUND"],
  ["shebang picks Python", "tool", src("#!/usr/bin/env python3", "def f():", "    pass", "x = 1"), 2, [2, 3]],
];

const YAML: BlockCase[] = [
  ["mapping", "a.yml", src("jobs:", "  build:", "    runs-on: x", "other: 1"), 1, [1, 3]],
  [
    "list items at the key's indentation",
    "a.yaml",
    src("steps:", "- a", "- b:", "    c: 1", "next: 2"),
    1,
    [1, 4],
  ],
  [
    "a list item owns its deeper lines only",
    "a.yaml",
    src("steps:", "  - name: a", "    run: x", "  - name: b"),
    2,
    [2, 3],
  ],
  ["block scalar", "a.yaml", src("script: |", "  echo a", "", "  # not a comment", "b: 1"), 1, [1, 4]],
  [
    "comment lines do not end a mapping",
    "a.yaml",
    src("a:", "  b: 1", "# note", "  c: 2", "d: 3"),
    1,
    [1, 4],
  ],
  ["line inside", "a.yaml", src("a:", "  b: 1", "  c: 2"), 3, [1, 3]],
];

const GENERIC_INDENT: BlockCase[] = [
  [
    "Makefile recipe",
    "Makefile",
    src("build: deps", "\tcc -o a a.c", "\tstrip a", "", "clean:", "\trm a"),
    1,
    [1, 3],
  ],
  ["unknown file: brackets first", "notes.xyz", src("thing {", "  a", "}"), 1, [1, 3]],
  ["unknown file: indentation second", "notes.xyz", src("section", "  item", "  item", "other"), 1, [1, 3]],
];

for (const [title, cases] of [
  ["Python", PYTHON],
  ["YAML", YAML],
  ["generic indentation", GENERIC_INDENT],
] as const) {
  describe(title, () => {
    for (const [name, file, source, line, want] of cases) {
      test(name, () => expect(spanAt(file, source, line)).toEqual(want));
    }
  });
}
