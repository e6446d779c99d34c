// Properties over generated programs: every generated definition is found with exactly its span, however
// many brackets its strings, comments, regexes and templates hold (JS) or however its strings wander (Python).

import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { analyzeBlocks } from "../../src/blocks/find.ts";

interface Definition {
  readonly children: Definition[];
  readonly statements: number[];
}

const MAX_DEPTH = 3;

const definitionAt = (depth: number): fc.Arbitrary<Definition> =>
  fc.record({
    children: depth >= MAX_DEPTH ? fc.constant([]) : fc.array(definitionAt(depth + 1), { maxLength: 3 }),
    statements: fc.array(fc.nat(99), { maxLength: 4 }),
  });

const definitions: fc.Arbitrary<Definition[]> = fc.array(definitionAt(0), { minLength: 1, maxLength: 3 });

/** JS statements whose literals and comments are full of stray brackets. */
const JS_NOISE = [
  'const a = "}{)(";',
  "const b = '{';",
  "// } unbalanced",
  "/* { */",
  "const r = /[}{]+/g;",
  "const t = `}${'{'}`;",
  "const d = 1 / 2 / 3;",
  "const e = `",
  "}`;",
  "x = y ? '}' : \"{\";",
];

const PY_NOISE = [
  's = "}{)("',
  "t = '''",
  "docstring line at column 0",
  "'''",
  "# comment ({[",
  "f = f\"{x['}']}\"",
  "v = (1 +",
  "2)",
  "w = 1 + \\",
  "2",
];

interface Rendered {
  lines: string[];
  expected: [start: number, end: number][];
}

function renderJs(list: Definition[], depth: number, out: Rendered): void {
  const pad = "  ".repeat(depth);
  list.forEach((definition, index) => {
    const start = out.lines.length + 1;
    const header = [`function f${depth}_${index}(a, b) {`, `m${index}() {`, `const g${index} = (a) => {`][
      index % 3
    ]!;
    out.lines.push(pad + (depth > 0 && index % 3 === 1 ? `const o${index} = { ${header}` : header));
    const slot = out.expected.length;
    out.expected.push([start, 0]);
    for (const statement of definition.statements) {
      // The closing half of the multi-line template only ever follows its opening half.
      const at = statement % JS_NOISE.length;
      const noise = JS_NOISE[at === 8 ? 0 : at]!;
      out.lines.push(pad + "  " + noise);
      if (noise === "const e = `") out.lines.push("}`;");
    }
    renderJs(definition.children, depth + 1, out);
    out.lines.push(pad + (depth > 0 && index % 3 === 1 ? "} };" : index % 3 === 2 ? "};" : "}"));
    out.expected[slot] = [start, out.lines.length];
  });
}

function renderPython(list: Definition[], depth: number, out: Rendered): void {
  const pad = "    ".repeat(depth);
  list.forEach((definition, index) => {
    const start = out.lines.length + 1;
    out.lines.push(pad + (index % 2 === 0 ? `def f${index}(a,` : `class C${index}(Base,`));
    out.lines.push(pad + "        b):");
    const slot = out.expected.length;
    out.expected.push([start, 0]);
    out.lines.push(pad + "    pass");
    for (const statement of definition.statements) {
      const at = statement % PY_NOISE.length;
      const body = pad + "    ";
      // Multi-line noise comes whole: its first line at the body's indentation, the rest at column 0.
      if (at === 1) out.lines.push(body + PY_NOISE[1]!, PY_NOISE[2]!, PY_NOISE[3]!);
      else if (at === 6 || at === 8) out.lines.push(body + PY_NOISE[at]!, PY_NOISE[at + 1]!);
      else if (at === 0 || at === 4 || at === 5) out.lines.push(body + PY_NOISE[at]!);
      else out.lines.push(body + PY_NOISE[0]!);
    }
    if (definition.children.length > 0) out.lines.push("");
    renderPython(definition.children, depth + 1, out);
    // The body ends at its last statement; comment lines after it may be included, blank lines never.
    const last = out.lines.findLastIndex((text) => text.trim() !== "" && !/^\s*#/.test(text));
    out.expected[slot] = [start, last + 1];
    out.lines.push("");
  });
}

describe("generated programs", () => {
  test("JavaScript: every definition's span, whatever its literals hold", () => {
    fc.assert(
      fc.property(definitions, (list) => {
        const out: Rendered = { lines: [], expected: [] };
        renderJs(list, 0, out);
        const finder = analyzeBlocks(out.lines, "gen.js");
        for (const [start, end] of out.expected) {
          expect(finder.find(start)).toEqual({ ok: true, value: { start, end } });
        }
      }),
      { numRuns: 200 },
    );
  });

  test("Python: every definition's span, with strings and continuations at column 0", () => {
    fc.assert(
      fc.property(definitions, (list) => {
        const out: Rendered = { lines: [], expected: [] };
        renderPython(list, 0, out);
        const finder = analyzeBlocks(out.lines, "gen.py");
        for (const [start, end] of out.expected) {
          const found = finder.find(start);
          expect(found.ok).toBe(true);
          if (!found.ok) return;
          expect(found.value.start).toBe(start);
          // Only comment lines may follow the body inside the span.
          expect(found.value.end).toBeGreaterThanOrEqual(end);
          for (const text of out.lines.slice(end, found.value.end)) expect(text).toMatch(/^\s*#/);
        }
      }),
      { numRuns: 200 },
    );
  });
});
