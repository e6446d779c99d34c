// Lexing a new version from the version it was edited from (blocks/brace/relex.ts) must give exactly the tokens a
// lexing of the whole new version gives: chains of random edits over files built from lines that open and close
// every kind of region the lexer keeps across lines (strings, comments, templates, heredocs, `#if` branches, JSX),
// in every brace dialect, each version lexed from the one before it.

import "../support/fast-check-seed.ts";
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import * as fc from "fast-check";
import { BRACE_DIALECTS } from "../../src/blocks/brace/dialects.ts";
import { lexBraceLanguage, relexBraceLanguage, type LexedTokens } from "../../src/blocks/brace/lexer.ts";
import { changedLines, CHECKPOINT_EVERY } from "../../src/blocks/brace/relex.ts";
import { Tok } from "../../src/blocks/brace/tokens.ts";

/** Lines that change the lexer's state across lines in one dialect or another, and plain ones that do not. */
const POOL = [
  "function f(a) {",
  "}",
  "  return a / 2;",
  "  const re = /[}{]/g;",
  "  x.return / 2 / y;",
  "  const s = `open ${",
  "  a } still open",
  "  closed` + 1;",
  "/* open comment {",
  "   inside */ g();",
  "/* one line */ h(",
  ");",
  '  let q = "str {";',
  '"unterminated { one-line',
  '  s = "ends with backslash \\',
  '  continued";',
  "#!/usr/bin/env node",
  "#if DEBUG",
  "#else",
  "#endif",
  "#define M(a) { \\",
  "  a }",
  "  char c = '{';",
  '  r#"raw { string"#;',
  '  R"x(raw {',
  '  )x";',
  '  """triple {',
  '  """',
  "  $x = <<<EOT",
  "EOT;",
  "?> html { <?php",
  '  return <div className="a">{value}',
  "  </div>;",
  "  if (a) {",
  "  } else {",
  "  [1, 2,",
  "  ];",
  "// line comment {",
  "  obj.",
  "return / 2 / y;",
  "<b>{x}</b>;",
  "",
  "  const plain = 1;",
  "  call(a, b);",
  "  obj.method();",
];

const PLAIN = ["", "  const plain = 1;", "  call(a, b);", "  obj.method();", "}", "function f(a) {"];

/** Every array of a stream, compared whole (a relexed stream must equal a fresh lexing in all of them). */
function expectSameTokens(actual: LexedTokens, expected: LexedTokens): void {
  expect(actual.count).toBe(expected.count);
  for (const field of ["kind", "line", "col", "length", "match", "firstOfLine"] as const) {
    const bytes = (array: Uint8Array | Int32Array) =>
      Buffer.from(array.buffer, array.byteOffset, array.byteLength);
    expect({ field, same: bytes(actual[field]).equals(bytes(expected[field])) }).toEqual({
      field,
      same: true,
    });
  }
}

const lineFrom = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...POOL) },
  { weight: 5, arbitrary: fc.constantFrom(...PLAIN) },
);

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  removed: fc.nat({ max: 6 }),
  added: fc.array(lineFrom, { maxLength: 6 }),
});

