// `content` → lines, the one leniency on content (uniformly copied display prefixes), and the prefixes a model
// left on only some lines, which lapp refuses.
import { describe, expect, test } from "bun:test";
import { copiedPrefixLines, splitContent, stripCopiedPrefixes } from "../../src/hashline/content.ts";

describe("splitContent", () => {
  const CASES: [string, string[]][] = [
    ["", []],
    ["\n", [""]],
    ["\r\n", [""]],
    ["\n\n", ["", ""]],
    ["a", ["a"]],
    ["a\n", ["a"]],
    ["a\r\n", ["a"]],
    ["a\n\n", ["a", ""]],
    ["a\nb", ["a", "b"]],
    ["a\r\nb\r\n", ["a", "b"]],
    ["a\r\nb\nc", ["a", "b", "c"]],
    ["  indented\n\ttab", ["  indented", "\ttab"]],
    ["lone\rcr", ["lone\rcr"]],
    ["trailing space  \n", ["trailing space  "]],
  ];
  test.each(CASES)("%p → %p", (content, lines) => {
    expect(splitContent(content)).toEqual(lines);
  });
});

describe("stripCopiedPrefixes", () => {
  const STRIPPED: [string, string][] = [
    ["12#KT:const a = 1;", "const a = 1;"],
    ["1#ZZ:a\n2#PM:  b\n", "a\n  b\n"],
    ["1#ZZ:a\n\n3#PM:b", "a\n\nb"],
    ["    4#RW:\n>>> 5#XQ:function beta() {\n    6#QR:\tx();", "\nfunction beta() {\n\tx();"],
    ["12 # kt:lower", "lower"],
    ["12#KT|pipe", "pipe"],
    ["12#KT-context", "context"],
    ["1#ZZ:a\r\n2#PM:b\r\n", "a\r\nb\r\n"],
    ["1#ZZ:3#PM:nested", "3#PM:nested"],
  ];
  test.each(STRIPPED)("%p is stripped", (content, expected) => {
    expect(stripCopiedPrefixes(content)).toEqual({ content: expected, stripped: true });
  });

  const KEPT = [
    "const a = 1;",
    "1#ZZ:a\nplain line",
    "plain\n2#PM:b",
    "",
    "\n\n",
    "12#AB:not our alphabet",
    "12#KT no separator",
    "x = 12#KT:y",
  ];
  test.each(KEPT)("%p is kept as it is", (content) => {
    expect(stripCopiedPrefixes(content)).toEqual({ content, stripped: false });
  });
});

describe("copiedPrefixLines", () => {
  test("finds each line that starts like a row, with the text after its prefix", () => {
    expect(
      copiedPrefixLines(["  run() {", "12#KT:  go();", ">>> 13#ZZ:}", "x = 12#KT:y", "14 # kt|z"]),
    ).toEqual([
      { line: 2, prefix: "12#KT:", text: "  go();" },
      { line: 3, prefix: ">>> 13#ZZ:", text: "}" },
      { line: 5, prefix: "14 # kt|", text: "z" },
    ]);
  });
  test("text that only resembles a row is not a prefix", () => {
    expect(copiedPrefixLines(["12#AB:not our alphabet", "12#KT no separator", "#KT:", "12KT:"])).toEqual([]);
  });
});