describe("relexing after an edit", () => {
  test("the bracket codes pair by +1, as the bracket pairing assumes", () => {
    expect<number>(Tok.CloseParen).toBe(Tok.OpenParen + 1);
    expect<number>(Tok.CloseBrace).toBe(Tok.OpenBrace + 1);
    expect<number>(Tok.CloseBracket).toBe(Tok.OpenBracket + 1);
  });

  test("changedLines finds the lines between the common head and tail", () => {
    expect(changedLines(["a", "b", "c"], ["a", "b", "c"])).toBeNull();
    expect(changedLines(["a", "b", "c"], ["a", "x", "y", "c"])).toEqual({ from: 1, earlierEnd: 2, end: 3 });
    expect(changedLines(["a", "a", "a"], ["a", "a"])).toEqual({ from: 2, earlierEnd: 3, end: 2 });
    expect(changedLines(["x", "a"], ["a"])).toEqual({ from: 0, earlierEnd: 1, end: 0 });
  });

  for (const [name, dialect] of Object.entries(BRACE_DIALECTS)) {
    test(`${name}: chains of edits, each version lexed from the one before, equal a whole lexing`, () => {
      fc.assert(
        fc.property(
          fc.array(lineFrom, { minLength: CHECKPOINT_EVERY, maxLength: 4 * CHECKPOINT_EVERY }),
          fc.array(edit, { minLength: 1, maxLength: 12 }),
          (start, edits) => {
            let lines = start;
            let lexed = lexBraceLanguage(lines, dialect);
            for (const { at, removed, added } of edits) {
              const from = Math.floor(at * lines.length);
              lines = lines.toSpliced(from, removed, ...added);
              lexed = relexBraceLanguage(lexed, lines);
              expectSameTokens(lexed, lexBraceLanguage(lines, dialect));
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  test("a one-line edit in the middle of TypeScript's 200,000-line bundle lexes a few hundred lines", () => {
    const lines = readFileSync("node_modules/typescript/lib/typescript.js", "utf8").split("\n");
    const dialect = BRACE_DIALECTS.js;
    let lexed = lexBraceLanguage(lines, dialect);
    expect(lexed.lexedLines).toBe(lines.length);
    let current = lines;
    for (const at of [1_000, 100_000, 190_000]) {
      current = current.toSpliced(at, 1, "  const added = { a: [1, 2] }; // an edit", current[at]!);
      lexed = relexBraceLanguage(lexed, current);
      expect(lexed.lexedLines).toBeLessThanOrEqual(3 * CHECKPOINT_EVERY);
      expectSameTokens(lexed, lexBraceLanguage(current, dialect));
    }
  });

  test("every part of the lexer's state counts where the lexing may meet the earlier one", () => {
    // Line CHECKPOINT_EVERY - 1 is edited from one pool line to another; the line after it starts a checkpoint,
    // where a state wrongly judged equal would take over tokens lexed in another state.
    const enders = [
      "  obj.",
      "}",
      "  x = 1 +",
      "/* open comment {",
      "  const s = `open ${",
      "  a } still open",
      "#if DEBUG",
      "#else",
      '"unterminated { one-line',
      '  s = "ends with backslash \\',
      "  $x = <<<EOT",
      "?> html { <?php",
      '  return <div className="a">{value}',
      "  if (a) {",
      "  call(a, b);",
      "#define M(a) { \\",
    ];
    const followers = [
      "return / 2 / y;",
      "<b>{x}</b>;",
      "/x/g.test(s) || y;",
      "*/ z();",
      "` + 1;",
      "#endif",
      '"x";',
    ];
    for (const dialect of [BRACE_DIALECTS.js, BRACE_DIALECTS.c, BRACE_DIALECTS.php]) {
      const head = Array.from({ length: CHECKPOINT_EVERY - 1 }, () => "  call(a, b);");
      for (const follower of followers) {
        const lexedBefore = enders.map((line) =>
          lexBraceLanguage([...head, line, follower, "tail();"], dialect),
        );
        for (const [index, before] of lexedBefore.entries()) {
          for (const after of enders) {
            if (after === enders[index]) continue;
            const lines = [...head, after, follower, "tail();"];
            const relexed = relexBraceLanguage(before, lines);
            const whole = lexBraceLanguage(lines, dialect);
            if (relexed.count !== whole.count || !relexed.kind.every((kind, at) => kind === whole.kind[at]))
              expect({ dialect: dialect.heredoc, before: enders[index], after, follower }).toBeNull();
          }
        }
      }
    }
  });

  test("an edit that leaves a comment open lexes to the end, and still equals a whole lexing", () => {
    const lines = Array.from({ length: 4 * CHECKPOINT_EVERY }, (_, index) => `f(${index}); { g(); }`);
    const dialect = BRACE_DIALECTS.js;
    const edited = lines.toSpliced(10, 0, "/* never closed");
    const lexed = relexBraceLanguage(lexBraceLanguage(lines, dialect), edited);
    expect(lexed.lexedLines).toBe(edited.length);
    expectSameTokens(lexed, lexBraceLanguage(edited, dialect));
  });

  test("lines moved onto or off the first line: a `#!` line is skipped only there", () => {
    const lines = ["#!/usr/bin/env node", ...Array.from({ length: 3 * CHECKPOINT_EVERY }, () => "a(/x/);")];
    const dialect = BRACE_DIALECTS.js;
    const base = lexBraceLanguage(lines, dialect);
    const pushedDown = ["x();", ...lines];
    expectSameTokens(relexBraceLanguage(base, pushedDown), lexBraceLanguage(pushedDown, dialect));
    const other = ["a(/x/);", ...lines.slice(1)];
    const withShebangSecond = ["a(/x/);", ...lines];
    const fromOther = lexBraceLanguage(withShebangSecond, dialect);
    expectSameTokens(relexBraceLanguage(fromOther, lines), lexBraceLanguage(lines, dialect));
    expectSameTokens(relexBraceLanguage(base, other), lexBraceLanguage(other, dialect));
  });
});
